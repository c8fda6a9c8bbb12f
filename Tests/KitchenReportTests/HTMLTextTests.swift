import Testing
@testable import KitchenReport

@Suite("HTML text: escaping and numbers")
struct HTMLTextTests {
    @Test("markup, quotes and ampersands become references; forbidden controls become U+FFFD; tab and newline stay",
          arguments: [
              ("<script>alert('x')</script>", "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"),
              ("a=\"1\" & b", "a=&quot;1&quot; &amp; b"),
              ("<token-1>", "&lt;token-1&gt;"),
              ("bell\u{07}nul\u{00}del\u{7F}", "bell\u{FFFD}nul\u{FFFD}del\u{FFFD}"),
              ("tab\tline\ncr\r", "tab\tline\ncr\r"),
              ("\u{FFFE}κόσμε", "\u{FFFD}κόσμε"),
          ])
    func escape(_ text: String, _ expected: String) {
        #expect(HTMLText.escape(text) == expected)
    }

    @Test("numbers print with at most two decimals and no locale", arguments: [
        (12.3456, "12.35"), (3.0, "3"), (-0.25, "-0.25"), (0.5, "0.5"), (0.05, "0.05"), (1_000_000.1, "1000000.1"), (.nan, "0"),
    ])
    func number(_ value: Double, _ expected: String) {
        #expect(HTMLText.number(value) == expected)
    }

    @Test("offsets print as kitchen reproduce prints them")
    func offsets() {
        #expect(HTMLText.offset(milliseconds: 0) == "+0.000s")
        #expect(HTMLText.offset(milliseconds: 15_540) == "+15.540s")
        #expect(HTMLText.offset(milliseconds: -5) == "-0.005s")
    }
}
