import Foundation

/// Holds one Swift source file to the platform fence. Pure: a path and its text in, problems
/// out, so a rule test can feed it a made-up file.
///
/// - A file outside the README's fence list names nothing Linux-only.
/// - Every platform block (`#if` on `canImport(Glibc)`, `canImport(Darwin)`, `canImport(Musl)`
///   or `os(Linux)`) has a Glibc and a Darwin branch and ends `#else #error(…)`. A file that
///   is wholly one platform's (all its code inside one single-branch block, like the OpenSSL
///   engine or the Apple TLS stub) is exempt: its twin is another file.
/// - FoundationNetworking-only shapes (a `required` URLProtocol initializer, using
///   `URLSession.shared.configuration`, which only FoundationNetworking lets one mutate) sit
///   under `#if canImport(FoundationNetworking)`.
///
/// ```swift
/// let problems = FenceCheck(fenced: try FencedFiles(readme: readme)).problems(path: "Sources/A/B.swift", source: text)
/// ```
struct FenceCheck {
    /// What may be named only in fenced files: identifiers (matched as words, `epoll` and
    /// `eventfd` also as the start of one, in any case) and the procfs path.
    static let linuxOnlyNames = ["epoll", "eventfd", "accept4", "SOCK_NONBLOCK", "MSG_NOSIGNAL", "Glibc", "/proc/", "dlopen"]
    static let platformConditions = ["canImport(Glibc)", "canImport(Darwin)", "canImport(Musl)", "os(Linux)"]
    static let foundationNetworkingShapes: [(pattern: String, shape: String)] = [
        (#"\brequired\s+(override\s+)?init\s*\(\s*request\s*:"#, "a `required` URLProtocol initializer"),
        (#"URLSession\.shared\.configuration\b"#, "`URLSession.shared.configuration` (a copy on Apple platforms)"),
    ]

    let fenced: FencedFiles

    /// Every problem in the file at `path` (from the package root), in line order per rule.
    func problems(path: String, source: String) -> [FenceProblem] {
        let lines = CodeLines.strippingComments(source)
        let blocks = ConditionalBlocks(lines)
        var found: [FenceProblem] = []
        if !fenced.contains(path) { found += linuxOnlyNames(path: path, lines: lines) }
        found += platformBlocks(path: path, blocks: blocks)
        found += foundationNetworkingShapes(path: path, lines: lines, blocks: blocks)
        return found
    }

    private func linuxOnlyNames(path: String, lines: [String]) -> [FenceProblem] {
        let expressions = Self.linuxOnlyNames.map { name -> (String, NSRegularExpression) in
            let escaped = NSRegularExpression.escapedPattern(for: name)
            let pattern = switch name {
            case "/proc/": escaped
            case "epoll", "eventfd": "(?<![A-Za-z0-9_])(?i:\(escaped))"
            default: "(?<![A-Za-z0-9_])\(escaped)(?![A-Za-z0-9_])"
            }
            // The patterns are fixed above; a failure here is a bug in this file.
            return (name, try! NSRegularExpression(pattern: pattern))
        }
        var found: [FenceProblem] = []
        for (index, line) in lines.enumerated() {
            let range = NSRange(line.startIndex..., in: line)
            for (name, expression) in expressions where expression.firstMatch(in: line, range: range) != nil {
                found.append(.linuxOnlyName(file: path, line: index + 1, name: name))
            }
        }
        return found
    }

    private func platformBlocks(path: String, blocks: ConditionalBlocks) -> [FenceProblem] {
        var found: [FenceProblem] = []
        for block in blocks.blocks where block.conditions.contains(where: Self.isPlatform) {
            if block.isWholeFile(of: blocks) { continue }
            let glibc = block.conditions.contains { $0.contains("canImport(Glibc)") }
            let darwin = block.conditions.contains { $0.contains("canImport(Darwin)") }
            if !darwin { found.append(.noDarwinTwin(file: path, line: block.line)) }
            if darwin, !glibc { found.append(.noGlibcTwin(file: path, line: block.line)) }
            if !block.elseRaisesError { found.append(.silentFallback(file: path, line: block.line)) }
        }
        return found
    }

    private func foundationNetworkingShapes(path: String, lines: [String], blocks: ConditionalBlocks) -> [FenceProblem] {
        var found: [FenceProblem] = []
        for (pattern, shape) in Self.foundationNetworkingShapes {
            let expression = try! NSRegularExpression(pattern: pattern)
            for (index, line) in lines.enumerated()
            where expression.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
                && !blocks.activeConditions(atLine: index + 1).contains(where: Self.requiresFoundationNetworking)
            {
                found.append(.foundationNetworkingOnly(file: path, line: index + 1, shape: shape))
            }
        }
        return found
    }

    static func isPlatform(_ condition: String) -> Bool { platformConditions.contains { condition.contains($0) } }

    static func requiresFoundationNetworking(_ condition: String) -> Bool {
        condition.contains("canImport(FoundationNetworking)") && !condition.contains("!canImport(FoundationNetworking)")
    }
}
