import HarnessCore
import Testing

/// RFC 9110 §5.1: field names compare without regard to ASCII case, and only ASCII letters
/// have a case; every other byte must be the same byte.
@Suite struct CaseInsensitiveNameMatchingTests {
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
                if CaseInsensitiveName.matches(left.utf8, right.utf8) != Self.sameIgnoringASCIICase(x, y) { mismatches.append("\(x) \(y)") }
            }
        }
        #expect(mismatches.isEmpty, "byte pairs judged wrongly: \(mismatches.prefix(10))")
    }

    @Test func namesOfDifferentLengthsOrWithNonASCIILettersInOtherCasesDoNotMatch() {
        #expect(!CaseInsensitiveName.matches("Content-Type".utf8, "Content-Typ".utf8))
        #expect(!CaseInsensitiveName.matches("".utf8, "a".utf8))
        #expect(CaseInsensitiveName.matches("".utf8, "".utf8))
        // Only ASCII has a case here: É is not é.
        #expect(!CaseInsensitiveName.matches("X-Café".utf8, "X-CafÉ".utf8))
        #expect(CaseInsensitiveName.matches("X-Café".utf8, "x-café".utf8))
    }

    @Test func substringsAndByteArraysGoByTheSameRuleAsStrings() {
        let line = "  Keep-Alive , UPGRADE "
        #expect(CaseInsensitiveName.matches(line.split(separator: ",")[1].trimmingOWS().utf8, "upgrade".utf8))
        #expect(CaseInsensitiveName.matches(Array("UPGRADE".utf8), "upgrade".utf8))
        #expect(!CaseInsensitiveName.matches(Array("UPGRADE".utf8)[1...], "upgrade".utf8))
    }

    @Test func aTableFindsEachNameInAnyCaseAndKeepsTheFirstEntry() {
        var table = CaseInsensitiveName.Table<Int>()
        table.insertIfAbsent("Authorization", 1)
        table.insertIfAbsent("AUTHORIZATION", 2)
        table.insertIfAbsent("X-Api-Key", 3)
        #expect(table.value(named: "authorization") == 1)
        #expect(table.value(named: "x-API-key") == 3)
        #expect(table.value(named: "Authorisation") == nil)
    }
}

/// Header names as lookup keys: equal and hashed alike without regard to ASCII case, and only
/// letters fold (`@` and `` ` `` differ by the same bit as `A` and `a`).
@Suite struct CaseInsensitiveNameKeyTests {
    @Test func namesDifferingInLetterCaseAreOneKey() {
        let table: [CaseInsensitiveName: Int] = ["Authorization": 1, "x-api-key": 2]
        #expect(table[CaseInsensitiveName("AUTHORIZATION")] == 1)
        #expect(table[CaseInsensitiveName("authorization")] == 1)
        #expect(table[CaseInsensitiveName("X-API-KEY")] == 2)
        #expect(table[CaseInsensitiveName("Authorisation")] == nil)
        #expect(table[CaseInsensitiveName("Authorization ")] == nil)
    }

    @Test func onlyLettersFold() {
        #expect(CaseInsensitiveName("a@b") != CaseInsensitiveName("a`b"))
        #expect(CaseInsensitiveName("a[b") != CaseInsensitiveName("a{b"))
        #expect(CaseInsensitiveName("ÄB") != CaseInsensitiveName("äb"))
        #expect(CaseInsensitiveName("Set-Cookie") == CaseInsensitiveName("set-cookie"))
    }
}
