/// What a server does with each request. Called on the connection's own
/// thread, so it may block (a slow handler holds up only its connection).
///
/// ```swift
/// struct Hello: HTTPResponder {
///     func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
///         .response(.text(.ok, "hello"))
///     }
/// }
/// ```
public protocol HTTPResponder: Sendable {
    /// The reply to `request`.
    func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply

    /// How the body of the request with this head reaches ``respond(to:context:)``: whole in
    /// `request.body` (``HTTPBodyDelivery/buffered``, the default), or piece by piece from
    /// `context.body` as it arrives (``HTTPBodyDelivery/streamed``).
    func bodyDelivery(for head: HTTPRequest) -> HTTPBodyDelivery

    /// The response to a request that could not be parsed or was over a limit. The default
    /// is plain text with the error's status (400, 413, 414, 431, 501 or 505).
    func response(for error: HTTPParseError) -> HTTPResponse
}

extension HTTPResponder {
    public func bodyDelivery(for head: HTTPRequest) -> HTTPBodyDelivery { .buffered }

    public func response(for error: HTTPParseError) -> HTTPResponse {
        .text(error.status, "\(error)\n")
    }
}

/// Where a request came from.
public struct HTTPRequestContext: Sendable {
    /// The client's address.
    public var peer: SocketAddress?
    /// A number unique to the connection within this server.
    public var connectionID: Int
    /// 0 for the first request on the connection, then 1, 2… (keep-alive, pipelining).
    public var requestIndex: Int
    /// State the responder keeps for this connection, released when it closes (`onClose`).
    public var storage: HTTPConnectionStorage
    /// The body still to be read, for a request the responder asked to stream; `nil` when the
    /// body was buffered into `request.body`.
    public var body: HTTPRequestBody?
}

/// How a request's body is handed to the responder.
public enum HTTPBodyDelivery: Sendable, Equatable {
    /// Read whole (up to `maxBodyBytes`) into `request.body` before the responder is called.
    case buffered
    /// Left on the connection: the responder reads it from `context.body` (``HTTPRequestBody``).
    case streamed
}

/// A place for a responder to keep state for one client connection, without a lock:
/// it is only touched from that connection's own thread. `onClose` runs when the
/// connection ends, to release what `value` holds.
public final class HTTPConnectionStorage: @unchecked Sendable {
    // Unchecked: created, used and closed by the one thread serving the connection.
    public var value: (any Sendable)?
    public var onClose: (@Sendable () -> Void)?

    public init() {}

    func close() {
        onClose?()
        onClose = nil
        value = nil
    }
}

/// A responder's answer.
public enum HTTPReply: Sendable {
    /// Send this response.
    case response(HTTPResponse)
    /// Accept a WebSocket upgrade (after the server checks the handshake, RFC 6455 §4.2):
    /// answer 101 with `headers` added, then run `handler` on this thread; the connection
    /// closes when it returns.
    case webSocket(headers: HTTPHeaders = [:], configuration: WebSocketConfiguration? = nil,
                   handler: @Sendable (WebSocketConnection) -> Void)
    /// Drop the connection with a TCP reset and no response (for fault injection).
    case reset
}
