import Testing

/// The graph check itself, on small made-up packages: each rule fires on the package that breaks it.
@Suite("Graph check rules")
struct GraphCheckTests {
    static let manifest = """
        // shipped:
        //   Core ->
        //   Wire -> Core
        //   API -> Wire, Core
        //   Replay -> Wire, Core
        //   kitchen -> Replay
        // test support:
        //   Properties -> API
        let package = Package(
        """

    static func target(_ name: String, _ dependencies: [String], type: String = "library") -> DescribedPackage.Target {
        .init(name: name, type: type, c99name: name, path: "Sources/\(name)", sources: ["\(name).swift"],
              targetDependencies: dependencies, productDependencies: nil)
    }

    static let conforming = [
        target("Core", []), target("Wire", ["Core"]), target("API", ["Wire", "Core"]), target("Replay", ["Wire", "Core"]),
        target("kitchen", ["Replay"], type: "executable"), target("Properties", ["API"]),
        target("PropertiesTests", ["Properties", "kitchen"], type: "test"),
    ]

    static func problems(_ targets: [DescribedPackage.Target], imports: [String: [String: Set<String>]] = [:],
                         manifest: String = manifest) throws -> [GraphProblem] {
        GraphCheck(declared: try DeclaredGraph(manifest: manifest), described: DescribedPackage(targets: targets), imports: imports).problems
    }

    @Test("a package that matches its graph has no problem")
    func conformingPackage() throws {
        #expect(try Self.problems(Self.conforming, imports: ["Replay": ["Replay.swift": ["Wire", "Foundation"]]]) == [])
    }

    @Test("the graph comment reads as sections, targets in order and their dependencies")
    func parsesComment() throws {
        let graph = try DeclaredGraph(manifest: Self.manifest)
        #expect(graph.order == ["Core", "Wire", "API", "Replay", "kitchen", "Properties"])
        #expect(graph.dependencies["API"] == ["Wire", "Core"])
        #expect(graph.dependencies["Core"] == [])
        #expect(graph.sections["Properties"] == .testSupport)
        #expect(throws: DeclaredGraph.ParseError.noGraph) { try DeclaredGraph(manifest: "let package = Package(") }
        #expect(throws: DeclaredGraph.ParseError.duplicateTarget("Core")) {
            try DeclaredGraph(manifest: "// shipped:\n//   Core ->\n//   Core ->\n")
        }
    }

    @Test("replay gaining a dependency on the API is reported")
    func undeclaredDependency() throws {
        var targets = Self.conforming
        targets[3] = Self.target("Replay", ["Wire", "Core", "API"])
        #expect(try Self.problems(targets) == [.undeclaredDependency(target: "Replay", dependency: "API")])
    }

    @Test("a dependency the package dropped but the comment keeps is reported as stale")
    func staleDependency() throws {
        var targets = Self.conforming
        targets[2] = Self.target("API", ["Wire"])
        #expect(try Self.problems(targets) == [.staleDependency(target: "API", dependency: "Core")])
    }

    @Test("a target missing from the comment, and one the package lacks, are reported")
    func listing() throws {
        let targets = Self.conforming.filter { $0.name != "Properties" } + [Self.target("Extra", [])]
        #expect(try Self.problems(targets) == [.unlisted(target: "Extra"), .missing(target: "Properties")])
    }

    @Test("a declared dependency on a target listed below points up")
    func pointsUp() throws {
        let manifest = Self.manifest.replacingOccurrences(of: "//   Wire -> Core", with: "//   Wire -> Core, API")
        var targets = Self.conforming
        targets[1] = Self.target("Wire", ["Core", "API"])
        #expect(try Self.problems(targets, manifest: manifest) == [.pointsUp(target: "Wire", dependency: "API")])
    }

    @Test("a shipped target on test support is reported, and so is kitchen reaching it")
    func shippedOnTestSupport() throws {
        let manifest = Self.manifest
            .replacingOccurrences(of: "//   kitchen -> Replay\n", with: "")
            .replacingOccurrences(of: "//   Properties -> API", with: "//   Properties -> API\n// tools:\n//   kitchen -> Replay, Properties")
        var targets = Self.conforming
        targets[4] = Self.target("kitchen", ["Replay", "Properties"], type: "executable")
        #expect(try Self.problems(targets, manifest: manifest) == [
            .executableReachesNonShipped(path: ["kitchen", "Properties"]),
            .executableReachesNonShipped(path: ["kitchen"]),
        ])
        let shipped = Self.manifest.replacingOccurrences(of: "//   kitchen -> Replay", with: "//   kitchen -> Replay, Properties")
        #expect(try Self.problems(targets, manifest: shipped).contains(.shippedOnNonShipped(target: "kitchen", dependency: "Properties")))
    }

    @Test("an import of a module the target does not depend on is reported, even one reached transitively")
    func undeclaredImport() throws {
        let problems = try Self.problems(Self.conforming, imports: ["Replay": ["Session.swift": ["Wire", "API"]]])
        #expect(problems == [.undeclaredImport(target: "Replay", file: "Session.swift", module: "API")])
    }

    @Test("a source linked into kitchen that imports Swift Testing is reported")
    func executableImportsTesting() throws {
        let problems = try Self.problems(Self.conforming, imports: ["Wire": ["Trait.swift": ["Testing"]]])
        #expect(problems == [.executableImportsTestFramework(target: "Wire", file: "Trait.swift", module: "Testing")])
    }

    @Test("test glue reaching an app module, directly or through another target, is reported with the path")
    func glueReachesApp() throws {
        let manifest = Self.manifest.replacingOccurrences(of: "//   Properties -> API", with: "//   Properties -> API\n//   Glue -> Replay")
        let glue = Self.conforming + [Self.target("Glue", ["Replay"])]
        func problems(_ targets: [DescribedPackage.Target], manifest: String = manifest) throws -> [GraphProblem] {
            var check = GraphCheck(declared: try DeclaredGraph(manifest: manifest), described: DescribedPackage(targets: targets), imports: [:])
            check.glue = ["Glue"]
            check.app = ["API"]
            return check.problems
        }
        #expect(try problems(glue) == [])
        let direct = manifest.replacingOccurrences(of: "//   Glue -> Replay", with: "//   Glue -> Replay, API")
        #expect(try problems(Self.conforming + [Self.target("Glue", ["Replay", "API"])], manifest: direct)
                == [.glueReachesApp(path: ["Glue", "API"])])
        let throughProperties = manifest.replacingOccurrences(of: "//   Glue -> Replay", with: "//   Glue -> Replay, Properties")
        #expect(try problems(Self.conforming + [Self.target("Glue", ["Replay", "Properties"])], manifest: throughProperties)
                == [.glueReachesApp(path: ["Glue", "Properties", "API"])])
    }

    @Test("imports are read from every form of the import declaration")
    func importForms() {
        let source = """
            import Foundation
            @testable import KitchenAPI
            public import HTTPWire
            import struct HarnessCore.JSONValue
            #if canImport(Glibc)
                import Glibc
            #endif
            /// import NotAModule
            let text = "import"
            """
        #expect(SourceImports.modules(in: source) == ["Foundation", "KitchenAPI", "HTTPWire", "HarnessCore", "Glibc"])
    }
}
