import Foundation
import HarnessCore
import KitchenContracts
import KitchenRecording
import KitchenVerify
import Testing
import KitchenTestSupport

/// The gate fails on mutated recordings: shape diffs of a renamed or retyped field, a
/// nullability change, a missing message type; check 1 on a wrong type and an undeclared
/// status; checks 3 and 4 on a dropped required field. Each failure must name its location.
@Suite("Mutations: broken recordings fail kitchen diff and kitchen verify", .timeLimit(.minutes(2)))
struct RecordingMutationTests {
    struct Mutation: Sendable, CustomTestStringConvertible {
        let name: String
        let file: String
        let edit: @Sendable (inout HAR.Document) throws -> Void
        /// A line `kitchen diff OLD NEW` must print.
        let line: String
        let kind: ContractChange.Kind
        var testDescription: String { name }
    }

    static let shapeMutations: [Mutation] = [
        Mutation(name: "a renamed response field", file: "fridge-temperatures.har", edit: { document in
            // Every answer of the operation renamed, as a server build that renamed the field would.
            for index in document.log.entries.indices where document.log.entries[index].request.method == "POST"
                && document.log.entries[index].request.urlPath.hasSuffix("/fridge/temperature") {
                try document.editResponseBody(ofEntry: index) { body in
                    editing(editing(body, at: "/targetTemp", to: body["targetTemperature"]), at: "/targetTemperature", to: nil)
                }
            }
        }, line: "BREAKING  POST /devices/{deviceId}/fridge/temperature → 200 → /targetTemperature: integer → absent",
           kind: .propertyRemoved),
        Mutation(name: "a retyped response field", file: "oven-controls.har", edit: { document in
            for index in document.log.entries.indices where document.log.entries[index].request.urlPath.hasSuffix("/oven/temperature") {
                try document.editResponseBody(ofEntry: index) { editing($0, at: "/targetTemperature", to: "375") }
            }
        }, line: "BREAKING  POST /devices/{deviceId}/oven/temperature → 200 → /targetTemperature: integer → string",
           kind: .typeChanged),
        Mutation(name: "a response field that turns null", file: "oven-controls.har", edit: { document in
            let index = try document.entryIndex("GET", pathSuffix: "/oven", status: 200)
            try document.editResponseBody(ofEntry: index) { editing($0, at: "/mode", to: .null) }
        }, line: "BREAKING  GET /devices/{deviceId}/oven → 200 → /mode: string → null | string", kind: .nullabilityChanged),
        Mutation(name: "a message member retyped", file: "fridge-temperatures.har", edit: { document in
            let socket = try #require(document.log.entries.firstIndex { $0.isWebSocket })
            for message in document.log.entries[socket].webSocketMessages!.indices {
                try document.editMessage(ofEntry: socket, message: message) { payload in
                    payload["deviceType"] == "fridge" ? editing(payload, at: "/state/isDoorOpen", to: "no") : payload
                }
            }
        }, line: "BREAKING  /ws message state fridge → /state/isDoorOpen: boolean → string", kind: .typeChanged),
        Mutation(name: "a missing WebSocket message type", file: "fridge-temperatures.har", edit: { document in
            let socket = try #require(document.log.entries.firstIndex { $0.isWebSocket })
            document.log.entries[socket].webSocketMessages!.removeAll { $0.data.contains(#""deviceType":"ice_maker""#) }
        }, line: "BREAKING  /ws message state ice_maker: seen → absent", kind: .messageRemoved),
        Mutation(name: "a missing response status", file: "dishwasher-commands.har", edit: { document in
            document.log.entries.removeAll { $0.response.status == 409 }
        }, line: "BREAKING  POST /devices/{deviceId}/dishwasher/start → 409: seen → absent", kind: .responseRemoved),
    ]

    /// `old/FILE` (committed) and `new/FILE` (mutated) under `folder`.
    private func folders(for mutation: Mutation, in folder: TemporaryFolder) throws -> (URL, URL) {
        let old = try folder.copyRecordings([mutation.file], into: "old")
        let new = try folder.copyRecordings([mutation.file], into: "new")
        try mutateHAR(new.appendingPathComponent(mutation.file), mutation.edit)
        return (old, new)
    }

    @Test("kitchen diff on the two folders exits 1 and names the location", arguments: shapeMutations)
    func shapeDiffFails(_ mutation: Mutation) async throws {
        let folder = try TemporaryFolder("recording-mutation")
        defer { folder.remove() }
        let (old, new) = try folders(for: mutation, in: folder)
        let outcome = await kitchen("diff", old.path, new.path)
        #expect(outcome.status == .failure)
        #expect(outcome.out.split(separator: "\n").contains { $0 == mutation.line }, "\(outcome.out)")
        let changes = ShapeDiff.compare(old: RecordingShapes(try RecordingFolder.load(old)),
                                        new: RecordingShapes(try RecordingFolder.load(new)))
        #expect(changes.first { $0.description == mutation.line }?.kind == mutation.kind)
    }

    @Test("a renamed field shows as the old name removed (breaking) and the new one added (a notice)")
    func renameIsRemovalPlusAddition() throws {
        let folder = try TemporaryFolder("rename")
        defer { folder.remove() }
        let (old, new) = try folders(for: Self.shapeMutations[0], in: folder)
        let changes = ShapeDiff.compare(old: RecordingShapes(try RecordingFolder.load(old)),
                                        new: RecordingShapes(try RecordingFolder.load(new)))
        #expect(changes.map(\.description) == [
            "BREAKING  POST /devices/{deviceId}/fridge/temperature → 200 → /targetTemp: absent → integer".replacingOccurrences(
                of: "BREAKING", with: "ADDITIVE"),
            "BREAKING  POST /devices/{deviceId}/fridge/temperature → 200 → /targetTemperature: integer → absent",
        ])
    }

