import HarnessCore
import Testing
@testable import KitchenRecording

@Suite("Volatile fields")
struct VolatileFieldsTests {
    @Test("path patterns match the locations their syntax promises", arguments: [
        ("expiresAt", ["expiresAt"], true),
        ("expiresAt", ["user", "expiresAt"], false),
        ("**.lastUpdated", ["lastUpdated"], true),
        ("**.lastUpdated", ["state", "lastUpdated"], true),
        ("**.lastUpdated", ["0", "state", "lastUpdated"], true),
        ("**.lastUpdated", ["lastUpdatedBy"], false),
        ("**.lastUpdated", ["lastUpdated", "x"], false),
        ("state.*", ["state", "isOn"], true),
        ("state.*", ["state"], false),
        ("state.*", ["state", "a", "b"], false),
        ("*.0.id", ["compartments", "0", "id"], true),
        ("*.0.id", ["compartments", "1", "id"], false),
        ("a.**.b", ["a", "b"], true),
        ("a.**.b", ["a", "x", "y", "b"], true),
        ("a.**.b", ["x", "a", "b"], false),
    ])
    func patternMatching(pattern: String, path: [String], expected: Bool) {
        #expect(JSONPathPattern(pattern).matches(path) == expected)
        #expect(JSONPathPattern(pattern).description == pattern)
    }

    @Test("the kitchen list replaces times at its paths only, and leaves null visible")
    func normalizeKitchenFields() throws {
        let message = try JSONValue(parsing: #"""
            {"type":"state","sentAt":"2026-11-20T10:15:31.000Z","expiresAt":"root-level",
             "state":{"lastUpdated":"2026-11-20T10:15:30.000Z","doorOpenedAt":null,"targetTemperature":37,
                      "nested":[{"doorOpenedAt":"2026-11-20T10:00:00.000Z","sentAt":5}]},
             "user":{"expiresAt":"not-root","lastUpdatedBy":"alice"}}
            """#)
        let normalized = VolatileFields.kitchen.normalize(message)
        let expected = try JSONValue(parsing: #"""
            {"type":"state","sentAt":"<volatile>","expiresAt":"<volatile>",
             "state":{"lastUpdated":"<volatile>","doorOpenedAt":null,"targetTemperature":37,
                      "nested":[{"doorOpenedAt":"<volatile>","sentAt":5}]},
             "user":{"expiresAt":"not-root","lastUpdatedBy":"alice"}}
            """#)
        #expect(normalized == expected)
        #expect(normalized.objectValue?.keys == message.objectValue?.keys)
    }

    @Test("two states that differ only in volatile times compare equal; a null against a time does not")
    func normalizedComparison() throws {
        let first = try JSONValue(parsing: #"{"state":{"isDoorOpen":true,"doorOpenedAt":"2026-11-20T10:00:00.000Z","lastUpdated":"2026-11-20T10:00:01.000Z"}}"#)
        let second = try JSONValue(parsing: #"{"state":{"isDoorOpen":true,"doorOpenedAt":"2026-11-21T08:00:00.000Z","lastUpdated":"2026-11-21T08:00:09.000Z"}}"#)
        let closed = try JSONValue(parsing: #"{"state":{"isDoorOpen":true,"doorOpenedAt":null,"lastUpdated":"2026-11-21T08:00:09.000Z"}}"#)
        let fields = VolatileFields.kitchen
        #expect(fields.normalize(first) == fields.normalize(second))
        #expect(fields.normalize(first) != fields.normalize(closed))
        #expect(fields.isVolatile(["state", "lastUpdated"]))
        #expect(!fields.isVolatile(["state", "isDoorOpen"]))
    }
}
