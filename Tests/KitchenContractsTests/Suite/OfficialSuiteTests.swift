import HarnessCore
import Testing
@testable import KitchenContracts

/// The official JSON-Schema-Test-Suite, draft 2020-12: every required test, remote
/// references served from its `remotes/` folder.
@Suite(.enabled(if: OfficialSuite.folder != nil,
                "SKIPPED: the JSON-Schema-Test-Suite is not unpacked (run `make json-schema-suite`, or set KITCHEN_JSON_SCHEMA_SUITE to a folder holding tests/draft2020-12 and remotes); the official suite did not run"))
struct OfficialSuiteTests {
    @Test("the required draft 2020-12 tests all pass")
    func required() {
        let cases = OfficialSuite.cases(in: "")
        #expect(cases.count > 1_000)
        let failures = Self.failures(cases)
        print("JSON-Schema-Test-Suite draft2020-12 required: \(cases.count - failures.count) of \(cases.count) passed")
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
    }

    @Test("optional tests of what the checker claims pass: big numbers, ECMA-262 patterns, the format-assertion vocabulary", arguments: [
        "bignum", "float-overflow", "ecmascript-regex", "non-bmp-regex", "format-assertion", "anchor", "id",
        "unknownKeyword", "refOfUnknownKeyword", "no-schema",
    ])
    func optional(name: String) {
        let cases = OfficialSuite.cases(in: "optional").filter { $0.file == "optional/\(name).json" }
        #expect(!cases.isEmpty)
        let failures = Self.failures(cases)
        print("JSON-Schema-Test-Suite draft2020-12 optional/\(name): \(cases.count - failures.count) of \(cases.count) passed")
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
    }

    @Test("optional/format passes for every asserted format, with format assertion on", arguments: FormatChecks.named.keys.sorted())
    func formats(name: String) {
        let cases = OfficialSuite.cases(in: "optional/format").filter { $0.file == "optional/format/\(name).json" }
        #expect(!cases.isEmpty)
        let failures = Self.failures(cases, formats: .assert)
        print("JSON-Schema-Test-Suite draft2020-12 optional/format/\(name): \(cases.count - failures.count) of \(cases.count) passed")
        for failure in failures { Issue.record(Comment(rawValue: failure)) }
    }

    /// One line per case whose verdict differs from the suite's.
    static func failures(_ cases: [OfficialSuite.Case], formats: SchemaOptions.Formats = .annotate) -> [String] {
        cases.compactMap { test in
            switch OfficialSuite.verdict(test, formats: formats) {
            case .success(let valid) where valid == test.valid: nil
            case .success(let valid):
                "\(test.file): \(test.group) / \(test.description): expected \(test.valid ? "valid" : "invalid"), got \(valid ? "valid" : "invalid")"
            case .failure(let error):
                "\(test.file): \(test.group) / \(test.description): schema refused: \(error)"
            }
        }
    }
}
