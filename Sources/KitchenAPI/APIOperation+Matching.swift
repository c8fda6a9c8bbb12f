import HTTPWire
import HarnessCore

/// Recognising an operation from a request's method and path, and the base path a server
/// puts in front of every route (`/api/v1/devices` is `listDevices` under `/api/v1`).
extension APIOperation {
    /// The operation with `method` whose template matches the percent-encoded `path`, and the
    /// `{deviceId}` segment (percent-decoded); `nil` when none does. A `{deviceId}` stands for
    /// exactly one non-empty segment.
    ///
    /// ```swift
    /// APIOperation.matching(method: "POST", path: "/devices/oven-1/oven/power")?.operation   // .setOvenPower
    /// ```
    public static func matching(method: String, path: String) -> (operation: APIOperation, deviceId: String?)? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        return matching(method: method.uppercased(), segments: segments)
    }

    /// Each operation's method and template segments, split once.
    private static let templates: [(operation: APIOperation, method: String, segments: [Substring])] = allCases.map {
        ($0, $0.method, Array($0.pathTemplate.split(separator: "/", omittingEmptySubsequences: false).dropFirst()))
    }

    private static func matching(method: String, segments: ArraySlice<Substring>) -> (operation: APIOperation, deviceId: String?)? {
        for template in templates where template.method == method && template.segments.count == segments.count {
            var deviceId: String?
            var matched = true
            for (pattern, segment) in zip(template.segments, segments) {
                if pattern == "{deviceId}" {
                    guard !segment.isEmpty else { matched = false; break }
                    deviceId = PercentEncoding.decodeReplacingInvalidUTF8(String(segment))
                } else if pattern != segment {
                    matched = false
                    break
                }
            }
            if matched { return (template.operation, deviceId) }
        }
        return nil
    }

    /// The path prefix under which `requests` name operations: for each request, the leading
    /// segments whose removal leaves a path some operation matches, and the prefix most requests
    /// agree on (the shortest on a tie). `""` when the paths are at the root or match nothing.
    ///
    /// ```swift
    /// APIOperation.basePath(of: [("GET", "/api/v1/devices"), ("POST", "/api/v1/auth/login")])   // "/api/v1"
    /// ```
    public static func basePath(of requests: [(method: String, path: String)]) -> String {
        // A recording repeats its requests (polls, retries): each distinct one is matched once
        // and votes as often as it was sent.
        var repeats: [DistinctRequest: Int] = [:]
        for (method, path) in requests { repeats[DistinctRequest(method: method, path: path), default: 0] += 1 }
        var votes: [String: Int] = [:]
        for (request, count) in repeats {
            let segments = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            let wanted = request.method.uppercased()
            for length in 0..<max(1, segments.count) {
                if matching(method: wanted, segments: segments.dropFirst(length)) != nil {
                    votes["/" + segments.prefix(length).joined(separator: "/"), default: 0] += count
                    break
                }
            }
        }
        let best = votes.max { lhs, rhs in lhs.value != rhs.value ? lhs.value < rhs.value : lhs.key.count > rhs.key.count }
        guard let prefix = best?.key, prefix != "/" else { return "" }
        return prefix
    }

    private struct DistinctRequest: Hashable {
        let method: String
        let path: String
    }

    /// `path` without `basePath` in front (`/api/v1/devices` → `/devices`); `path` itself when
    /// it is not under `basePath`.
    public static func strip(_ basePath: String, from path: String) -> String {
        guard !basePath.isEmpty, path.hasPrefix(basePath) else { return path }
        let rest = path.dropFirst(basePath.count)
        if rest.isEmpty { return "/" }
        return rest.hasPrefix("/") ? String(rest) : path
    }
}
