/// An HTTP request method (RFC 9110 §9): a case-sensitive token.
package struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    package let rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }
    package init(stringLiteral value: String) { self.rawValue = value }

    package static let get: HTTPMethod = "GET"
    package static let head: HTTPMethod = "HEAD"
    package static let post: HTTPMethod = "POST"
    package static let put: HTTPMethod = "PUT"
    package static let patch: HTTPMethod = "PATCH"
    package static let delete: HTTPMethod = "DELETE"

    package var description: String { rawValue }
}

/// The protocol version on a request or status line: the two this package speaks (another
/// HTTP/1.x is answered as HTTP/1.1, RFC 9110 §6.2).
package enum HTTPVersion: String, Hashable, Sendable, CustomStringConvertible {
    case http1_0 = "HTTP/1.0"
    case http1_1 = "HTTP/1.1"

    package var description: String { rawValue }
}
