import Foundation

/// The modules a Swift source file imports: `import M`, `@testable import M`,
/// `public import M`, `import struct M.T`, including those inside `#if` blocks.
enum SourceImports {
    /// The modules `source` imports.
    static func modules(in source: String) -> Set<String> {
        var found: Set<String> = []
        for line in source.split(separator: "\n") {
            var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            while let first = words.first, first.hasPrefix("@") || ["public", "internal", "package", "private", "fileprivate"].contains(first) {
                words.removeFirst()
            }
            guard words.first == "import", words.count >= 2 else { continue }
            let kinds: Set<String> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
            let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
            if let module = path.split(separator: ".").first { found.insert(String(module)) }
        }
        return found
    }

    /// Per target (by name), per source file, the modules it imports; `root` is the package folder.
    static func table(for package: DescribedPackage, root: URL) throws -> [String: [String: Set<String>]] {
        var table: [String: [String: Set<String>]] = [:]
        for target in package.targets where target.type != "test" {
            var files: [String: Set<String>] = [:]
            for source in target.sources {
                let url = root.appendingPathComponent(target.path).appendingPathComponent(source)
                files[source] = modules(in: try String(contentsOf: url, encoding: .utf8))
            }
            table[target.name] = files
        }
        return table
    }
}
