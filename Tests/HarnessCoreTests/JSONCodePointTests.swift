import HarnessCore
import Testing

/// Text in JSON compares by code points (RFC 8259 §8.3), not by Swift's canonical
/// equivalence: "ä" (U+00E4) and "a" + U+0308 are two different names and values.
@Suite("JSON text compared by code points")
struct JSONCodePointTests {
    static let composed = "\u{E4}"
    static let decomposed = "a\u{308}"

    @Test("the two spellings are equal to Swift but different JSON strings")
    func stringsDiffer() {
        #expect(Self.composed == Self.decomposed)
        #expect(JSONValue.string(Self.composed) != JSONValue.string(Self.decomposed))
        #expect(JSONValue.string(Self.composed) == JSONValue.string("\u{E4}"))
    }

    @Test("an object may hold both spellings as keys, and the parser accepts it", arguments: [2, 20])
    func bothKeysParse(padding: Int) throws {
        let filler = (0..<padding).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let text = "{\(filler), \"\(Self.composed)\": 1, \"\(Self.decomposed)\": 2}"
        let object = try #require(try JSONValue(parsing: text).objectValue)
        #expect(object.count == padding + 2)
        #expect(object[Self.composed] == 1)
        #expect(object[Self.decomposed] == 2)
    }

    @Test("the same spelling twice is still a duplicate key")
    func sameSpellingDuplicate() {
        #expect(throws: JSONParseError.self) {
            try JSONValue(parsing: "{\"\(Self.decomposed)\": 1, \"\(Self.decomposed)\": 2}")
        }
    }

    @Test("objects differing only in a key's spelling are different")
    func objectsDiffer() {
        let one: JSONValue = [Self.composed: 1]
        let other: JSONValue = [Self.decomposed: 1]
        #expect(one != other)
        #expect(Set([one, other]).count == 2)
    }
}
