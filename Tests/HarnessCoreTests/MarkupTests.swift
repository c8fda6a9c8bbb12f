import HarnessCore
import Testing

@Suite("Markup escaping")
struct MarkupTests {
    /// Every ASCII character, NUL to DEL, in order.
    static let ascii = String(decoding: (0...127).map { UInt8($0) }, as: UTF8.self)
    /// Space to `~`, escaped, with `apostrophe` for `'`.
    static func printable(apostrophe: String) -> String {
        #" !&quot;#$%&amp;"# + apostrophe + #"()*+,-./0123456789:;&lt;=&gt;?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\]^_`abcdefghijklmnopqrstuvwxyz{|}~"#
    }

    static func replaced(_ count: Int) -> String { String(repeating: "\u{FFFD}", count: count) }

    @Test("HTML escaping of every ASCII character: references for markup, &#39; for an apostrophe, tab, LF and CR kept, other controls and DEL replaced")
    func htmlOverASCII() {
        let expected = Self.replaced(9) + "\t\n" + Self.replaced(2) + "\r" + Self.replaced(18)
            + Self.printable(apostrophe: "&#39;") + Self.replaced(1)
        #expect(Markup.html.escape(Self.ascii) == expected)
    }

    @Test("XML escaping of every ASCII character: references for markup, &apos; for an apostrophe, tab, LF and CR as references, other controls replaced, DEL kept")
    func xmlOverASCII() {
        let expected = Self.replaced(9) + "&#9;&#10;" + Self.replaced(2) + "&#13;" + Self.replaced(18)
            + Self.printable(apostrophe: "&apos;") + "\u{7F}"
        #expect(Markup.xml.escape(Self.ascii) == expected)
    }

    @Test("HTML escaping: markup, quotes and ampersands become references; forbidden controls become U+FFFD; tab and newline stay",
          arguments: [
              ("<script>alert('x')</script>", "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"),
              ("a=\"1\" & b", "a=&quot;1&quot; &amp; b"),
              ("<token-1>", "&lt;token-1&gt;"),
              ("bell\u{07}nul\u{00}del\u{7F}", "bell\u{FFFD}nul\u{FFFD}del\u{FFFD}"),
              ("tab\tline\ncr\r", "tab\tline\ncr\r"),
              ("\u{FFFE}κόσμε", "\u{FFFD}κόσμε"),
          ])
    func html(_ text: String, _ expected: String) {
        #expect(Markup.html.escape(text) == expected)
    }

    @Test("The noncharacters U+FFFE and U+FFFF become U+FFFD in both; other non-ASCII text passes through")
    func noncharacters() {
        for markup in [Markup.html, .xml] {
            #expect(markup.escape("\u{FFFE}é\u{FFFF}😀") == "\u{FFFD}é\u{FFFD}😀")
        }
    }
}
