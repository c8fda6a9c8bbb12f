import Foundation

/// The target graph written at the top of `Package.swift`: each target under its section
/// (`shipped`, `test support`, `tools`), in order, with the targets it depends on.
///
/// ```swift
/// // shipped:
/// //   HarnessCore ->
/// //   HTTPWire -> HarnessCore
/// let graph = try DeclaredGraph(manifest: text)
/// graph.dependencies["HTTPWire"]   // ["HarnessCore"]
/// ```
struct DeclaredGraph: Equatable {
    /// What a target is for; only `shipped` targets may be linked by the `kitchen` executable.
    enum Section: String, CaseIterable {
        case shipped
        case testSupport = "test support"
        case tools
    }

    /// Why the comment could not be read as a graph.
    enum ParseError: Error, Equatable, CustomStringConvertible {
        /// No `// shipped:` line opens the block.
        case noGraph
        /// A target line before any section heading (the line).
        case targetOutsideSection(String)
        /// A target listed twice (its name).
        case duplicateTarget(String)

        var description: String {
            switch self {
            case .noGraph: "Package.swift has no target graph comment (a '// shipped:' line)"
            case .targetOutsideSection(let line): "target line outside a section: \(line)"
            case .duplicateTarget(let name): "\(name) is listed twice in the graph"
            }
        }
    }

    /// Targets in the order written.
    private(set) var order: [String] = []
    /// Each target's dependencies, as written.
    private(set) var dependencies: [String: [String]] = [:]
    /// Each target's section.
    private(set) var sections: [String: Section] = [:]

    /// Reads the first comment block of `manifest` that holds a `// shipped:` heading; it ends at
    /// the first line that is not a comment.
    init(manifest: String) throws(ParseError) {
        var section: Section?
        var inBlock = false
        for line in manifest.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            guard line.hasPrefix("//") else {
                if inBlock { break }
                continue
            }
            let text = line.dropFirst(2)
            if let heading = Section.allCases.first(where: { text == " \($0.rawValue):" }) {
                section = heading
                inBlock = true
                continue
            }
            guard text.hasPrefix("   "), let arrow = text.range(of: " ->") else { continue }
            let name = text[..<arrow.lowerBound].trimmingCharacters(in: .whitespaces)
            guard let section else { throw .targetOutsideSection(line) }
            guard dependencies[name] == nil else { throw .duplicateTarget(name) }
            order.append(name)
            sections[name] = section
            dependencies[name] = text[arrow.upperBound...].split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        guard inBlock else { throw .noGraph }
    }
}
