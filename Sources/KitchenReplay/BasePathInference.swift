/// The base path a recording was made under, inferred at match time when the caller names none:
/// a client mounted at the root (`/devices`) is answered from a recording made under a prefix
/// (`/api/v1/devices`) without replay knowing the recorded API.
///
/// The rule, for a request whose percent-decoded path is not a recorded path (of any method, of
/// WebSocket entries or the rest) and is not `/`:
/// - each distinct recorded path that ends with the request's path and has at least one segment
///   before it offers those leading segments as a candidate (`/api/v1/devices` offers `/api/v1`
///   to `/devices`; `/api/v1/mydevices` offers nothing, the match must start at a `/`);
///   a candidate ending with `/` (an empty segment) is not offered;
/// - with no candidate, nothing is inferred and the request is matched as it stands;
/// - when candidates disagree, the one the most recorded entries are under wins (its own path or
///   one below it), then the shorter, then the first in code-point order.
///
/// ``ReplayEngine`` adopts the first base path inferred and keeps it for the rest of its session.
struct BasePathInference: Sendable {
    /// Every recorded path, and how many entries have it.
    private let entriesPerPath: [String: Int]

    /// The inference over recorded (percent-decoded) `paths`, one per entry.
    init<Paths: Sequence<String>>(paths: Paths) {
        entriesPerPath = paths.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    /// Whether some entry was recorded with `path`.
    func isRecorded(_ path: String) -> Bool { entriesPerPath[path] != nil }

    /// The base path inferred from a request to `path` (by the rule above), or `nil`.
    func basePath(for path: String) -> String? {
        guard path.hasPrefix("/"), path != "/", !isRecorded(path) else { return nil }
        let candidates = Set(entriesPerPath.keys.compactMap { recorded -> String? in
            guard recorded.count > path.count, recorded.hasSuffix(path) else { return nil }
            let prefix = String(recorded.dropLast(path.count))
            return prefix.hasPrefix("/") && !prefix.hasSuffix("/") ? prefix : nil
        })
        return candidates.map { (prefix: $0, entries: entries(under: $0)) }.min { lhs, rhs in
            if lhs.entries != rhs.entries { return lhs.entries > rhs.entries }
            if lhs.prefix.count != rhs.prefix.count { return lhs.prefix.count < rhs.prefix.count }
            return lhs.prefix.unicodeScalars.lexicographicallyPrecedes(rhs.prefix.unicodeScalars)
        }?.prefix
    }

    /// How many entries were recorded at `prefix` or below it.
    private func entries(under prefix: String) -> Int {
        entriesPerPath.reduce(0) { $0 + (ReplayEngine.path($1.key, isUnder: prefix) ? $1.value : 0) }
    }
}
