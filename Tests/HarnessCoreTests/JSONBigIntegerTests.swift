import HarnessCore
import Testing

/// Integers beyond 64 bits, and `-0`, kept exactly as their decimal text.
@Suite("JSONNumber integers beyond 64 bits")
struct JSONBigIntegerTests {
    @Test("integers beyond Int64 and -0 serialize back byte for byte", arguments: [
        "12345678901234567890", "18446744073709551615", "18446744073709551616", "-9223372036854775809",
        "123456789012345678901234567890123456789012345678901234567890", "-0", "[-0,0,12345678901234567890]",
        String(repeating: "9", count: 400),
    ])
    func bigIntegersRoundTripExactly(text: String) throws {
        let value = try JSONValue(parsing: text)
        #expect(JSONSerializer.string(value) == text)
    }

    @Test("a big integer is an integer for JSON Schema, with no Int64 value")
    func bigIntegerAccessors() throws {
        let value = try JSONValue(parsing: "12345678901234567890")
        #expect(value.typeName == "integer")
        #expect(value.intValue == nil)
        #expect(value.doubleValue == 12_345_678_901_234_567_890.0)
        #expect(JSONNumber.integerText("-0").int64Value == 0)
        #expect(JSONNumber.integerText(String(repeating: "9", count: 400)).doubleValue == .infinity)
    }

    @Test("equality is by exact value: equal integers, and decimals whose exact value is the integer")
    func bigIntegerEquality() throws {
        let big = JSONNumber.integerText("12345678901234567890")
        #expect(big == .integerText("12345678901234567890"))
        #expect(big != .integerText("12345678901234567891"))
        // The nearest Double is 12345678901234567168: not the same number.
        #expect(big != .decimal(12_345_678_901_234_567_890.0))
        #expect(JSONNumber.integerText("12345678901234567168") == .decimal(12_345_678_901_234_567_890.0))
        #expect(JSONNumber.integerText("12345678901234567168").hashValue
            == JSONNumber.decimal(12_345_678_901_234_567_890.0).hashValue)
        #expect(JSONNumber.integerText("9223372036854775808") == .decimal(0x1p63))
        #expect(JSONNumber.integerText("-0") == .integer(0))
        #expect(JSONNumber.integerText("-0").hashValue == JSONNumber.integer(0).hashValue)
        #expect(JSONNumber.integerText("-0") == .decimal(-0.0))
                // 10^22 is a Double exactly; 10^23 is not.
        #expect(try JSONValue(parsing: "1e22") == JSONValue(parsing: "10000000000000000000000"))
        #expect(try JSONValue(parsing: "1e23") != JSONValue(parsing: "100000000000000000000000"))
    }

    @Test("ordering is exact across big integers of both signs")
    func bigIntegerOrdering() {
        let sorted: [JSONNumber] = [
            .integerText("-100000000000000000000"), .integerText("-9223372036854775809"), .integer(.min),
            .integerText("-0"), .decimal(0.5), .integer(.max), .integerText("9223372036854775808"),
            .integerText("12345678901234567890"), .integerText("12345678901234567891"),
        ]
        #expect(sorted.reversed().sorted() == sorted)
        #expect(JSONNumber.integerText("12345678901234567890") < .integerText("12345678901234567891"))
        #expect(!(JSONNumber.integerText("-0") < .integer(0)))
    }

    @Test("an exponent beyond Double's range is refused (RFC 8259 §9 allows a range limit)")
    func hugeExponentRefused() {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: "1e400") }
    }
}
