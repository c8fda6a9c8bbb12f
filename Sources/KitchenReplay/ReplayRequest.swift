import HarnessCore
import HTTPWire
import KitchenRecording

/// A request reduced to what replay matches on: the method, the percent-decoded path, the
/// decoded query (order ignored) and the body — as JSON compared by meaning with the
/// volatile fields normalized, or as bytes when it is not JSON — and the credential it
/// carries, which tells one recorded session from another.
public struct ReplayRequest: Sendable, Hashable, CustomStringConvertible {
    public enum Body: Sendable, Hashable {
        case none
        case json(JSONValue)
        case bytes([UInt8])
    }

    public var method: String
    public var path: String
    public var query: [QueryItem]
    public var body: Body
    /// The credential the request carries (``credential(authorization:query:)``), or `nil`.
    /// Never compared when matching: replay uses it to prefer the entries of the same session.
    public var credential: String?

    /// One `name=value` query pair.
    public struct QueryItem: Sendable, Hashable, Comparable {
        public var name: String
        public var value: String
        public static func < (lhs: QueryItem, rhs: QueryItem) -> Bool { (lhs.name, lhs.value) < (rhs.name, rhs.value) }
    }

    public init(method: String, path: String, query: [(name: String, value: String)], body: [UInt8],
                credential: String? = nil, volatile: VolatileFields) {
        self.method = method.uppercased()
        self.credential = credential
        // A path with no escape at all is its own decoding (most are; this runs per entry at start).
        self.path = path.utf8.contains(UInt8(ascii: "%"))
            ? path.split(separator: "/", omittingEmptySubsequences: false).map { PercentEncoding.decodeReplacingInvalidUTF8($0) }.joined(separator: "/")
            : path
        self.query = query.map { QueryItem(name: $0.name, value: $0.value) }.sorted()
        if body.isEmpty {
            self.body = .none
        } else if let json = try? JSONValue(parsing: body) {
            self.body = .json(volatile.normalize(json))
        } else {
            self.body = .bytes(body)
        }
    }

    /// The request of a recorded entry.
    public init(_ request: HAR.Request, volatile: VolatileFields) {
        let query = request.queryItems.map { (name: $0.name, value: $0.value) }
        self.init(method: request.method, path: request.urlPath, query: query, body: (try? request.bodyBytes) ?? [],
                  credential: Self.credential(authorization: request.headerValues(named: "Authorization").first, query: query),
                  volatile: volatile)
    }

    /// A request as HTTPWire received it.
    package init(_ request: HTTPRequest, volatile: VolatileFields) {
        let query = request.queryItems
        self.init(method: request.method.rawValue, path: request.path, query: query, body: request.body,
                  credential: Self.credential(authorization: request.headers["Authorization"], query: query),
                  volatile: volatile)
    }

    /// The query parameters that carry a bearer token for clients that cannot set headers:
    /// RFC 6750 §2.3's `access_token`, and the `token` the Kitchen API's WebSocket takes.
    public static let tokenParameters: Set<String> = ["access_token", "token"]

    /// The credential a request carries: the credentials of its `Authorization` header after
    /// the scheme (RFC 9110 §11.4: `Bearer <token-1>` carries `<token-1>`), or else the value
    /// of its first ``tokenParameters`` query parameter; `nil` when it has neither.
    public static func credential(authorization: String?, query: [(name: String, value: String)]) -> String? {
        // A scheme and its credentials are split by spaces; a value without a scheme is all credential.
        if let parts = authorization?.split(separator: " ", maxSplits: 1), let credentials = parts.last {
            let trimmed = credentials.drop { $0 == " " }
            if !trimmed.isEmpty { return String(trimmed) }
        }
        return query.first { tokenParameters.contains($0.name) && !$0.value.isEmpty }?.value
    }

    public var description: String {
        let queryText = query.isEmpty ? "" : "?" + query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        return "\(method) \(path)\(queryText)"
    }

    /// Whether `self` (an incoming request) matches `recorded`: a recorded secret alias such
    /// as `<token-1>` or `<password-1>` stands for any value, since the real one never reached the file.
    func matches(_ recorded: ReplayRequest) -> Bool {
        RequestDifference.between(recorded: recorded, actual: self).isEmpty
    }
}

/// One way a request differs from a recorded one.
public struct RequestDifference: Sendable, Hashable, CustomStringConvertible {
    /// `method`, `path`, `query <name>` or `body <JSON pointer>`.
    public var field: String
    public var recorded: String
    public var actual: String

    public var description: String { "\(field): recorded \(recorded), got \(actual)" }

    /// Every difference between a recorded request and an actual one.
    static func between(recorded: ReplayRequest, actual: ReplayRequest) -> [RequestDifference] {
        var differences: [RequestDifference] = []
        if recorded.method != actual.method {
            differences.append(.init(field: "method", recorded: recorded.method, actual: actual.method))
        }
        if recorded.path != actual.path {
            differences.append(.init(field: "path", recorded: recorded.path, actual: actual.path))
        }
        let names = Set(recorded.query.map(\.name) + actual.query.map(\.name)).sorted()
        for name in names {
            let expected = recorded.query.filter { $0.name == name }.map(\.value)
            let got = actual.query.filter { $0.name == name }.map(\.value)
            let equal = expected.count == got.count && zip(expected, got).allSatisfy { RedactionPolicy.isAlias($0) || $0 == $1 }
            if !equal {
                differences.append(.init(field: "query \(name)", recorded: describe(expected), actual: describe(got)))
            }
        }
        switch (recorded.body, actual.body) {
        case (.json(let expected), .json(let got)):
            compare(expected, got, at: .root, into: &differences)
        case (let expected, let got) where expected != got:
            differences.append(.init(field: "body", recorded: describe(expected), actual: describe(got)))
        default:
            break
        }
        return differences
    }

    private static func compare(_ expected: JSONValue, _ got: JSONValue, at pointer: JSONPointer,
                                into differences: inout [RequestDifference]) {
        if case .string(let text) = expected, RedactionPolicy.isAlias(text) { return }
        switch (expected, got) {
        case (.object(let left), .object(let right)):
            for key in Set(left.keys + right.keys).sorted() {
                let location = pointer.appending(key)
                switch (left[key], right[key]) {
                case (let l?, let r?): compare(l, r, at: location, into: &differences)
                case (let l?, nil): differences.append(.init(field: "body \(location)", recorded: l.description, actual: "(missing)"))
                case (nil, let r?): differences.append(.init(field: "body \(location)", recorded: "(missing)", actual: r.description))
                case (nil, nil): break
                }
            }
        case (.array(let left), .array(let right)) where left.count == right.count:
            for (index, (l, r)) in zip(left, right).enumerated() { compare(l, r, at: pointer.appending(index), into: &differences) }
        default:
            if expected != got {
                differences.append(.init(field: "body \(pointer.description.isEmpty ? "/" : pointer.description)",
                                         recorded: expected.description, actual: got.description))
            }
        }
    }

    private static func describe(_ values: [String]) -> String {
        values.isEmpty ? "(absent)" : values.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    private static func describe(_ body: ReplayRequest.Body) -> String {
        switch body {
        case .none: "(no body)"
        case .json(let value): value.description
        case .bytes(let bytes): "\(bytes.count) bytes"
        }
    }
}
