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
}

extension RequestTarget {
    /// Parses an origin-form target (`/path?query`, RFC 9112 §3.2.1) or an absolute URL
    /// (whose scheme and authority are dropped). `nil` when the path does not start with `/`
    /// or holds a malformed percent-escape.
    public init?(_ target: String) {
        // Work on UTF-8 code units: every delimiter is ASCII, and Character-level scanning
        // was the most expensive step of checking an exchange.
        let bytes = target.utf8
        let end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
        var start = bytes.startIndex
        if let slash = bytes[start..<end].firstIndex(of: UInt8(ascii: "/")), slash != start,
           bytes[bytes.index(before: slash)] == UInt8(ascii: ":"),
           bytes[slash...].starts(with: "//".utf8) {
            // An absolute URL: skip "scheme://authority" (RFC 3986 §3).
            let authority = bytes.index(slash, offsetBy: 2)
            start = bytes[authority..<end].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? end
        }
        let question = bytes[start..<end].firstIndex(of: UInt8(ascii: "?"))
        let written = target[start..<(question ?? end)]
        // An absolute URL with an empty path asks for `/`.
        let path = written.isEmpty && start != bytes.startIndex ? "/" : written
        guard path.utf8.first == UInt8(ascii: "/") else { return nil }
        var segments: [String] = []
        for raw in path.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            guard let decoded = PercentEncoding.decodeStrictly(Substring(raw)) else { return nil }
            segments.append(decoded)
        }
        var malformed = false
        let items = question.map { question in
            // Query strings use the form encoding, where `+` is a space (WHATWG URL §5.1).
            PercentEncoding.queryItems(of: String(target[bytes.index(after: question)..<end])) { text in
                guard let decoded = PercentEncoding.decodeStrictly(text, plusAsSpace: true) else {
                    malformed = true
                    return ""
                }
                return decoded
            }
        } ?? []
        guard !malformed else { return nil }
        self.init(path: String(path), pathSegments: segments, query: items.map { QueryItem(name: $0.name, value: $0.value) })
    }
}
