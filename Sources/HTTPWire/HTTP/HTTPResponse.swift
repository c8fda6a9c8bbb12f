/// An HTTP response: status, header fields in wire order, and a body that is bytes in hand,
/// pushed as it is produced, or none at all.
///
/// ```swift
/// HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: Array(json.utf8))
/// ```
package struct HTTPResponse: Sendable {
    package var status: HTTPStatus
    package var version: HTTPVersion
    package var headers: HTTPHeaders
    package var body: HTTPBody

    package init(status: HTTPStatus, version: HTTPVersion = .http1_1, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.version = version
        self.headers = headers
        self.body = .bytes(body)
    }

    /// A response with no body after its head, whose headers are sent as given: the answer to
    /// a HEAD, or a 304, whose `Content-Length` states the length a GET's body would have
    /// (RFC 9110 §9.3.2, §8.6). A bytes body (`body: []`) would not do: its own length, 0, is
    /// the one written.
    package static func bodiless(status: HTTPStatus, headers: HTTPHeaders) -> HTTPResponse {
        var response = HTTPResponse(status: status, headers: headers)
        response.body = .none
        return response
    }

    /// A response whose body is pushed as it is produced (``HTTPBodyPusher``): framed by its
    /// `Content-Length` when it has one, chunked otherwise.
    package init(status: HTTPStatus, headers: HTTPHeaders = [:], pushing pusher: HTTPBodyPusher) {
        self.init(status: status, headers: headers)
        body = .pushed(pusher)
    }

    /// A plain-text response.
    package static func text(_ status: HTTPStatus, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
    }

    /// The body when it is held in memory (`nil` for a pushed one, or none).
    package var bodyBytes: [UInt8]? {
        if case .bytes(let bytes) = body { return bytes }
        return nil
    }
}

/// A response body.
package enum HTTPBody: Sendable {
    case bytes([UInt8])
    /// Pushed from wherever it comes from, without blocking (an event loop).
    case pushed(HTTPBodyPusher)
    /// Nothing follows the head, and its framing headers are sent as given
    /// (``HTTPResponse/bodiless(status:headers:)``).
    case none
}

/// A body pushed piece by piece as it is produced, without a thread waiting on it: `start` is
/// called on the connection's event loop once the head is on its way, with the writer to push
/// through (``HTTPResponseBodyWriter``: it says when the client is behind).
///
/// ```swift
/// HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain"], pushing: HTTPBodyPusher { writer in
///     writer.write(Array("hello ".utf8))
///     writer.write(Array("world".utf8))
///     writer.end()
/// })
/// ```
package struct HTTPBodyPusher: Sendable {
    package let start: @Sendable (HTTPResponseBodyWriter) -> Void

    package init(_ start: @escaping @Sendable (HTTPResponseBodyWriter) -> Void) {
        self.start = start
    }
}
