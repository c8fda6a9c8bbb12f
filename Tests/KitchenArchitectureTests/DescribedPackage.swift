import Foundation

/// What `swift package describe --type json` says about the package's targets.
struct DescribedPackage: Decodable {
    /// One target as SwiftPM sees it.
    struct Target: Decodable {
        var name: String
        /// `library`, `executable`, `test`, …
        var type: String
        /// The module name (`kitchen_bench` for `kitchen-bench`).
        var c99name: String
        /// The target's folder, relative to the package root.
        var path: String
        /// Its source files, relative to `path`.
        var sources: [String]
        var targetDependencies: [String]?
        var productDependencies: [String]?

        /// Every dependency, targets and products alike.
        var dependencies: [String] { (targetDependencies ?? []) + (productDependencies ?? []) }

        enum CodingKeys: String, CodingKey {
            case name, type, c99name, path, sources
            case targetDependencies = "target_dependencies"
            case productDependencies = "product_dependencies"
        }
    }

    var targets: [Target]

    /// The target named `name`.
    func target(_ name: String) -> Target? { targets.first { $0.name == name } }

    /// `name` and every target it reaches through dependencies, each with the path that first reached it.
    func closure(of name: String) -> [String: [String]] {
        var reached: [String: [String]] = [name: [name]]
        var queue = [name]
        while !queue.isEmpty {
            let current = queue.removeFirst()
            for dependency in target(current)?.dependencies ?? [] where reached[dependency] == nil {
                reached[dependency] = (reached[current] ?? []) + [dependency]
                queue.append(dependency)
            }
        }
        return reached
    }
}
