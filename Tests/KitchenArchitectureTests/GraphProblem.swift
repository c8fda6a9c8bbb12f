/// One way the package's real graph breaks the declared one: one case per rule.
enum GraphProblem: Equatable, CustomStringConvertible {
    /// A target the graph comment does not list.
    case unlisted(target: String)
    /// A listed target the package does not have.
    case missing(target: String)
    /// A dependency in the package that the graph does not allow.
    case undeclaredDependency(target: String, dependency: String)
    /// A dependency the graph lists that the package does not declare (the comment is stale).
    case staleDependency(target: String, dependency: String)
    /// A dependency on a target listed below (or not at all): it points the wrong way.
    case pointsUp(target: String, dependency: String)
    /// A shipped target depending on test support or a tool.
    case shippedOnNonShipped(target: String, dependency: String)
    /// A source file importing a module its target does not depend on.
    case undeclaredImport(target: String, file: String, module: String)
    /// `kitchen` reaches a target that is not shipped, by this path.
    case executableReachesNonShipped(path: [String])
    /// A source linked into `kitchen` imports a test framework.
    case executableImportsTestFramework(target: String, file: String, module: String)
    /// Generic test glue reaches one of the app's modules, by this path.
    case glueReachesApp(path: [String])

    var description: String {
        switch self {
        case .unlisted(let target): "\(target) is not in the graph at the top of Package.swift"
        case .missing(let target): "the graph lists \(target), which Package.swift does not declare"
        case .undeclaredDependency(let target, let dependency): "\(target) depends on \(dependency); the graph does not allow it"
        case .staleDependency(let target, let dependency): "the graph says \(target) -> \(dependency); Package.swift does not declare it"
        case .pointsUp(let target, let dependency): "\(target) -> \(dependency) points up: \(dependency) is not listed above \(target)"
        case .shippedOnNonShipped(let target, let dependency): "shipped \(target) depends on \(dependency), which is not shipped"
        case .undeclaredImport(let target, let file, let module): "\(target)/\(file) imports \(module), not a dependency of \(target)"
        case .executableReachesNonShipped(let path): "kitchen links a non-shipped target: " + path.joined(separator: " -> ")
        case .executableImportsTestFramework(let target, let file, let module): "kitchen links \(target)/\(file), which imports \(module)"
        case .glueReachesApp(let path): "the test glue reaches the app: " + path.joined(separator: " -> ")
        }
    }
}
