import Synchronization

/// What a server does with each request. `respond` is called on the connection's event-loop
/// thread, among every other connection of that loop, so it must return without blocking (no
/// I/O, no sleeping, no lock held for long). Work that takes time answers later: start it and
/// return ``HTTPReply/deferred(_:)``.
///
/// ```swift
/// struct Hello: HTTPResponder {
///     func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
///         .response(.text(.ok, "hello"))
///     }
/// }
/// ```
package protocol HTTPResponder: Sendable {
    /// The reply to `request`.
    func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply

    /// How the body of the request with this head reaches ``respond(to:context:)``: whole in
    /// `request.body` (``HTTPBodyDelivery/buffered``, the default), or piece by piece as it
    /// arrives through `context.bodyStream` (``HTTPBodyDelivery/streamed``).
    func bodyDelivery(for head: HTTPRequest) -> HTTPBodyDelivery

    /// The response to a request that could not be parsed or was over a limit. The default
    /// is plain text with the error's status (400, 413, 414, 431, 501 or 505). Its body must be
    /// bytes: a pushed one is replaced by the default text.
    func response(for error: HTTPParseError) -> HTTPResponse
}

extension HTTPResponder {
    package func bodyDelivery(for head: HTTPRequest) -> HTTPBodyDelivery { .buffered }

    package func response(for error: HTTPParseError) -> HTTPResponse {
        .text(error.status, "\(error)\n")
    }
}

/// Where a request came from.
package struct HTTPRequestContext: Sendable {
    /// The client's address.
    package var peer: SocketAddress?
    /// A number unique to the connection within this server.
    package var connectionID: Int
    /// 0 for the first request on the connection, then 1, 2… (keep-alive, pipelining).
    package var requestIndex: Int
    /// State the responder keeps for this connection, released when it closes (`onClose`).
    package var storage: HTTPConnectionStorage
    /// The event loop the connection is served on (`respond` runs on its thread): where a
    /// responder that answers later (``HTTPReply/deferred(_:)``) does its own I/O and keeps its
    /// timers without blocking.
    package var eventLoop: EventLoop
    /// The body as it arrives, for a request with a body the responder asked to stream (start
    /// it on the loop); `nil` when the body was buffered into `request.body`.
    package var bodyStream: HTTPRequestBodyStream?
}

/// How a request's body is handed to the responder.
package enum HTTPBodyDelivery: Sendable, Equatable {
    /// Read whole (up to `maxBodyBytes`) into `request.body` before the responder is called.
    case buffered
    /// Left on the connection: the responder takes it as it arrives from `context.bodyStream`
    /// (``HTTPRequestBodyStream``).
    case streamed
}

/// A place for a responder to keep state for one client connection, without a lock: it is
/// touched only on the connection's event-loop thread. `onClose` runs when the connection ends,
/// to release what `value` holds.
package final class HTTPConnectionStorage: @unchecked Sendable {
    // Unchecked: used on the connection's loop thread only (a WebSocket the connection became
    // is served on the same loop).
    package var value: (any Sendable)?
    package var onClose: (@Sendable () -> Void)?

    func close() {
        onClose?()
        onClose = nil
        value = nil
    }
}

/// A responder's answer.
package enum HTTPReply: Sendable {
    /// Send this response.
    case response(HTTPResponse)
    /// Accept a WebSocket upgrade (after the server checks the handshake, RFC 6455 §4.2):
    /// answer 101 with `headers` added, and serve the WebSocket on the connection's event loop:
    /// `handler` is told of each message and of the end there.
    case webSocketOnLoop(headers: HTTPHeaders = [:], configuration: WebSocketConfiguration? = nil,
                         handler: any WebSocketLoopHandler)
    /// Drop the connection with a TCP reset and no response (for fault injection).
    case reset
    /// The answer comes later: `respond` started the work and returned at once, and the work
    /// hands the answer in with ``HTTPDeferredReply/complete(_:)``, from any thread. Meanwhile
    /// the connection waits (pipelined requests wait behind it), and no thread is held.
    case deferred(HTTPDeferredReply)
}

/// An answer a responder gives later (``HTTPReply/deferred(_:)``).
///
/// ```swift
/// func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
///     let reply = HTTPDeferredReply()
///     startLookup(request) { found in reply.complete(.response(.text(.ok, found))) }
///     return .deferred(reply)
/// }
/// ```
package final class HTTPDeferredReply: Sendable {
    private enum State {
        case waiting((@Sendable (HTTPReply) -> Void)?)
        case completed(HTTPReply)
        case delivered
    }

    private let state = Mutex(State.waiting(nil))

    package init() {}

    /// Hands the answer in; only the first call counts. Safe from any thread.
    package func complete(_ reply: HTTPReply) {
        let handler = state.withLock { state -> (@Sendable (HTTPReply) -> Void)? in
            switch state {
            case .waiting(let handler?):
                state = .delivered
                return handler
            case .waiting(nil):
                state = .completed(reply)
                return nil
            case .completed, .delivered:
                return nil
            }
        }
        handler?(reply)
    }

    /// Calls `handler` with the answer once it is in (at once, when it already is); the server
    /// calls this once.
    func whenComplete(_ handler: @escaping @Sendable (HTTPReply) -> Void) {
        let ready = state.withLock { state -> HTTPReply? in
            guard case .completed(let reply) = state else {
                if case .waiting(nil) = state { state = .waiting(handler) }
                return nil
            }
            state = .delivered
            return reply
        }
        if let ready { handler(ready) }
    }
}
