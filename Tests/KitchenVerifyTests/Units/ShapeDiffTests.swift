import HarnessCore
import KitchenContracts
import KitchenRecording
import KitchenVerify
import Testing

/// The shape rules on hand-made recordings: what counts as breaking, what as additive, and
/// where nothing can be concluded.
@Suite("Shape diff rules")
struct ShapeDiffTests {
    /// A recording of `GET /devices` answered by each of `bodies` in turn.
    private func recording(_ bodies: [String]) -> LoadedRecording {
        let entries = bodies.map { body in
            HAR.Entry(startedDateTime: "2026-11-20T10:00:00.000Z",
                      request: HAR.Request(method: "GET", url: "http://127.0.0.1:8080/devices"),
                      response: HAR.Response(status: 200, statusText: "OK",
                                             content: HAR.Content(size: body.utf8.count, mimeType: "application/json", text: body)),
                      timings: HAR.Timings())
        }
        return LoadedRecording(document: HAR.Document(log: HAR.Log(creator: HAR.Creator(name: "test", version: "1"), entries: entries)),
                               name: "test.har")
    }

    private func changes(_ old: [String], _ new: [String]) -> [String] {
        ShapeDiff.compare(old: RecordingShapes([recording(old)]), new: RecordingShapes([recording(new)])).map(\.description)
    }

    @Test("identical shapes with different values are no change")
    func valuesAreIgnored() {
        #expect(changes([#"[{"id": "a", "n": 1}]"#], [#"[{"id": "zz", "n": 99}, {"id": "b", "n": 2}]"#]) == [])
    }

    @Test("an empty array says nothing about its elements")
    func emptyArrayIsNoEvidence() {
        #expect(changes([#"[{"id": "a"}]"#], ["[]"]) == [])
    }

    @Test("integer where number was seen is fine; number where integer was seen is breaking")
    func integerAndNumber() {
        #expect(changes([#"[{"t": 1.5}]"#], [#"[{"t": 2}]"#]) == [])
        #expect(changes([#"[{"t": 2}]"#], [#"[{"t": 2.5}]"#]) == ["BREAKING  GET /devices → 200 → /*/t: integer → number"])
    }

    @Test("a nullable member that happened to be null says nothing about its other type")
    func nullOnlyIsNoEvidence() {
        #expect(changes([#"[{"at": null}]"#], [#"[{"at": "2026-11-20T10:00:00.000Z"}]"#]) == [])
        #expect(changes([#"[{"at": "x"}, {"at": null}]"#], [#"[{"at": null}]"#]) == [])
    }

    @Test("a member always present before and sometimes missing now is breaking")
    func becameOptional() {
        #expect(changes([#"[{"id": "a", "x": 1}, {"id": "b", "x": 2}]"#], [#"[{"id": "a", "x": 1}, {"id": "b"}]"#])
            == ["BREAKING  GET /devices → 200 → /*/x: present in all 2 → missing from 1 of 2"])
    }

    @Test("a removed object is reported once, at its top")
    func removedSubtreeOnce() {
        #expect(changes([#"[{"id": "a", "s": {"k": 1, "l": [1]}}]"#], [#"[{"id": "a"}]"#])
            == ["BREAKING  GET /devices → 200 → /*/s: object → absent"])
    }

    @Test("a body that is no longer an array is a type change at the root")
    func rootTypeChange() {
        #expect(changes(["[]"], [#"{"devices": []}"#]) == [
            "BREAKING  GET /devices → 200 → (body): array → object",
            "ADDITIVE  GET /devices → 200 → /devices: absent → array",
        ])
    }

    @Test("a new member is additive")
    func newMemberIsAdditive() {
        let found = ShapeDiff.compare(old: RecordingShapes([recording([#"[{"id": "a"}]"#])]),
                                      new: RecordingShapes([recording([#"[{"id": "a", "tags": ["x"]}]"#])]))
        #expect(found.map(\.description) == ["ADDITIVE  GET /devices → 200 → /*/tags: absent → array"])
        #expect(found.first?.severity == .additive)
        #expect(found.first?.kind == .propertyAdded)
    }
}
