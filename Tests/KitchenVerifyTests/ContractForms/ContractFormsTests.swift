import Foundation
import HarnessCore
import KitchenRecording
import Testing
import KitchenTestSupport

/// Our API as API teams write contracts: a schema a file, OpenAPI 3.0.3, and with the
/// keywords a maturing API adds. Each form verifies the committed recordings with exit 0 and
/// fails a recording that breaks its rule with exit 1, naming the keyword.
@Suite("Contracts as teams write them: many files, OpenAPI 3.0.3, more keywords", .timeLimit(.minutes(3)))
struct ContractFormsTests {
    /// `kitchen verify` of `recordings` against `contracts`.
    private func verify(_ recordings: URL, _ contracts: URL, _ extra: String...) async -> CLIOutcome {
        await kitchen(["verify", "--recordings", recordings.path, "--contracts", contracts.path] + extra)
    }

    /// A copy of `file` with `edit` applied to the body of its first `method path → status` answer.
    private func broken(_ file: String, _ method: String, _ path: String, status: Int, in folder: TemporaryFolder,
                        _ edit: @escaping (JSONValue) -> JSONValue) throws -> URL {
        let recordings = try folder.copyRecordings([file], into: "broken")
        try mutateHAR(recordings.appendingPathComponent(file)) { document in
            try document.editResponseBody(ofEntry: try document.entryIndex(method, pathSuffix: path, status: status), edit)
        }
        return recordings
    }

    @Test("a schema a file: the recordings pass, and a violation names the schema's own file")
    func multiFile() async throws {
        let folder = try TemporaryFolder("multi-file")
        defer { folder.remove() }
        let (main, files) = ContractVariants.split(try ContractVariants.openAPI)
        #expect(files.count > 20)
        let contracts = try ContractVariants.write(main, files: files, into: folder)
        try await expectCleanThenTypeFailure(contracts, in: folder, rule: "schemas/OvenState.json#/properties/isOn/type")
    }

