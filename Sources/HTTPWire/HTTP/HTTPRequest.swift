import HarnessCore

/// An HTTP request as received (or to be sent): the request line, the header
/// fields in wire order, and the decoded body.
///
/// ```swift
/// let request = HTTPRequest(method: .post, target: "/auth/login",
///                           headers: ["Content-Type": "application/json"], body: Array(json.utf8))
/// request.path          // "/auth/login"
/// ```
package struct HTTPRequest: Sendable, Hashable {
    package var method: HTTPMethod
    /// The request-target exactly as on the wire (origin-form `/path?query` or absolute-form).
    package var target: String
    package var version: HTTPVersion
    package var headers: HTTPHeaders
    package var body: [UInt8]

    package init(method: HTTPMethod, target: String, version: HTTPVersion = .http1_1,
                headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The path component (still percent-encoded), without scheme and authority
    /// when the target is in absolute-form.
    package var path: String { String(originForm.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]) }

    /// The raw query (after `?`, still percent-encoded), if any.
    package var query: String? {
        let parts = originForm.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count == 2 ? String(parts[1]) : nil
    }

    /// The target as `/path?query`: the origin-form target itself, or an absolute-form
    /// target without its scheme and authority.
    package var originFormTarget: String { target.hasPrefix("/") ? target : String(originForm) }

    /// The query's name/value pairs, percent-decoded, in order.
    package var queryItems: [(name: String, value: String)] {
        guard let query else { return [] }
        return PercentEncoding.queryItems(of: query) { PercentEncoding.decodeReplacingInvalidUTF8($0, plusAsSpace: true) }
    }

    /// The first value of query parameter `name`.
    package func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// Whether the connection stays open after this exchange (RFC 9112 §9.3).
    package var keepsConnectionAlive: Bool {
        if headers.containsToken("close", in: "Connection") { return false }
        if version == .http1_0 { return headers.containsToken("keep-alive", in: "Connection") }
        return true
    }

    /// The target reduced to `/path?query` (absolute-form loses its scheme and authority).
    private var originForm: Substring {
        guard !target.hasPrefix("/"), let schemeEnd = target.utf8.indices.first(where: { target.utf8[$0...].starts(with: "://".utf8) })
        else { return Substring(target) }
        let afterAuthority = target[target.utf8.index(schemeEnd, offsetBy: 3)...]
        guard let slash = afterAuthority.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
        let rest = afterAuthority[slash...]
        return rest.hasPrefix("?") ? Substring("/" + rest) : rest
    }
}
