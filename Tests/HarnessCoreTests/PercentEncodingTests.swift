import HarnessCore
import Testing

/// The one percent codec: what each of its forms writes, and what each does with malformed
/// escapes and with escapes that decode to bytes that are not UTF-8.
@Suite("PercentEncoding")
struct PercentEncodingTests {
    @Test("everything outside RFC 3986 unreserved is escaped, in the hex case asked for")
    func encodes() {
        #expect(PercentEncoding.encode("a-b._~Z9") == "a-b._~Z9")
        #expect(PercentEncoding.encode("é/ ?") == "%C3%A9%2F%20%3F")
        #expect(PercentEncoding.encode("é/", hexCase: .lower) == "%c3%a9%2f")
        #expect(PercentEncoding.encode("a b+", spaceAsPlus: true) == "a+b%2B")
    }

    @Test("only bytes at or above 0x80 are escaped for a target that is not UTF-8")
    func encodesNonASCII() {
        #expect(PercentEncoding.encodeNonASCII([0x2F, 0x61, 0xFF, 0x25]) == "/a%FF%")
    }

    @Test("decoding keeps text whose escapes are not UTF-8 as written; the replacing form uses U+FFFD")
    func invalidUTF8() {
        #expect(PercentEncoding.decode("caf%C3%A9+x") == "café+x")
        #expect(PercentEncoding.decode("a%FFb") == "a%FFb")
        #expect(PercentEncoding.decodeReplacingInvalidUTF8("caf%C3%A9+x") == "café+x")
        #expect(PercentEncoding.decodeReplacingInvalidUTF8("a%FFb") == "a\u{FFFD}b")
    }

    @Test("escapes decode in either hex case; plus is a space only for query components and forms")
    func decodesEscapes() {
        #expect(PercentEncoding.decode("caf%C3%A9%2fx") == "café/x")
        #expect(PercentEncoding.decode("caf%c3%a9") == "café")
        #expect(PercentEncoding.decode("a+b") == "a+b")
        #expect(PercentEncoding.decode("a+b%2B", plusAsSpace: true) == "a b+")
        #expect(PercentEncoding.decodeStrictly("a+b%2B", plusAsSpace: true) == "a b+")
        #expect(PercentEncoding.decodeReplacingInvalidUTF8("a+b%2B%zz", plusAsSpace: true) == "a b+%zz")
    }

    @Test("a malformed escape is kept as written, or refuses the whole text", arguments: ["100%", "%4", "%zz", "a%2"])
    func malformedEscapes(text: String) {
        #expect(PercentEncoding.decode(text) == text)
        #expect(PercentEncoding.decodeReplacingInvalidUTF8(text) == text)
        #expect(PercentEncoding.decodeStrictly(text) == nil)
    }

    @Test("bytes that are not UTF-8 decode as bytes, and as no text for the strict form")
    func invalidUTF8Bytes() {
        #expect(PercentEncoding.decode(Array("%FF%fe".utf8)) == [0xFF, 0xFE])
        #expect(PercentEncoding.decodeStrictly("%FF") == nil)
    }

    @Test("a query splits into pairs in order, skipping empty ones, each side decoded as asked")
    func queryItems() {
        let query = "a=1&&b&c=x%20y+z&d=e=f"
        let kept = PercentEncoding.queryItems(of: query) { PercentEncoding.decode($0) }
        #expect(kept.map { [$0.name, $0.value] } == [["a", "1"], ["b", ""], ["c", "x y+z"], ["d", "e=f"]])
        let form = PercentEncoding.queryItems(of: query) { PercentEncoding.decode($0, plusAsSpace: true) }
        #expect(form.map(\.value) == ["1", "", "x y z", "e=f"])
        #expect(PercentEncoding.queryItems(of: "") { String($0) }.isEmpty)
    }

    @Test("full decoding repeats until nothing changes")
    func decodesFully() {
        #expect(PercentEncoding.decodeFully("%2574oken") == "token")
        #expect(PercentEncoding.decodedOnce(Array("%2574".utf8)) == Array("%74".utf8))
        #expect(PercentEncoding.decodedOnce(Array("100%".utf8)) == nil)
    }
}

/// RFC 3986 §2.1: `pct-encoded = "%" HEXDIG HEXDIG`, HEXDIG in either case; the one reader of
/// hex digits and escapes that chunk sizes, JSON `\u` escapes and URI grammars share.
@Suite struct PercentTripletReaderTests {
    @Test(arguments: [("%2F", UInt8(0x2F)), ("%2f", 0x2F), ("%00", 0x00), ("%ff", 0xFF), ("%A0", 0xA0)])
    func anEscapeOfTwoHexDigitsIsTheByteTheyName(text: String, byte: UInt8) {
        #expect(PercentEncoding.escapedByte(in: Array(text.utf8), at: 0) == byte)
    }

    @Test(arguments: ["%", "%2", "%G0", "%0g", "%+1", "% 1", "A2F"])
    func noEscapeStartsWhereTheByteIsNotPercentOrTwoHexDigitsDoNotFollow(text: String) {
        #expect(PercentEncoding.escapedByte(in: Array(text.utf8), at: 0) == nil)
    }

    @Test func anEscapeIsReadAtItsIndexInASliceAndNotPastTheSlicesEnd() {
        let bytes = Array("a%2Fb%41".utf8)
        #expect(PercentEncoding.escapedByte(in: bytes[1...], at: 1) == 0x2F)
        #expect(PercentEncoding.escapedByte(in: bytes, at: 5) == 0x41)
        #expect(PercentEncoding.escapedByte(in: bytes[..<7], at: 5) == nil)
    }

    @Test func everyByteIsAHexDigitExactlyWhenItIsZeroToNineOrAToFInEitherCase() {
        let digits = Array("0123456789abcdef".utf8), upper = Array("ABCDEF".utf8)
        for byte in UInt8.min...UInt8.max {
            let expected = digits.firstIndex(of: byte).map(UInt8.init) ?? upper.firstIndex(of: byte).map { UInt8($0 + 10) }
            #expect(PercentEncoding.hexValue(byte) == expected, "byte \(byte)")
        }
    }
}