    @Test("kitchen verify fails check 1 on a response field of the wrong type, naming file, entry and pointer")
    func wrongTypeFailsCheckOne() async throws {
        let folder = try TemporaryFolder("wrong-type")
        defer { folder.remove() }
        let recordings = try folder.copyRecordings(["oven-controls.har"])
        try mutateHAR(recordings.appendingPathComponent("oven-controls.har")) { document in
            try document.editResponseBody(ofEntry: 3) { editing($0, at: "/isOn", to: "yes") }
        }
        let outcome = await kitchen("verify", "--recordings", recordings.path, "--contracts", Repository.contracts.path,
                                    "--only", "oven-controls.har#3")
        #expect(outcome.status == .failure)
        #expect(outcome.out.contains("""
            FAIL [contract] oven-controls.har #3 POST /devices/{deviceId}/oven/power → 200
              at /response/body/isOn
                expected: boolean
                found:    string "yes"
                rule:     #/components/schemas/OvenState/properties/isOn/type
            """), "\(outcome.out)")
        #expect(outcome.out.contains(
            "reproduce: kitchen verify --recordings \(recordings.path) --contracts \(Repository.contracts.path) --only oven-controls.har#3"))
    }

    @Test("kitchen verify fails check 1 on an undeclared status")
    func undeclaredStatusFailsCheckOne() async throws {
        let folder = try TemporaryFolder("status")
        defer { folder.remove() }
        let recordings = try folder.copyRecordings(["oven-controls.har"])
        try mutateHAR(recordings.appendingPathComponent("oven-controls.har")) { $0.log.entries[4].response.status = 418 }
        let outcome = await kitchen("verify", "--recordings", recordings.path, "--contracts", Repository.contracts.path,
                                    "--only", "oven-controls.har#4", "--format", "json")
        #expect(outcome.status == .failure)
        let report = try JSONValue(parsing: outcome.out)
        let finding = try #require(report["findings"]?.arrayValue?.first { $0["check"] == "contract" })
        #expect(finding["location"] == "/response/status")
        #expect(finding["actual"] == "418")
        #expect(finding["entry"] == 4)
        #expect(finding["file"] == "oven-controls.har")
        #expect(finding["expected"]?.stringValue?.contains("a status declared for setOvenTemperature") == true)
    }

    @Test("a JSON body that does not parse fails check 1 at that body, saying why")
    func unparsableBodyFailsCheckOne() throws {
        let contracts = try #require(Fixtures.contracts)
        var document = try #require(Fixtures.recording("oven-controls.har")).document
        document.log.entries[4].response.content.text = #"{"isOn": "#
        let recording = LoadedRecording(document: document, name: "oven-controls.har")
        let findings = ContractCheck(contracts: contracts).findings(for: recording.entries[4], in: recording.name)
        let unreadable = try #require(findings.first)
        #expect(unreadable.location == "/response/body")
        #expect(unreadable.expected == "a JSON body")
        #expect(unreadable.actual.hasPrefix("unreadable: "), "\(unreadable.actual)")
        #expect(recording.entries[4].exchange.responseBody == nil)
        #expect(recording.entries[4].exchange.requestBody != nil)
    }

    @Test("a dropped required field fails check 3 (the client cannot decode it) and check 4 (the mock cannot answer it)")
    func droppedFieldFailsClientAndMock() async throws {
        let contracts = try #require(Fixtures.contracts)
        var document = try #require(Fixtures.recording("oven-controls.har")).document
        try document.editResponseBody(ofEntry: 4) { editing($0, at: "/lastUpdated", to: nil) }
        let recording = LoadedRecording(document: document, name: "oven-controls.har")
        let client = ClientDecodingCheck(contracts: contracts).findings(for: recording.entries[4], in: recording.name)
        #expect(client.map(\.location) == ["/response/body/lastUpdated"])
        #expect(client.first?.actual == #"missing required member "lastUpdated""#)
        let mock = await MockCheck(contracts: contracts).results(for: recording).first { $0.verifyCase.entry == 4 }
        #expect(mock?.findings.map(\.location) == ["/response/body/lastUpdated"])
        let contract = ContractCheck(contracts: contracts).findings(for: recording.entries[4], in: recording.name)
        #expect(contract.map(\.location) == ["/response/body/lastUpdated"])
    }

    @Test("a contract file that is not JSON stops the run with an error naming the file, as every contract error does")
    func unparsableContractFile() throws {
        let folder = try TemporaryFolder("contract-json")
        defer { folder.remove() }
        let contractsFolder = try folder.copyContracts()
        try Data(#"{"asyncapi": "#.utf8).write(to: contractsFolder.appendingPathComponent("kitchen.asyncapi.json"))
        let error = #expect(throws: VerifyError.self) { try ContractSet(folder: contractsFolder) }
        guard case .invalidContract(let explanation)? = error else {
            Issue.record("expected invalidContract, got \(String(describing: error))")
            return
        }
        #expect(explanation.hasPrefix("kitchen.asyncapi.json#: not JSON: "), "\(explanation)")
    }

    @Test("a member the contract requires but the client's model lacks is reported by name as dropped on re-encoding")
    func reencodingDropsAnUnmodelledRequiredMember() async throws {
        let folder = try TemporaryFolder("reencode")
        defer { folder.remove() }
        let contractsFolder = try folder.copyContracts()
        try mutateJSONFile(contractsFolder.appendingPathComponent("kitchen.openapi.json")) { document in
            let withSerial = editing(document, at: "/components/schemas/OvenState/properties/serial", to: ["type": "string"])
            let required = withSerial["components"]?["schemas"]?["OvenState"]?["required"]?.arrayValue ?? []
            return editing(withSerial, at: "/components/schemas/OvenState/required", to: .array(required + ["serial"]))
        }
        let contracts = try ContractSet(folder: contractsFolder)
        var document = try #require(Fixtures.recording("oven-controls.har")).document
        try document.editResponseBody(ofEntry: 4) { editing($0, at: "/serial", to: "KX-1") }
        let recording = LoadedRecording(document: document, name: "oven-controls.har")
        #expect(ContractCheck(contracts: contracts).findings(for: recording.entries[4], in: recording.name) == [])
        let client = ClientDecodingCheck(contracts: contracts).findings(for: recording.entries[4], in: recording.name)
        #expect(client.map(\.location) == ["/response/body/serial"])
        #expect(client.first?.expected == #"required member "serial" kept when the client re-encodes"#)
        #expect(client.first?.actual == "dropped by re-encoding")
        // The mock's default oven state lacks it too.
        let stub = MockCheck(contracts: contracts).defaultStubFindings(.getOvenState)
        #expect(stub.map(\.location) == ["default stub getOvenState /serial"])
    }

    @Test("a message the client cannot decode fails check 3 at the message")
    func undecodableMessageFailsCheckThree() throws {
        let contracts = try #require(Fixtures.contracts)
        var document = try #require(Fixtures.recording("fridge-temperatures.har")).document
        let socket = try #require(document.log.entries.firstIndex { $0.isWebSocket })
        try document.editMessage(ofEntry: socket, message: 0) { editing($0, at: "/state/isOn", to: 1) }
        let recording = LoadedRecording(document: document, name: "fridge-temperatures.har")
        let entry = recording.entries[socket]
        let findings = ClientDecodingCheck(contracts: contracts).findings(for: entry.messages[0], of: entry, in: recording.name)
        #expect(findings.count == 1)
        #expect(findings.first?.message == 0)
        #expect(findings.first?.location == "/state/isOn")
        #expect(findings.first?.actual.contains("isOn") == true)
    }
}
