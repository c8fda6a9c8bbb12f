import HTTPWire
import Testing

/// RFC 9110 §5.1: field names compare without regard to ASCII case, and only ASCII letters
/// have a case; every other byte must be the same byte.
@Suite struct HeaderNameMatchingTests {
    /// Whether two ASCII bytes are the same byte or the same letter, the rule written out plainly.
    private static func sameIgnoringASCIICase(_ x: UInt8, _ y: UInt8) -> Bool {
        let isLetter = { (byte: UInt8) in (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        let lower = { (byte: UInt8) in (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
        return x == y || (isLetter(x) && isLetter(y) && lower(x) == lower(y))
    }

    @Test func everyPairOfASCIICharactersInTheMiddleOfANameMatchesByTheRule() {
        // Bytes that agree once 0x20 is set ("-" and "\r", "@" and "`", "[" and "{") are the
        // cases a shortcut gets wrong.
        var mismatches: [String] = []
        for x in UInt8(0)..<0x80 {
            for y in UInt8(0)..<0x80 {
                let left = "X-" + String(UnicodeScalar(x)) + "-Id", right = "x-" + String(UnicodeScalar(y)) + "-ID"
                if HTTPHeaders.namesMatch(left, right) != Self.sameIgnoringASCIICase(x, y) { mismatches.append("\(x) \(y)") }
            }
        }
        #expect(mismatches.isEmpty, "byte pairs judged wrongly: \(mismatches.prefix(10))")
    }

    @Test func namesOfDifferentLengthsOrWithNonASCIILettersInOtherCasesDoNotMatch() {
        #expect(!HTTPHeaders.namesMatch("Content-Type", "Content-Typ"))
        #expect(!HTTPHeaders.namesMatch("", "a"))
        #expect(HTTPHeaders.namesMatch("", ""))
        // Only ASCII has a case here: É is not é.
        #expect(!HTTPHeaders.namesMatch("X-Café", "X-CafÉ"))
        #expect(HTTPHeaders.namesMatch("X-Café", "x-café"))
    }

    @Test func substringsAndLookupsGoByTheSameRule() {
        let line = "  Keep-Alive , UPGRADE "
        #expect(HTTPHeaders.namesMatch(line.split(separator: ",")[1].trimmingOWS(), "upgrade"))
        let headers: HTTPHeaders = ["CONTENT-TYPE": "a", "Content-Type": "b", "X-Content-Type": "c"]
        #expect(headers.values(for: "content-type") == ["a", "b"])
        #expect(headers.containsToken("upgrade", in: "connection") == false)
        let connection: HTTPHeaders = ["Connection": line]
        #expect(connection.containsToken("upgrade", in: "CONNECTION"))
    }
}
