import HarnessCore
import KitchenVerify
import Testing
import KitchenTestSupport

/// "By meaning" in check 3: what may differ between a recorded body and the client's
/// re-encoding of it (spelling), and what may not (values, declared members).
@Suite("Check 3: recorded JSON and the client's re-encoding compared by meaning")
struct MeaningTests {
    /// `oven-controls.har` entry 3 (`POST …/oven/power → 200`) with its body replaced by `edit` of it.
    static func ovenPower(_ edit: (JSONValue) -> JSONValue) throws -> (LoadedRecording, RecordedEntry) {
        var document = try #require(Fixtures.recording("oven-controls.har")).document
        try document.editResponseBody(ofEntry: 3, edit)
        let recording = LoadedRecording(document: document, name: "oven-controls.har")
        return (recording, recording.entries[3])
    }

    @Test("member order, a number written with a fraction and a date-time with an offset and no milliseconds do not count")
    func spellingDoesNotCount() throws {
        let contracts = try #require(Fixtures.contracts)
        let (recording, entry) = try Self.ovenPower { body in
            let members = (body.objectValue ?? [:]).reversed().map { JSONObject.Member(key: $0.key, value: $0.value) }
            var object = JSONObject(members)
            object["currentTemperature"] = .double(75.0)
            object["lastUpdated"] = "2026-11-20T11:00:00+01:00"
            return .object(object)
        }
        // The recorded instant was 2026-11-20T10:00:00.000Z; the client writes it back in that form.
        #expect(entry.exchange.responseBody?["lastUpdated"] == "2026-11-20T11:00:00+01:00")
        let findings = ClientDecodingCheck(contracts: contracts).findings(for: entry, in: recording.name)
        #expect(findings.isEmpty, "\(lines(findings))")
    }

    @Test("a member the contract does not declare may be dropped: the server added it, the client may ignore it")
    func undeclaredMemberMayBeDropped() throws {
        let contracts = try #require(Fixtures.contracts)
        let (recording, entry) = try Self.ovenPower { editing($0, at: "/serialNumber", to: "KX-1") }
        #expect(ClientDecodingCheck(contracts: contracts).findings(for: entry, in: recording.name) == [])
        #expect(ContractCheck(contracts: contracts).findings(for: entry, in: recording.name) == [])
    }
}