    @Test("responses and parameters in files of their own: the recordings pass, and a violation names the response's file")
    func responsesAndParametersInFiles() async throws {
        let folder = try TemporaryFolder("multi-file-responses")
        defer { folder.remove() }
        let (main, files) = ContractVariants.splitWithResponsesAndParameters(try ContractVariants.openAPI)
        #expect(files.keys.contains("responses/NotFound.json"))
        #expect(files.keys.contains("parameters/path-deviceId.json"))
        #expect(main["components"]?["responses"] == nil)
        let contracts = try ContractVariants.write(main, files: files, into: folder)
        try await expectCleanThenTypeFailure(contracts, in: folder, rule: "schemas/OvenState.json#/properties/isOn/type")
        let recordings = try broken("error-statuses.har", "GET", "/oven", status: 404, in: folder) {
            editing($0, at: "/error", to: "gone")
        }
        let outcome = await verify(recordings, contracts)
        #expect(outcome.status == .failure)
        #expect(outcome.out.contains("rule:     responses/NotFound.json#/content/application~1json/schema/allOf/1/properties/error/enum"),
                "\(outcome.out)")
    }

    /// The committed recordings pass against `contracts` (exit 0); an oven whose `isOn` is a
    /// string fails (exit 1) on `rule`.
    private func expectCleanThenTypeFailure(_ contracts: URL, in folder: TemporaryFolder, rule: String) async throws {
        let clean = await verify(Repository.recordings, contracts)
        #expect(clean.status == .success, "\(clean.out)\(clean.error)")
        let recordings = try broken("oven-controls.har", "GET", "/oven", status: 200, in: folder) { editing($0, at: "/isOn", to: "yes") }
        let outcome = await verify(recordings, contracts)
        #expect(outcome.status == .failure)
        #expect(outcome.out.contains("rule:     \(rule)"), "\(outcome.out)")
    }

    @Test("a reference to a file the folder lacks is exit 2, naming the reference and where it stands")
    func missingFile() async throws {
        let folder = try TemporaryFolder("missing-file")
        defer { folder.remove() }
        var (main, files) = ContractVariants.split(try ContractVariants.openAPI)
        files["schemas/OvenMode.json"] = nil
        let contracts = try ContractVariants.write(main, files: files, into: folder)
        let outcome = await verify(Repository.recordings, contracts)
        #expect(outcome.status == .error)
        #expect(outcome.error.contains(#"unresolvable $ref "OvenMode.json": no document file://"#), "\(outcome.error)")
        #expect(outcome.error.contains("schemas/OvenMode.json among the contract's files"), "\(outcome.error)")
        #expect(outcome.error.contains("schemas/OvenState.json#/properties/mode"), "\(outcome.error)")
    }

    @Test("OpenAPI 3.0.3 (nullable): the recordings pass, and a violation is found as in 3.1")
    func openAPI30() async throws {
        let folder = try TemporaryFolder("openapi-3.0")
        defer { folder.remove() }
        let document = ContractVariants.openAPI30(try ContractVariants.openAPI)
        #expect(document["openapi"] == "3.0.3")
        let contracts = try ContractVariants.write(document, into: folder)
        try await expectCleanThenTypeFailure(contracts, in: folder, rule: "#/components/schemas/OvenState/properties/isOn/type")
    }

    struct BrokenRule: Sendable, CustomTestStringConvertible {
        let keyword: String
        let file: String
        let method: String
        let path: String
        let status: Int
        let edit: @Sendable (JSONValue) -> JSONValue
        let rule: String
        var testDescription: String { keyword }
    }

    static let brokenRules: [BrokenRule] = [
        BrokenRule(keyword: "pattern", file: "login-and-discovery.har", method: "GET", path: "/devices", status: 200,
                   edit: { editing($0, at: "/0/id", to: "Oven 1") },
                   rule: "#/components/schemas/DeviceInfo/properties/id/pattern"),
        BrokenRule(keyword: "uniqueItems", file: "login-and-discovery.har", method: "GET", path: "/devices", status: 200,
                   edit: { list in .array((list.arrayValue ?? []) + [list[0] ?? .null]) },
                   rule: "#/paths/~1devices/get/responses/200/content/application~1json/schema/uniqueItems"),
        BrokenRule(keyword: "propertyNames", file: "login-and-discovery.har", method: "GET", path: "/devices", status: 200,
                   edit: { editing($0, at: "/0/Serial_Number", to: "X1") },
                   rule: "#/components/schemas/DeviceInfo/propertyNames/pattern"),
        BrokenRule(keyword: "if/then/not", file: "login-and-discovery.har", method: "GET", path: "/devices", status: 200,
                   edit: { list in
                       let fridge = (list.arrayValue ?? []).firstIndex { $0["type"] == "fridge" } ?? 0
                       return editing(list, at: "/\(fridge)/compartments", to: [["key": "upper", "label": "Upper"]])
                   },
                   rule: "#/components/schemas/DeviceInfo/then/not"),
        BrokenRule(keyword: "not", file: "error-statuses.har", method: "GET", path: "/oven", status: 404,
                   edit: { editing($0, at: "/message", to: "") },
                   rule: "#/components/schemas/Error/properties/message/not"),
    ]

    @Test("with the keywords a maturing API adds, the recordings pass")
    func maturedPasses() async throws {
        let folder = try TemporaryFolder("matured")
        defer { folder.remove() }
        let contracts = try ContractVariants.write(ContractVariants.matured(try ContractVariants.openAPI), into: folder)
        let outcome = await verify(Repository.recordings, contracts)
        #expect(outcome.status == .success, "\(outcome.out)\(outcome.error)")
    }

    @Test("with the keywords a maturing API adds, a recording breaking one fails naming it", arguments: brokenRules)
    func maturedCatches(_ broken: BrokenRule) async throws {
        let folder = try TemporaryFolder("matured-broken")
        defer { folder.remove() }
        let contracts = try ContractVariants.write(ContractVariants.matured(try ContractVariants.openAPI), into: folder)
        let recordings = try self.broken(broken.file, broken.method, broken.path, status: broken.status, in: folder, broken.edit)
        let outcome = await verify(recordings, contracts)
        #expect(outcome.status == .failure)
        #expect(outcome.out.contains("rule:     \(broken.rule)"), "\(outcome.out)")
    }
}
