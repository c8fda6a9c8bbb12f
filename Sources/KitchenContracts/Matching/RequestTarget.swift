import HarnessCore

/// An HTTP request target split into decoded path segments and query items.
///
/// ```swift
/// let target = RequestTarget("/devices/abc%20d/oven?compartment=upper")!
/// target.pathSegments   // ["devices", "abc d", "oven"]
/// target.query          // [QueryItem(name: "compartment", value: "upper")]
/// ```
public struct RequestTarget: Sendable, Hashable {
    /// One `name=value` pair of the query, decoded.
    public struct QueryItem: Sendable, Hashable {
        /// The decoded name.
        public var name: String
        /// The decoded value (empty for `?flag`).
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The path as written (still percent-encoded), without query or fragment.
    public var path: String
    /// The path's segments after the leading `/`, each percent-decoded on its own so an
    /// encoded `%2F` stays inside its segment (RFC 3986 §2.2).
    public var pathSegments: [String]
    /// The query items in order; a name may repeat.
    public var query: [QueryItem]

    /// Parses an origin-form target (`/path?query`, RFC 9112 §3.2.1) or an absolute URL
    /// (whose scheme and authority are dropped). `nil` when the path does not start with `/`
    /// or holds a malformed percent-escape.
    public init?(_ target: String) {
        // Work on UTF-8 code units: every delimiter is ASCII, and Character-level scanning
        // was the most expensive step of checking an exchange.
        let bytes = target.utf8
        var end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
        var start = bytes.startIndex
        if let slash = bytes[start..<end].firstIndex(of: UInt8(ascii: "/")), slash != start,
           bytes[bytes.index(before: slash)] == UInt8(ascii: ":"),
           bytes[slash...].starts(with: "//".utf8) {
            // An absolute URL: skip "scheme://authority" (RFC 3986 §3).
            let authority = bytes.index(slash, offsetBy: 2)
            start = bytes[authority..<end].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? end
            if start == end || bytes[start] == UInt8(ascii: "?") {
                guard let rest = Self.parse(path: "/"[...],
                    query: start == end ? nil : target[target.index(after: start)..<end]) else {
                    return nil
                }
                self = rest
                return
            }
        }
        let question = bytes[start..<end].firstIndex(of: UInt8(ascii: "?"))
        let pathEnd = question ?? end
        let query = question.map { target[target.index(after: $0)..<end] }
        end = pathEnd
        guard let parsed = Self.parse(path: target[start..<end], query: query) else { return nil }
        self = parsed
    }

    private init(path: String, pathSegments: [String], query: [QueryItem]) {
        self.path = path
        self.pathSegments = pathSegments
        self.query = query
    }

    private static func parse(path: Substring, query: Substring?) -> RequestTarget? {
        guard path.utf8.first == UInt8(ascii: "/") else { return nil }
        var segments: [String] = []
        for raw in path.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            guard let decoded = PercentEncoding.decodeStrictly(Substring(raw)) else { return nil }
            segments.append(decoded)
        }
        var items: [QueryItem] = []
        if let query, !query.isEmpty {
            for rawPair in query.utf8.split(separator: UInt8(ascii: "&")) {
                let pair = Substring(rawPair)
                let name: Substring
                let value: Substring
                if let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) {
                    (name, value) = (pair[..<equals], pair[pair.index(after: equals)...])
                } else {
                    (name, value) = (pair, "")
                }
                // Query strings use the form encoding, where `+` is a space (WHATWG URL §5.1).
                guard let decodedName = PercentEncoding.decodeStrictly(name, plusAsSpace: true),
                      let decodedValue = PercentEncoding.decodeStrictly(value, plusAsSpace: true)
                else { return nil }
                items.append(QueryItem(name: decodedName, value: decodedValue))
            }
        }
        return RequestTarget(path: String(path), pathSegments: segments, query: items)
    }
}
