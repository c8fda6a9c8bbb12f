import Foundation
import HarnessCore
import Testing
import KitchenTestSupport

/// `kitchen diff` compares contracts by meaning whatever their form: OpenAPI 3.0.3 against
/// 3.1, and a contract spread over files (references followed) against the one-file original.
@Suite("kitchen diff across contract forms", .timeLimit(.minutes(2)))
struct ContractFormsDiffTests {
    @Test("the same API as OpenAPI 3.0.3 and as 3.1 shows no change")
    func openAPI30AgainstOpenAPI31() async throws {
        let folder = try TemporaryFolder("diff-3.0")
        defer { folder.remove() }
        let contracts = try ContractVariants.write(ContractVariants.openAPI30(try ContractVariants.openAPI), into: folder)
        let outcome = await kitchen("diff", Repository.openAPI.path, contracts.appendingPathComponent("kitchen.openapi.json").path)
        #expect(outcome.status == .success, "\(outcome.out)\(outcome.error)")
        #expect(outcome.out.hasPrefix("0 breaking, 0 additive change(s)"), "\(outcome.out)")
    }

    @Test("a schema a file shows no change against the one-file contract; a field removed in a schema file is breaking")
    func multiFileAgainstOneFile() async throws {
        let folder = try TemporaryFolder("diff-multi-file")
        defer { folder.remove() }
        let (main, files) = ContractVariants.split(try ContractVariants.openAPI)
        let contracts = try ContractVariants.write(main, files: files, into: folder)
        let split = contracts.appendingPathComponent("kitchen.openapi.json")
        let same = await kitchen("diff", Repository.openAPI.path, split.path)
        #expect(same.status == .success, "\(same.out)\(same.error)")
        #expect(same.out.hasPrefix("0 breaking, 0 additive change(s)"), "\(same.out)")

        try mutateJSONFile(contracts.appendingPathComponent("schemas/OvenState.json")) { schema in
            let required = (schema["required"]?.arrayValue ?? []).filter { $0 != "isOn" }
            return editing(editing(schema, at: "/properties/isOn", to: nil), at: "/required", to: .array(required))
        }
        let changed = await kitchen("diff", Repository.openAPI.path, split.path)
        #expect(changed.status == .failure)
        #expect(changed.out.contains("BREAKING  GET /devices/{deviceId}/oven → 200 → /properties/isOn: boolean → absent"), "\(changed.out)")
    }

    @Test("kitchen diff on a contract whose referenced file is missing is exit 2, naming the reference")
    func missingFile() async throws {
        let folder = try TemporaryFolder("diff-missing")
        defer { folder.remove() }
        var (main, files) = ContractVariants.split(try ContractVariants.openAPI)
        files["schemas/DeviceInfo.json"] = nil
        let contracts = try ContractVariants.write(main, files: files, into: folder)
        let outcome = await kitchen("diff", Repository.openAPI.path, contracts.appendingPathComponent("kitchen.openapi.json").path)
        #expect(outcome.status == .error)
        #expect(outcome.error.contains(#"unresolvable $ref "schemas/DeviceInfo.json""#), "\(outcome.error)")
    }
}
