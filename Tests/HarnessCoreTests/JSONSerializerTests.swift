import HarnessCore
import Testing

/// The text ``JSONSerializer`` writes: escapes (RFC 8259 §7), numbers (§6),
/// key order and the pretty layout.
@Suite("JSONSerializer output")
struct JSONSerializerTests {
    @Test("string writes compact JSON with members in their original order")
    func stringWritesCompactInOriginalOrder() {
        let value: JSONValue = ["b": [1, .double(2.5), "x", nil, true, false], "a": [:], "c": []]
        #expect(JSONSerializer.string(value) == #"{"b":[1,2.5,"x",null,true,false],"a":{},"c":[]}"#)
        #expect(value.description == JSONSerializer.string(value))
        #expect(JSONSerializer.bytes(value) == Array(JSONSerializer.string(value).utf8))
    }

    @Test("write appends to existing output")
    func writeAppendsToOutput() {
        var output = Array("prefix:".utf8)
        JSONSerializer.write(["k": 1], into: &output)
        #expect(String(decoding: output, as: UTF8.self) == #"prefix:{"k":1}"#)
    }

    struct ControlCharacter: Sendable, CustomTestStringConvertible {
        let byte: UInt8
        let escaped: String
        var testDescription: String { "0x" + String(byte, radix: 16) }
    }

    /// RFC 8259 §7: the two-character escapes where they exist, `\u00XX` for the rest.
    static let controlCharacters: [ControlCharacter] = (0x00...0x1F).map { byte in
        let named: [UInt8: String] = [0x08: #"\b"#, 0x09: #"\t"#, 0x0A: #"\n"#, 0x0C: #"\f"#, 0x0D: #"\r"#]
        let hex = String(byte, radix: 16)
        return ControlCharacter(byte: UInt8(byte), escaped: named[UInt8(byte)] ?? #"\u00"# + (hex.count == 1 ? "0" + hex : hex))
    }

    @Test("writeString escapes every control character", arguments: controlCharacters)
    func writeStringEscapesControlCharacter(_ example: ControlCharacter) throws {
        let value = JSONValue.string("a" + String(Unicode.Scalar(example.byte)) + "b")
        let text = JSONSerializer.string(value)
        #expect(text == "\"a" + example.escaped + "b\"")
        #expect(try JSONValue(parsing: text) == value)
    }

    @Test("writeString escapes quote and backslash but never slash, DEL or non-ASCII")
    func writeStringEscapesOnlyWhatItMust() {
        let value = JSONValue.string("\"quoted\" back\\slash a/b </script> \u{7F} é € 😀 \u{2028}")
        let expected = "\"\\\"quoted\\\" back\\\\slash a/b </script> \u{7F} é € 😀 \u{2028}\""
        #expect(JSONSerializer.string(value) == expected)
        #expect(JSONSerializer.bytes("😀") == [0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22])
    }

    @Test("sortedKeys orders members by the bytes of their UTF-8 keys, at every level")
    func sortedKeysOrdersByUTF8Bytes() {
        // U+FF61 sorts before U+1F600 in UTF-8 (EF… < F0…) but after it in UTF-16 (FF61 > D83D).
        let value: JSONValue = [
            "b": 1, "a": ["z": 1, "y": 2], "é": 3, "B": 4, "": 5, "aa": 6, "\u{1F600}": 7, "\u{FF61}": 8, "~": 9,
        ]
        let expected = #"{"":5,"B":4,"a":{"y":2,"z":1},"aa":6,"b":1,"~":9,"é":3,"｡":8,"😀":7}"#
        #expect(JSONSerializer.string(value, options: [.sortedKeys]) == expected)
        #expect(JSONSerializer.string(["b": 1, "a": 2]) == #"{"b":1,"a":2}"#)
    }

    @Test("sortedKeys sorts objects nested inside arrays")
    func sortedKeysReachesIntoArrays() {
        let value: JSONValue = [["d": 1, "c": 2], [["f": nil, "e": nil]]]
        #expect(JSONSerializer.string(value, options: .sortedKeys) == #"[{"c":2,"d":1},[{"e":null,"f":null}]]"#)
    }

    @Test("prettyPrinted indents two spaces and writes \"key\": value")
    func prettyPrintedLayout() {
        let value: JSONValue = ["name": "Oven", "temps": [180, .double(200.5)], "door": ["open": false], "none": [:], "list": []]
        let expected = """
            {
              "name": "Oven",
              "temps": [
                180,
                200.5
              ],
              "door": {
                "open": false
              },
              "none": {},
              "list": []
            }
            """
        #expect(JSONSerializer.string(value, options: .prettyPrinted) == expected)
    }

    @Test("prettyPrinted writes scalars and empty containers on one line", arguments: [
        (JSONValue.array([]), "[]"), (JSONValue.object([:]), "{}"), (JSONValue.int(7), "7"), ("s", #""s""#), (nil, "null"),
    ])
    func prettyPrintedScalarsAndEmptyContainers(value: JSONValue, expected: String) {
        #expect(JSONSerializer.string(value, options: .prettyPrinted) == expected)
    }

    @Test("prettyPrinted with sortedKeys combines both")
    func prettyPrintedSorted() {
        let value: JSONValue = ["b": [["d": 1, "c": 2]], "a": nil]
        let expected = "{\n  \"a\": null,\n  \"b\": [\n    {\n      \"c\": 2,\n      \"d\": 1\n    }\n  ]\n}"
        #expect(JSONSerializer.string(value, options: [.prettyPrinted, .sortedKeys]) == expected)
    }

    @Test("integers print every digit without a decimal point", arguments: [
        (Int64(0), "0"), (-1, "-1"), (350, "350"), (9_007_199_254_740_993, "9007199254740993"),
        (.max, "9223372036854775807"), (.min, "-9223372036854775808"),
    ])
    func integersPrintWithoutDecimalPoint(value: Int64, expected: String) {
        #expect(JSONSerializer.string(.number(.integer(value))) == expected)
    }

    @Test("decimals print the shortest text that reads back as the same Double", arguments: [
        (0.1, "0.1"), (2.5, "2.5"), (-0.75, "-0.75"), (1.0 / 3.0, "0.3333333333333333"), (123.456, "123.456"),
        (0.1 + 0.2, "0.30000000000000004"), (1e-7, "1e-07"), (1e15, "1000000000000000.0"), (1e16, "1e+16"), (1.5e300, "1.5e+300"),
        (Double.leastNonzeroMagnitude, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"), (2.0, "2.0"), (-350.0, "-350.0"),
        (999_999_999_999_999.0, "999999999999999.0"),
    ])
    func decimalsPrintShortestRoundTripForm(value: Double, expected: String) throws {
        let text = JSONSerializer.string(.double(value))
        #expect(text == expected)
        #expect(isDecimal(try JSONValue(parsing: text), bitPattern: value))
    }

    /// A Double that is not a number has no JSON form (RFC 8259 §6); like
    /// ECMAScript's `JSON.stringify`, the serializer writes `null` so the output stays parseable.
    @Test("non-finite decimals serialize as null", arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteDecimalsSerializeAsNull(value: Double) throws {
        let text = JSONSerializer.string([.double(value)])
        #expect(text == "[null]")
        #expect(try JSONValue(parsing: text) == [nil])
    }
}
