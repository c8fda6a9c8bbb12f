import Dispatch
import Synchronization

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
package protocol HTTPResponder: Sendable {
    /// The reply to `request`.
    func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply

    /// How the body of the request with this head reaches ``respond(to:context:)``: whole in
    /// `request.body` (``HTTPBodyDelivery/buffered``, the default), or piece by piece as it
    /// arrives (``HTTPBodyDelivery/streamed``): pulled from `context.body` on a thread of its
    /// own, or pushed through `context.bodyStream` on the event loop.
    func bodyDelivery(for head: HTTPRequest) -> HTTPBodyDelivery

    /// The response to a request that could not be parsed or was over a limit. The default
    /// is plain text with the error's status (400, 413, 414, 431, 501 or 505).
    func response(for error: HTTPParseError) -> HTTPResponse

    /// Where ``respond(to:context:)`` runs for the request with this head: on a thread of its
    /// own (``HTTPRespondingThread/ownThread``, the default: it may block) or on the
    /// connection's event-loop thread (``HTTPRespondingThread/eventLoop``: it must return
    /// without blocking; a body it streams comes through `context.bodyStream`, and its answers
    /// with ``HTTPBodyStream`` bodies and thread-served WebSockets still get a thread).
    func respondingThread(for head: HTTPRequest) -> HTTPRespondingThread
}

extension HTTPResponder {
    package func bodyDelivery(for head: HTTPRequest) -> HTTPBodyDelivery { .buffered }

    package func respondingThread(for head: HTTPRequest) -> HTTPRespondingThread { .ownThread }

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
    /// The event loop the connection is served on (`respond` runs on its thread when the
    /// responder said ``HTTPRespondingThread/eventLoop``): where a responder that answers later
    /// (``HTTPReply/deferred(_:)``) can do its own I/O without blocking.
    package var eventLoop: EventLoop
    /// The body still to be read, for a request the responder asked to stream and answers on a
    /// thread of its own; `nil` when the body was buffered into `request.body`, or streams on the
    /// loop (``bodyStream``).
    package var body: HTTPRequestBody?
    /// The body as it arrives, for a request the responder asked to stream and answers on the
    /// event loop (start it there); `nil` otherwise.
    package var bodyStream: HTTPRequestBodyStream?
}

/// Where a responder is called.
package enum HTTPRespondingThread: Sendable, Equatable {
    /// On the connection's event-loop thread, among every other connection of that loop: the
    /// responder must never block (no I/O, no sleeping, no lock held for long).
    case eventLoop
    /// On a thread of its own, which also writes the answer: the responder may block.
    case ownThread
}

/// How a request's body is handed to the responder.
package enum HTTPBodyDelivery: Sendable, Equatable {
    /// Read whole (up to `maxBodyBytes`) into `request.body` before the responder is called.
    case buffered
    /// Left on the connection: the responder reads it from `context.body` (``HTTPRequestBody``)
    /// on a thread of its own, or takes it from `context.bodyStream` (``HTTPRequestBodyStream``)
    /// on the event loop.
    case streamed
}

/// A place for a responder to keep state for one client connection, without a lock: it is
/// touched by one thread at a time, the one serving the connection (its event loop, or a thread
/// of its own for a request that may block). `onClose` runs when the connection ends, to
/// release what `value` holds.
package final class HTTPConnectionStorage: @unchecked Sendable {
    // Unchecked: used by one thread at a time; a connection moves between its loop and a
    // thread of its own only through a hand-over (a thread start or `EventLoop.execute`), which
    // orders every use before the move before every use after it.
    package var value: (any Sendable)?
    package var onClose: (@Sendable () -> Void)?

    package init() {}

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
    /// answer 101 with `headers` added, then run `handler` on a thread of its own (the
    /// connection's event loop does its reading and writing); the connection closes when it
    /// returns.
    case webSocket(headers: HTTPHeaders = [:], configuration: WebSocketConfiguration? = nil,
                   handler: @Sendable (WebSocketConnection) -> Void)
    /// Accept a WebSocket upgrade as `.webSocket` does, and serve it on the connection's event
    /// loop: `handler` is told of each message and of the end there, and no thread is held.
    case webSocketOnLoop(headers: HTTPHeaders = [:], configuration: WebSocketConfiguration? = nil,
                         handler: any WebSocketLoopHandler)
    /// Drop the connection with a TCP reset and no response (for fault injection).
    case reset
    /// The answer comes later: `respond` started the work and returned at once, and the work
    /// hands the answer in with ``HTTPDeferredReply/complete(_:)``, from any thread. Meanwhile
    /// the connection waits (pipelined requests wait behind it). For a responder on the event
    /// loop no thread is held; one on a thread of its own keeps that thread until the answer
    /// comes (so an answer that never comes holds it).
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

    /// Waits on the calling thread for the answer.
    func wait() -> HTTPReply {
        let arrived = DispatchSemaphore(value: 0)
        let answer = Mutex<HTTPReply?>(nil)
        whenComplete { reply in
            answer.withLock { $0 = reply }
            arrived.signal()
        }
        arrived.wait()
        return answer.withLock { $0 } ?? .reset
    }
}
