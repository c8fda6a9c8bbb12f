/// What a server does with each request. By default `respond` is called on a thread of its
/// own, so it may block (a slow handler holds up only its connection); a responder that never
/// blocks says so with ``respondingThread(for:)`` and is called on the connection's event loop,
/// with no thread handed anything.
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

    /// Where ``respond(to:context:)`` runs for the request with this head: on a thread of its
    /// own (``HTTPRespondingThread/ownThread``, the default: it may block) or on the
    /// connection's event-loop thread (``HTTPRespondingThread/eventLoop``: it must return
    /// without blocking, and its answers with streamed bodies and WebSockets still get a thread).
    func respondingThread(for head: HTTPRequest) -> HTTPRespondingThread
}

extension HTTPResponder {
    public func bodyDelivery(for head: HTTPRequest) -> HTTPBodyDelivery { .buffered }

    public func respondingThread(for head: HTTPRequest) -> HTTPRespondingThread { .ownThread }

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

/// Where a responder is called.
public enum HTTPRespondingThread: Sendable, Equatable {
    /// On the connection's event-loop thread, among every other connection of that loop: the
    /// responder must never block (no I/O, no sleeping, no lock held for long).
    case eventLoop
    /// On a thread of its own, which also writes the answer: the responder may block.
    case ownThread
}

/// How a request's body is handed to the responder.
public enum HTTPBodyDelivery: Sendable, Equatable {
    /// Read whole (up to `maxBodyBytes`) into `request.body` before the responder is called.
    case buffered
    /// Left on the connection: the responder reads it from `context.body` (``HTTPRequestBody``).
    case streamed
}

/// A place for a responder to keep state for one client connection, without a lock: it is
/// touched by one thread at a time, the one serving the connection (its event loop, or a thread
/// of its own for a request that may block). `onClose` runs when the connection ends, to
/// release what `value` holds.
public final class HTTPConnectionStorage: @unchecked Sendable {
    // Unchecked: used by one thread at a time; a connection moves between its loop and a
    // thread of its own only through a hand-over (a thread start or `EventLoop.execute`), which
    // orders every use before the move before every use after it.
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
