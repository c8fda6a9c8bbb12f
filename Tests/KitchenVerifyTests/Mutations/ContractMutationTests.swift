import Foundation
import HarnessCore
import KitchenContracts
import Testing
import KitchenTestSupport

/// A gate that cannot fail is worthless: for every kind of breaking contract change the issue
/// lists, a copy of a committed contract is mutated and `kitchen diff` must exit 1 with a line
/// naming the exact location; the library call must classify it as that kind.
@Suite("Mutations: breaking contract changes fail kitchen diff", .timeLimit(.minutes(2)))
struct ContractMutationTests {
    struct Mutation: Sendable, CustomTestStringConvertible {
        let name: String
        let file: String
        let edit: @Sendable (JSONValue) -> JSONValue
        /// A line `kitchen diff` must print.
        let line: String
        let kind: ContractChange.Kind
        var testDescription: String { name }
    }

    static let openAPI = "kitchen.openapi.json", asyncAPI = "kitchen.asyncapi.json"

    static let mutations: [Mutation] = [
        Mutation(name: "a removed response field", file: openAPI,
                 edit: { editing($0, at: "/components/schemas/OvenState/properties/mode", to: nil) },
                 line: "BREAKING  POST /devices/{deviceId}/oven/power → 200 → /properties/mode: string → absent",
                 kind: .propertyRemoved),
        Mutation(name: "a removed operation", file: openAPI,
                 edit: { editing($0, at: "/paths/~1devices~1{deviceId}~1icemaker~1rate", to: nil) },
                 line: "BREAKING  POST /devices/{deviceId}/icemaker/rate: setIceMakerRate → absent", kind: .operationRemoved),
        Mutation(name: "a removed status", file: openAPI,
                 edit: { editing($0, at: "/paths/~1auth~1login/post/responses/413", to: nil) },
                 line: "BREAKING  POST /auth/login → 413: The request body is over 64 KiB. → absent", kind: .responseRemoved),
        Mutation(name: "a removed enum value", file: openAPI,
                 edit: { editing($0, at: "/components/schemas/OvenMode/enum/6", to: nil) },
                 line: #"BREAKING  POST /devices/{deviceId}/oven/mode → request → /properties/mode/enum: "warm" → absent"#,
                 kind: .enumValueRemoved),
        Mutation(name: "a changed type", file: openAPI,
                 edit: { editing($0, at: "/components/schemas/OvenState/properties/targetTemperature/type", to: "string") },
                 line: "BREAKING  GET /devices/{deviceId}/oven → 200 → /properties/targetTemperature/type: integer → string",
                 kind: .typeChanged),
        Mutation(name: "a new required request field", file: openAPI,
                 edit: { document in
                     let added = editing(document, at: "/components/schemas/FridgeTemperatureRequest/properties/unit", to: ["type": "string"])
                     return editing(added, at: "/components/schemas/FridgeTemperatureRequest/required", to: ["temperature", "unit"])
                 },
                 line: "BREAKING  POST /devices/{deviceId}/fridge/temperature → request → /properties/unit: absent → required string",
                 kind: .requiredPropertyAdded),
        Mutation(name: "a narrowed range", file: openAPI,
                 edit: { editing($0, at: "/components/schemas/OvenTemperatureRequest/properties/targetTemperature/maximum", to: 500) },
                 line: "BREAKING  POST /devices/{deviceId}/oven/temperature → request → /properties/targetTemperature/maximum: 550 → 500",
                 kind: .rangeNarrowed),
        Mutation(name: "a response field no longer nullable", file: openAPI,
                 edit: { editing($0, at: "/components/schemas/DishwasherState/properties/cycle/type", to: "string") },
                 line: "BREAKING  GET /devices/{deviceId}/dishwasher → 200 → /properties/cycle/type: string or null → string",
                 kind: .nullabilityChanged),
        Mutation(name: "a response field made nullable", file: openAPI,
                 edit: { editing($0, at: "/components/schemas/OvenState/properties/mode/type", to: ["string", "null"]) },
                 line: "BREAKING  GET /devices/{deviceId}/oven → 200 → /properties/mode/type: string → string or null",
                 kind: .nullabilityChanged),
        Mutation(name: "a removed WebSocket message type", file: asyncAPI,
                 edit: { document in
                     let unused = editing(document, at: "/operations/sendStateUpdates/messages/3", to: nil)
                     return editing(unused, at: "/channels/liveUpdates/messages/iceMakerState", to: nil)
                 },
                 line: #"BREAKING  /ws → iceMakerState: "ice_maker" → absent"#, kind: .messageRemoved),
    ]

    /// `(original, mutated)` copies of the contract `mutation` edits.
    private func files(for mutation: Mutation, in folder: TemporaryFolder) throws -> (URL, URL) {
        let original = Repository.contracts.appendingPathComponent(mutation.file)
        let mutated = folder.file("mutated-" + mutation.file)
        try FileManager.default.copyItem(at: original, to: mutated)
        try mutateJSONFile(mutated, mutation.edit)
        return (original, mutated)
    }

    @Test("kitchen diff exits 1 and names the location; --format junit has a failure per breaking change", arguments: mutations)
    func diffFailsAtTheLocation(_ mutation: Mutation) async throws {
        let folder = try TemporaryFolder("contract-mutation")
        defer { folder.remove() }
        let (original, mutated) = try files(for: mutation, in: folder)
        let outcome = await kitchen("diff", original.path, mutated.path)
        #expect(outcome.status == .failure)
        #expect(outcome.out.split(separator: "\n").contains { $0 == mutation.line }, "\(outcome.out)")
        let breaking = outcome.out.split(separator: "\n").filter { $0.hasPrefix("BREAKING") }.count
        let junit = await kitchen("diff", original.path, mutated.path, "--format", "junit")
        #expect(junit.status == .failure)
        #expect(junit.out.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
        #expect(junit.out.contains(#"<testsuites name="kitchen diff" tests=""#) && junit.out.contains(#"failures="\#(breaking)">"#), "\(junit.out)")
        #expect(junit.out.components(separatedBy: "<failure message=").count - 1 == breaking)
    }

    @Test("the diff classifies the change as its kind, breaking", arguments: mutations)
    func diffClassifiesTheKind(_ mutation: Mutation) throws {
        let folder = try TemporaryFolder("contract-mutation")
        defer { folder.remove() }
        let (original, mutated) = try files(for: mutation, in: folder)
        let changes = try ContractDiff.compareFiles(old: original, new: mutated)
        let change = try #require(changes.first { $0.description == mutation.line })
        #expect(change.kind == mutation.kind)
        #expect(change.severity == .breaking)
    }

    @Test("the unmutated contracts diff clean: exit 0")
    func unchangedIsClean() async {
        let outcome = await kitchen("diff", Repository.openAPI.path, Repository.openAPI.path)
        #expect(outcome.status == .success)
        #expect(outcome.out.hasPrefix("0 breaking, 0 additive change(s)"))
        let junit = await kitchen("diff", Repository.openAPI.path, Repository.openAPI.path, "--format", "junit")
        #expect(junit.status == .success)
        #expect(junit.out.contains(#"<testcase classname="kitchen.diff" name="no change"/>"#), "\(junit.out)")
    }

    @Test("an additive change passes: a new optional request field and a new operation")
    func additivePasses() async throws {
        let folder = try TemporaryFolder("contract-additive")
        defer { folder.remove() }
        let mutated = folder.file("additive.json")
        try FileManager.default.copyItem(at: Repository.openAPI, to: mutated)
        try mutateJSONFile(mutated) { document in
            let optional = editing(document, at: "/components/schemas/FridgeTemperatureRequest/properties/unit", to: ["type": "string"])
            return editing(optional, at: "/paths/~1health", to: [
                "get": ["operationId": "health", "responses": ["204": ["description": "Up."]]],
            ])
        }
        let outcome = await kitchen("diff", Repository.openAPI.path, mutated.path)
        #expect(outcome.status == .success)
        #expect(outcome.out.contains("ADDITIVE  GET /health: absent → health"))
        #expect(outcome.out.contains("ADDITIVE  POST /devices/{deviceId}/fridge/temperature → request → /properties/unit"))
    }

    @Test("kitchen verify with a mutated contract fails on the committed recordings, naming entry and pointer")
    func verifyFailsAgainstAMutatedContract() async throws {
        let folder = try TemporaryFolder("contract-verify")
        defer { folder.remove() }
        let contracts = try folder.copyContracts()
        try mutateJSONFile(contracts.appendingPathComponent(Self.openAPI)) {
            editing($0, at: "/components/schemas/OvenState/properties/targetTemperature/type", to: "string")
        }
        let outcome = await kitchen("verify", "--contracts", contracts.path, "--recordings", Repository.recordings.path,
                                    "--only", "oven-controls.har#3")
        #expect(outcome.status == .failure)
        #expect(outcome.out.contains("FAIL [contract] oven-controls.har #3 POST /devices/{deviceId}/oven/power → 200"))
        #expect(outcome.out.contains("  at /response/body/targetTemperature\n    expected: string"))
        #expect(outcome.out.contains("--only oven-controls.har#3"))
    }
}
