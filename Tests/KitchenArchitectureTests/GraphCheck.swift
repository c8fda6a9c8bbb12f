import Foundation

/// Holds a described package to its declared graph. Pure: the sources' imports come in as a
/// table, so a test can also feed it a package that breaks a rule.
///
/// ```swift
/// let problems = GraphCheck(declared: graph, described: package, imports: imports).problems
/// ```
struct GraphCheck {
    /// Modules from the toolchain, importable by any target.
    static let toolchainModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch", "Synchronization",
        "Glibc", "Musl", "Darwin", "Observation", "Testing", "XCTest",
    ]
    /// Modules that make a binary depend on a test framework.
    static let testFrameworks: Set<String> = ["Testing", "XCTest"]
    /// The executable that must reach shipped targets only.
    static let executable = "kitchen"
    /// The test glue an app's tests link: generic over the API it replays.
    static let genericGlue: Set<String> = ["KitchenSwiftTesting", "KitchenIntercept"]
    /// The demo app's own modules, which the generic glue must not reach, directly or through another target.
    static let appModules: Set<String> = ["KitchenControllers", "KitchenAPI", "KitchenScenarios"]

    let declared: DeclaredGraph
    let described: DescribedPackage
    /// Per target, per source file, the modules it imports.
    let imports: [String: [String: Set<String>]]
    /// The targets held to ``appModules`` (a test of the rule names its own).
    var glue: Set<String> = Self.genericGlue
    /// The targets ``glue`` must not reach.
    var app: Set<String> = Self.appModules

    /// Every problem, in a stable order.
    var problems: [GraphProblem] {
        listing + declaredOrder + dependencies + importsOutsideDependencies + executableClosure + glueClosure
    }

    private var checkedTargets: [DescribedPackage.Target] { described.targets.filter { $0.type != "test" } }

    private var listing: [GraphProblem] {
        let names = Set(checkedTargets.map(\.name))
        return checkedTargets.map(\.name).sorted().filter { declared.dependencies[$0] == nil }.map { .unlisted(target: $0) }
            + declared.order.filter { !names.contains($0) }.map { .missing(target: $0) }
    }

    private var declaredOrder: [GraphProblem] {
        declared.order.enumerated().flatMap { index, name in
            let above = Set(declared.order[..<index])
            return (declared.dependencies[name] ?? []).flatMap { dependency -> [GraphProblem] in
                var found: [GraphProblem] = []
                if !above.contains(dependency) { found.append(.pointsUp(target: name, dependency: dependency)) }
                if declared.sections[name] == .shipped, let section = declared.sections[dependency], section != .shipped {
                    found.append(.shippedOnNonShipped(target: name, dependency: dependency))
                }
                return found
            }
        }
    }

    private var dependencies: [GraphProblem] {
        checkedTargets.sorted { $0.name < $1.name }.flatMap { target -> [GraphProblem] in
            guard let allowed = declared.dependencies[target.name] else { return [] }
            let actual = target.dependencies
            return actual.filter { !allowed.contains($0) }.map { .undeclaredDependency(target: target.name, dependency: $0) }
                + allowed.filter { !actual.contains($0) }.map { .staleDependency(target: target.name, dependency: $0) }
        }
    }

    private var importsOutsideDependencies: [GraphProblem] {
        checkedTargets.sorted { $0.name < $1.name }.flatMap { target -> [GraphProblem] in
            let allowed = Set(target.dependencies.compactMap { described.target($0)?.c99name })
                .union(Self.toolchainModules).union([target.c99name])
            return (imports[target.name] ?? [:]).sorted { $0.key < $1.key }.flatMap { file, modules in
                modules.subtracting(allowed).sorted().map { GraphProblem.undeclaredImport(target: target.name, file: file, module: $0) }
            }
        }
    }

    private var executableClosure: [GraphProblem] {
        let closure = described.closure(of: Self.executable)
        return closure.keys.sorted().flatMap { name -> [GraphProblem] in
            var found: [GraphProblem] = []
            if declared.sections[name] != .shipped, let path = closure[name] {
                found.append(.executableReachesNonShipped(path: path))
            }
            for (file, modules) in (imports[name] ?? [:]).sorted(by: { $0.key < $1.key }) {
                for module in modules.intersection(Self.testFrameworks).sorted() {
                    found.append(.executableImportsTestFramework(target: name, file: file, module: module))
                }
            }
            return found
        }
    }

    /// Each path by which a glue target reaches an app module, the glue targets and modules in name order.
    private var glueClosure: [GraphProblem] {
        glue.sorted().flatMap { name -> [GraphProblem] in
            let closure = described.closure(of: name)
            return app.sorted().compactMap { module in closure[module].map { GraphProblem.glueReachesApp(path: $0) } }
        }
    }
}
