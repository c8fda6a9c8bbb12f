import Foundation

/// The files allowed to name a platform's C library, as README lists them between
/// `<!-- fenced files -->` and `<!-- end fenced files -->`: one `` - `path` `` a line, paths
/// from the package root, `*` matching any characters within one path component.
struct FencedFiles: Equatable {
    enum ParseError: Error, Equatable {
        /// The README has no fence list between the two markers.
        case noList
    }

    static let start = "<!-- fenced files -->"
    static let end = "<!-- end fenced files -->"

    let patterns: [String]

    init(patterns: [String]) { self.patterns = patterns }

    /// The list in `readme`.
    init(readme: String) throws(ParseError) {
        guard let from = readme.range(of: Self.start), let to = readme.range(of: Self.end),
              from.upperBound <= to.lowerBound else { throw .noList }
        patterns = readme[from.upperBound..<to.lowerBound].split(separator: "\n").compactMap { line in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("- `") else { return nil }
            return text.dropFirst(3).split(separator: "`").first.map(String.init)
        }
        guard !patterns.isEmpty else { throw .noList }
    }

    /// Whether `path` (from the package root) is fenced.
    func contains(_ path: String) -> Bool { patterns.contains { Self.matches(path, pattern: $0) } }

    /// `*` matches any run of characters except `/`; everything else matches itself.
    static func matches(_ path: String, pattern: String) -> Bool {
        let pathParts = path.split(separator: "/", omittingEmptySubsequences: false)
        let patternParts = pattern.split(separator: "/", omittingEmptySubsequences: false)
        guard pathParts.count == patternParts.count else { return false }
        return zip(pathParts, patternParts).allSatisfy { matchesComponent(Array($0), Array($1)) }
    }

    private static func matchesComponent(_ text: [Character], _ pattern: [Character]) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == "*" {
            return (0...text.count).contains { matchesComponent(Array(text[$0...]), Array(pattern.dropFirst())) }
        }
        return text.first == first && matchesComponent(Array(text.dropFirst()), Array(pattern.dropFirst()))
    }
}
