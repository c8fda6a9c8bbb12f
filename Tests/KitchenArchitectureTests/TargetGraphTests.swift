import Foundation
import KitchenTestSupport
import Testing

/// The package's target graph is the one written at the top of `Package.swift`: read from
/// `swift package describe --type json`, every target's dependencies and imports are held to it,
/// and the `kitchen` executable reaches shipped targets only.
@Suite("Target graph", .timeLimit(.minutes(2)))
struct TargetGraphTests {
    static let root = Repository.root

    /// `describe()`, run once for the suite's tests, its wait off the cooperative pool.
    static let described = Task { try await offThePool { try describe() } }

    /// The package as SwiftPM describes it. A scratch folder of its own keeps `describe` from
    /// waiting on the lock of the `.build` that the running `swift test` holds.
    static func describe() throws -> DescribedPackage {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kitchen-describe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outcome = try ExternalProcess.runBlocking("/usr/bin/env", [
            "swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "describe", "--type", "json",
        ], timeoutSeconds: 90)
        guard outcome.status == 0, !outcome.timedOut else { throw DescribeFailed(outcome: outcome.description) }
        return try JSONDecoder().decode(DescribedPackage.self, from: Data(outcome.stdout.utf8))
    }

    struct DescribeFailed: Error, CustomStringConvertible {
        let outcome: String
        var description: String { "swift package describe failed: \(outcome)" }
    }

    static func declared() throws -> DeclaredGraph {
        try DeclaredGraph(manifest: String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8))
    }

    @Test("Package.swift's targets, dependencies and imports are the graph its header comment declares")
    func packageMatchesDeclaredGraph() async throws {
        let declared = try Self.declared()
        let described = try await Self.described.value
        let imports = try SourceImports.table(for: described, root: Self.root)
        let problems = GraphCheck(declared: declared, described: described, imports: imports).problems
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
        // The check saw the real package: the CLI and its libraries are there.
        #expect(described.closure(of: "kitchen").keys.contains("KitchenReproduce"))
    }

    @Test("the test glue (KitchenSwiftTesting, KitchenIntercept) reaches none of the app's modules")
    func glueStandsOnTheHarness() async throws {
        let described = try await Self.described.value
        for glue in GraphCheck.genericGlue.sorted() {
            #expect(described.target(glue) != nil, "\(glue) is no longer a target: name the glue in GraphCheck.genericGlue")
        }
        let problems = GraphCheck(declared: try Self.declared(), described: described, imports: [:]).problems.filter {
            if case .glueReachesApp = $0 { true } else { false }
        }
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }

    @Test("the kitchen executable's closure holds shipped targets only and no test framework import")
    func executableLinksNoTestSupport() async throws {
        let declared = try Self.declared()
        let described = try await Self.described.value
        let closure = described.closure(of: "kitchen")
        let notShipped = closure.keys.filter { declared.sections[$0] != .shipped }.sorted()
        #expect(notShipped.isEmpty, "\(notShipped.compactMap { closure[$0]?.joined(separator: " -> ") })")
        for name in ["KitchenTesting", "KitchenControllerProperties", "KitchenSwiftTesting", "KitchenIntercept", "KitchenTestSupport"] {
            #expect(declared.sections[name] == .testSupport)
            #expect(closure[name] == nil, "kitchen reaches \(name): \(closure[name] ?? [])")
        }
        let imports = try SourceImports.table(for: described, root: Self.root)
        let testImports = closure.keys.flatMap { name in
            (imports[name] ?? [:]).filter { !$0.value.isDisjoint(with: GraphCheck.testFrameworks) }.map { "\(name)/\($0.key)" }
        }
        #expect(testImports.isEmpty, "\(testImports.sorted())")
    }
}
