import HarnessCore
import Testing

/// Equality by meaning and hashing consistent with it, for ``JSONValue``,
/// ``JSONNumber`` and ``JSONObject``.
@Suite("JSONValue equality and hashing")
struct JSONValueEqualityTests {
    struct Pair: Sendable, CustomTestStringConvertible {
        let left: String
        let right: String
        var testDescription: String { "\(left) vs \(right)" }
        init(_ left: String, _ right: String) {
            self.left = left
            self.right = right
        }
    }

    static let equalPairs: [Pair] = [
        .init(#"{"a":1,"b":2.0}"#, #"{"b":2,"a":1}"#),
        .init("1", "1.0"),
        .init("1", "1e0"),
        .init("100", "1E2"),
        .init("-0", "0"),
        .init("-0.0", "0"),
        .init("0.5", "5e-1"),
        .init("9007199254740992", "9007199254740992.0"),
        .init(#"{"x":{"p":[1,{"q":true,"r":null}],"s":"t"},"y":[]}"#, #"{"y":[],"x":{"s":"t","p":[1.0,{"r":null,"q":true}]}}"#),
        .init(#""\u00e9""#, #""é""#),
        .init(#""\uD83D\uDE00""#, #""😀""#),
        .init("[1,[2,[3]]]", "[1.0,[2e0,[3.00]]]"),
        .init("{}", "{ }"),
    ]

    @Test("equal by meaning: member order and number spelling do not matter", arguments: equalPairs)
    func equalValuesCompareEqual(_ pair: Pair) throws {
        let left = try JSONValue(parsing: pair.left)
        let right = try JSONValue(parsing: pair.right)
        #expect(left == right)
        #expect(right == left)
    }

    @Test("equal values hash equally", arguments: equalPairs)
    func equalValuesHashEqually(_ pair: Pair) throws {
        let left = try JSONValue(parsing: pair.left)
        let right = try JSONValue(parsing: pair.right)
        #expect(left.hashValue == right.hashValue)
        #expect(Set([left, right]).count == 1)
    }

    static let unequalPairs: [Pair] = [
        .init("[1,2]", "[2,1]"),
        .init("[1]", "[1,1]"),
        .init("1", "1.5"),
        .init("1", #""1""#),
        .init("0", "false"),
        .init("null", "false"),
        .init("null", #""""#),
        .init("[]", "{}"),
        .init("[]", "[null]"),
        .init(#"{"a":1}"#, #"{"a":1,"b":2}"#),
        .init(#"{"a":1,"b":2}"#, #"{"a":1,"c":2}"#),
        .init(#"{"a":{"b":1}}"#, #"{"a":{"b":2}}"#),
        .init(#"{"a":null}"#, "{}"),
        .init("9007199254740993", "9007199254740992.0"),
        .init("9223372036854775807", "9223372036854775808"),
        .init(#""a""#, #""A""#),
    ]

    @Test("different meanings compare unequal", arguments: unequalPairs)
    func unequalValuesCompareUnequal(_ pair: Pair) throws {
        let left = try JSONValue(parsing: pair.left)
        let right = try JSONValue(parsing: pair.right)
        #expect(left != right)
        #expect(right != left)
        #expect(Set([left, right]).count == 2)
    }

    @Test("JSONNumber integer and decimal agree on equality and hash across magnitudes", arguments: [
        Int64(0), 1, -1, 350, 1 << 40, -(1 << 52), 1 << 53, Int64.min,
    ])
    func numberIntegerEqualsWholeDecimal(value: Int64) {
        let integer = JSONNumber.integer(value)
        let decimal = JSONNumber.decimal(Double(value))
        #expect(integer == decimal)
        #expect(integer.hashValue == decimal.hashValue)
        #expect(decimal.int64Value == value)
    }

    @Test("JSONNumber compares by value across representations")
    func numberOrdering() {
        #expect(JSONNumber.integer(1) < .decimal(1.5))
        #expect(JSONNumber.decimal(-0.5) < .integer(0))
        #expect(JSONNumber.integer(.min) < .integer(.max))
        #expect(!(JSONNumber.integer(2) < .decimal(2.0)))
        #expect([JSONNumber.decimal(2.5), .integer(-3), .integer(2)].sorted() == [.integer(-3), .integer(2), .decimal(2.5)])
    }

    @Test("JSONNumber accessors report exactness")
    func numberAccessors() {
        #expect(JSONNumber.decimal(2.0).int64Value == 2)
        #expect(JSONNumber.decimal(2.5).int64Value == nil)
        #expect(JSONNumber.decimal(0x1p63).int64Value == nil)
        #expect(JSONNumber.integer(.max).doubleValue == 0x1p63)
        #expect(JSONNumber.decimal(1e300).isInteger)
        #expect(!JSONNumber.decimal(.infinity).isInteger)
        #expect(!JSONNumber.decimal(.nan).isInteger)
        #expect(!JSONNumber.decimal(-0.25).isInteger)
    }

    @Test("JSONObject hashing ignores member order for many generated objects")
    func objectHashIgnoresOrder() {
        var random = SeededGenerator(seed: 7)
        for size in 0..<40 {
            var members = (0..<size).map { JSONObject.Member(key: "key\($0)", value: .int(Int.random(in: 0..<3, using: &random))) }
            let original = JSONObject(members)
            members.shuffle(using: &random)
            let shuffled = JSONObject(members)
            #expect(original == shuffled)
            #expect(original.hashValue == shuffled.hashValue)
        }
    }

    @Test("Set and Dictionary treat equal values as one key")
    func valuesWorkAsDictionaryKeys() throws {
        var counts: [JSONValue: Int] = [:]
        for text in [#"{"a":1,"b":[2]}"#, #"{"b":[2.0],"a":1.0}"#, #"{"a":1,"b":[3]}"#] {
            counts[try JSONValue(parsing: text), default: 0] += 1
        }
        #expect(counts.count == 2)
        #expect(counts[["a": 1, "b": [2]]] == 2)
    }
}
