import HarnessCore
import Testing

/// The one RFC 3986 §2.1 percent-decoder, in its lenient and strict forms.
@Suite("PercentDecoding")
struct PercentDecodingTests {
    @Test("escapes decode in either hex case; plus is a space only for query components")
    func decodesEscapes() {
        #expect(PercentDecoding.decode("caf%C3%A9%2fx") == "café/x")
        #expect(PercentDecoding.decode("caf%c3%a9") == "café")
        #expect(PercentDecoding.decode("a+b") == "a+b")
        #expect(PercentDecoding.decode("a+b%2B", plusAsSpace: true) == "a b+")
    }

    @Test("a malformed escape is kept as written, or refuses the whole text", arguments: ["100%", "%4", "%zz", "a%2"])
    func malformedEscapes(text: String) {
        #expect(PercentDecoding.decode(text) == text)
        #expect(PercentDecoding.decode(text, malformed: .refuse) == nil)
    }

    @Test("bytes that are not UTF-8 decode as bytes, and as no text")
    func invalidUTF8() {
        #expect(PercentDecoding.decode(Array("%FF%fe".utf8)) == [0xFF, 0xFE])
        #expect(PercentDecoding.decode("%FF") == nil)
    }
}
