import HarnessCore
import Testing

/// ``JSONObject`` stays linear in its number of members: building, lookup, equality, parsing.
@Suite("JSONObject with many members")
struct JSONObjectScaleTests {
    static let count = 40_000

    static func members(reversed: Bool = false) -> [JSONObject.Member] {
        let keys = (0..<count).map { "key\($0)" }
        return (reversed ? keys.reversed() : keys).map { JSONObject.Member(key: $0, value: .string($0)) }
    }

    @Test("40,000 members: built, looked up, compared in another order and hashed alike")
    func largeObjectsCompareByMeaning() {
        let forward = JSONObject(Self.members())
        let backward = JSONObject(Self.members(reversed: true))
        #expect(forward.count == Self.count)
        #expect(forward["key39999"] == .string("key39999"))
        #expect(forward.keys.first == "key0")
        #expect(backward.keys.first == "key39999")
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        var changed = backward
        changed["key123"] = .null
        #expect(forward != changed)
    }

    @Test("40,000 members parse, keep their order and serialize back the same")
    func largeObjectsParseAndSerialize() throws {
        let text = "{" + (0..<Self.count).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + "}"
        let value = try JSONValue(parsing: text)
        #expect(value["k31999"] == .int(31_999))
        #expect(JSONSerializer.string(value) == text)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: String(text.dropLast()) + #","k7":0}"#) }
    }

    @Test("removal keeps the remaining members' order and lookup")
    func removalKeepsIndexConsistent() {
        var object = JSONObject((0..<100).map { JSONObject.Member(key: "m\($0)", value: .int($0)) })
        for index in stride(from: 0, to: 100, by: 3) { object["m\(index)"] = nil }
        #expect(object.count == 66)
        #expect(object.keys.first == "m1")
        for index in 0..<100 {
            #expect(object["m\(index)"] == (index % 3 == 0 ? nil : .int(index)))
        }
        object["m0"] = .bool(true)
        #expect(object.keys.last == "m0")
        #expect(object["m0"] == .bool(true))
    }

    @Test("a parsed object with duplicates allowed keeps the last value in the first position")
    func duplicatesAllowedLastWins() throws {
        let members = (0..<20).map { #""d\#($0)":\#($0)"# }.joined(separator: ",")
        let value = try JSONValue(parsing: "{" + members + #","d3":"x"}"#, options: .init(allowsDuplicateKeys: true))
        #expect(value.objectValue?.keys.count == 20)
        #expect(value["d3"] == .string("x"))
        #expect(value.objectValue?.position(of: "d3") == 3)
    }
}
