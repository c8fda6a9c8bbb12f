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
    package static let options: HTTPMethod = "OPTIONS"
    package static let connect: HTTPMethod = "CONNECT"
    package static let trace: HTTPMethod = "TRACE"

    package var description: String { rawValue }
}

/// The protocol version on a request or status line.
package struct HTTPVersion: Hashable, Sendable, CustomStringConvertible {
    package var major: Int
    package var minor: Int
    package init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    package static let http1_0 = HTTPVersion(major: 1, minor: 0)
    package static let http1_1 = HTTPVersion(major: 1, minor: 1)

    package var description: String { "HTTP/\(major).\(minor)" }
}
