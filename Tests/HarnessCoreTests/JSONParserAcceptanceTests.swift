import HarnessCore
import Testing

/// What the strict parser must accept (RFC 8259 §2–§7), and the values it builds.
@Suite("JSONParser accepts valid JSON")
struct JSONParserAcceptanceTests {
    struct Accepted: Sendable, CustomTestStringConvertible {
        let text: String
        let expected: JSONValue
        var testDescription: String { text }
    }

    static let everyType: [Accepted] = [
        .init(text: "null", expected: .null),
        .init(text: "true", expected: .bool(true)),
        .init(text: "false", expected: .bool(false)),
        .init(text: "0", expected: .int(0)),
        .init(text: "-12", expected: .int(-12)),
        .init(text: "3.25", expected: .double(3.25)),
        .init(text: #""kitchen""#, expected: "kitchen"),
        .init(text: #""""#, expected: ""),
        .init(text: "[]", expected: []),
        .init(text: "{}", expected: [:]),
        .init(text: #"[null,true,1,"x",[],{}]"#, expected: [nil, true, 1, "x", [], [:]]),
        .init(text: #"{"isOn":true,"targetTemperature":350}"#, expected: ["isOn": true, "targetTemperature": 350]),
    ]

    @Test("parse builds the value of every JSON type", arguments: everyType)
    func parseBuildsEveryType(_ example: Accepted) throws {
        #expect(try JSONValue(parsing: example.text) == example.expected)
    }

    @Test("parse builds nested arrays and objects with members in written order")
    func parseBuildsNestedStructures() throws {
        let value = try JSONValue(parsing: #"{"z":[1,{"b":null,"a":[[],[{}]]}],"y":{"x":{"w":"deep"}}}"#)
        let expected: JSONValue = ["z": [1, ["b": nil, "a": [[], [[:]]]]], "y": ["x": ["w": "deep"]]]
        #expect(value == expected)
        #expect(value.objectValue?.keys == ["z", "y"])
        #expect(value["z"]?[1]?.objectValue?.keys == ["b", "a"])
        #expect(value["y"]?["x"]?["w"] == "deep")
    }

    static let escapes: [Accepted] = [
        .init(text: #""\"\\\/\b\f\n\r\t""#, expected: .string("\"\\/\u{08}\u{0C}\n\r\t")),
        .init(text: #""\u0041\u00e9\u20AC""#, expected: "Aé€"),
        .init(text: #""\u00E9 and \u00e9""#, expected: "é and é"),
        .init(text: #""\u0000""#, expected: .string("\u{0}")),
        .init(text: #""\u001f\u007F""#, expected: .string("\u{1F}\u{7F}")),
        .init(text: #""\uD83D\uDE00""#, expected: "😀"),
        .init(text: #""\ud83d\ude00""#, expected: "😀"),
        .init(text: #""\uD834\uDD1E clef""#, expected: "𝄞 clef"),
        .init(text: #""\uDBFF\uDFFF""#, expected: .string("\u{10FFFF}")),
        .init(text: #""\uD800\uDC00""#, expected: .string("\u{10000}")),
        .init(text: #""\uFFFF""#, expected: .string("\u{FFFF}")),
        .init(text: #""raw é 😀 then \n escaped""#, expected: "raw é 😀 then \n escaped"),
        .init(text: #""a\\u0041""#, expected: #"a\u0041"#),
    ]

    @Test("parse decodes every escape, including \\u surrogate pairs", arguments: escapes)
    func parseDecodesEscapes(_ example: Accepted) throws {
        #expect(try JSONValue(parsing: example.text) == example.expected)
    }

    @Test("parse keeps the exact scalars of a \\u surrogate pair")
    func parseDecodesSurrogatePairToOneScalar() throws {
        let value = try JSONValue(parsing: #""\uD83D\uDE00""#)
        let scalars = try #require(value.stringValue).unicodeScalars.map(\.value)
        #expect(scalars == [0x1F600])
    }

    struct NumberExample: Sendable, CustomTestStringConvertible {
        let text: String
        let check: @Sendable (JSONValue) -> Bool
        var testDescription: String { text }
    }

    static let numbers: [NumberExample] = [
        .init(text: "-0") { isIntegerText($0, "-0") },
        .init(text: "-0.0") { isDecimal($0, bitPattern: -0.0) },
        .init(text: "0.5") { isDecimal($0, bitPattern: 0.5) },
        .init(text: "1e10") { isDecimal($0, bitPattern: 1e10) },
        .init(text: "1E-5") { isDecimal($0, bitPattern: 1e-5) },
        .init(text: "-1.5e+3") { isDecimal($0, bitPattern: -1500) },
        .init(text: "0e0") { isDecimal($0, bitPattern: 0) },
        .init(text: "1.0") { isDecimal($0, bitPattern: 1) },
        .init(text: "123.456789") { isDecimal($0, bitPattern: 123.456789) },
        .init(text: "999999999999999999") { isExactInteger($0, 999_999_999_999_999_999) },
        .init(text: "1000000000000000000") { isExactInteger($0, 1_000_000_000_000_000_000) },
        .init(text: "-999999999999999999") { isExactInteger($0, -999_999_999_999_999_999) },
        .init(text: "9223372036854775807") { isExactInteger($0, .max) },
        .init(text: "-9223372036854775808") { isExactInteger($0, .min) },
        .init(text: "9223372036854775808") { isIntegerText($0, "9223372036854775808") },
        .init(text: "-9223372036854775809") { isIntegerText($0, "-9223372036854775809") },
        .init(text: "123456789012345678901234567890") { isIntegerText($0, "123456789012345678901234567890") },
        .init(text: "1.7976931348623157e308") { isDecimal($0, bitPattern: .greatestFiniteMagnitude) },
        .init(text: "5e-324") { isDecimal($0, bitPattern: .leastNonzeroMagnitude) },
        .init(text: "1e-400") { isDecimal($0, bitPattern: 0) },
    ]

    @Test("parse reads numbers, exact integers within Int64, integer text beyond, decimals", arguments: numbers)
    func parseReadsNumbers(_ example: NumberExample) throws {
        let value = try JSONValue(parsing: example.text)
        #expect(example.check(value), "parsed \(example.text) as \(value)")
    }

    @Test("parse keeps integers exact where a Double would round them")
    func parseKeepsLargeIntegersExact() throws {
        // 2^53 + 1 is the first integer a Double cannot hold.
        let value = try JSONValue(parsing: "[9007199254740993,-9007199254740993]")
        #expect(isExactInteger(try #require(value[0]), 9_007_199_254_740_993))
        #expect(isExactInteger(try #require(value[1]), -9_007_199_254_740_993))
        #expect(value[0] != .double(9_007_199_254_740_992))
    }

    static let whitespaceLayouts = [
        " \t\r\n[1,2]\n",
        "[ 1 , 2 ]",
        "\r\n[\t1\r,\n2\t]\r\n",
        "[1,\n\n\n2]      ",
    ]

    @Test("parse allows the four whitespace bytes around values", arguments: whitespaceLayouts)
    func parseAllowsWhitespaceAroundValues(_ text: String) throws {
        #expect(try JSONValue(parsing: text) == [1, 2])
    }

    @Test("parse allows whitespace around object keys, colons and commas")
    func parseAllowsWhitespaceInObjects() throws {
        let value = try JSONValue(parsing: " {\n  \"a\" :\t1 ,\r\n \"b\":{ } } ")
        #expect(value == ["a": 1, "b": [:]])
    }

    @Test("parse of bytes and of a String agree")
    func parseOfBytesAndStringAgree() throws {
        let text = #"{"name":"Oven 😀","temps":[180,200.5]}"#
        let fromString = try JSONValue(parsing: text)
        let fromBytes = try JSONValue(parsing: Array(text.utf8))
        let fromSlice = try JSONValue(parsing: Array(text.utf8)[...])
        #expect(fromString == fromBytes)
        #expect(fromBytes == fromSlice)
    }

    @Test("parse with allowsDuplicateKeys keeps the last value at the first position")
    func parseWithDuplicateKeysOptionKeepsLastValue() throws {
        let options = JSONParser.Options(allowsDuplicateKeys: true)
        let value = try JSONValue(parsing: #"{"a":1,"b":2,"a":3}"#, options: options)
        #expect(value.objectValue?.keys == ["a", "b"])
        #expect(value["a"] == 3)
        #expect(value["b"] == 2)
    }
}
