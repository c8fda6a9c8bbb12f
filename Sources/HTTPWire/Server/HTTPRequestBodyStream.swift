/// A request body handed to the responder on the event loop as it arrives, with no thread
/// waiting on it: for a request whose head the responder asked to stream
/// (``HTTPResponder/bodyDelivery(for:)`` `.streamed`), as `context.bodyStream`.
///
/// Nothing is read until ``start(onPiece:onEnd:onFailure:)``; then each piece is handed over
/// as it is decoded (at most one socket read, 16 KiB), and at last the end or why the body
/// broke. ``pause()`` stops decoding and reading the socket (the client is held back by TCP)
/// until ``resume()``: back-pressure for a consumer that falls behind. So what the connection
/// holds stays bounded whatever the body's size.
///
/// The server's limits apply as the body arrives, and the server answers a broken body itself,
/// then closes, after `onFailure` heard why: `maxBodyBytes` or malformed chunked framing
/// (``HTTPRequestBodyError/invalid(_:)``: 413 or 400), no byte for `bodyProgressTimeout` while
/// not paused (`.stalled`: 408), the client gone (`.clientGone`). An answer given before the
/// end is written, and then the connection closes (the rest of the body is never mistaken for
/// the next request); the stream hears nothing more.
///
/// Use it on the connection's loop, where `respond` is called and every callback runs.
///
/// ```swift
/// func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
///     guard let body = context.bodyStream else { return .response(.text(.ok, "\(request.body.count)\n")) }
///     let reply = HTTPDeferredReply()
///     var count = 0
///     body.start(onPiece: { count += $0.count },
///                onEnd: { reply.complete(.response(.text(.ok, "\(count) bytes\n"))) },
///                onFailure: { _ in })   // the server answers the client
///     return .deferred(reply)
/// }
/// ```
package final class HTTPRequestBodyStream: @unchecked Sendable {
    // Unchecked: made, started, paused and fed on the connection's event loop only; it crosses to
    // no other thread (it is Sendable only to travel in the context).

    private enum State {
        /// Not started: nothing is decoded.
        case waiting
        /// Started: `onPiece` hears each piece, then `onEnd` or `onFailure` once.
        case flowing(onPiece: ([UInt8]) -> Void, onEnd: () -> Void, onFailure: (HTTPRequestBodyError) -> Void)
        case ended
        case failed(HTTPRequestBodyError)
        /// Answered before its end: nothing more comes.
        case abandoned
    }

    /// The length the request declared with `Content-Length`; `nil` for a chunked body.
    package let declaredLength: Int?
    /// Body bytes handed over so far.
    package private(set) var bytesReceived = 0
    /// Whether ``pause()`` holds the body back now.
    package private(set) var isPaused = false
    /// The connection reading the body, told when its consumer holds it back or takes it again.
    private weak var source: ServerConnection?
    private var state = State.waiting

    init(declaredLength: Int?, source: ServerConnection) {
        self.declaredLength = declaredLength
        self.source = source
    }

    /// Whether the body has arrived to its end.
    package var isComplete: Bool {
        if case .ended = state { return true }
        return false
    }

    /// Starts the body (once; later calls are ignored): `onPiece` hears each piece in order, then
    /// `onEnd` or `onFailure` once. A body that already failed (its client left before it was
    /// started) calls `onFailure` at once.
    package func start(onPiece: @escaping ([UInt8]) -> Void, onEnd: @escaping () -> Void,
                      onFailure: @escaping (HTTPRequestBodyError) -> Void) {
        switch state {
        case .waiting:
            state = .flowing(onPiece: onPiece, onEnd: onEnd, onFailure: onFailure)
            if !isPaused { source?.setBodyPaused(false) }
        case .failed(let error):
            onFailure(error)
        case .flowing, .ended, .abandoned:
            return
        }
    }

    /// Holds the body back: no piece is handed over, and the socket is not read, until
    /// ``resume()``. May be called before ``start(onPiece:onEnd:onFailure:)`` (it then starts
    /// paused) and from inside `onPiece`.
    package func pause() { setPaused(true) }

    /// Lets the body flow again after ``pause()``.
    package func resume() { setPaused(false) }

    private func setPaused(_ paused: Bool) {
        guard isPaused != paused, isOpen else { return }
        isPaused = paused
        if case .flowing = state { source?.setBodyPaused(paused) }
    }

    private var isOpen: Bool {
        switch state {
        case .waiting, .flowing: true
        case .ended, .failed, .abandoned: false
        }
    }

    // MARK: Fed by the connection

    func deliver(_ piece: [UInt8]) {
        guard case .flowing(let onPiece, _, _) = state else { return }
        bytesReceived += piece.count
        onPiece(piece)
    }

    func finish() {
        guard case .flowing(_, let onEnd, _) = state else { return }
        state = .ended
        onEnd()
    }

    func fail(_ error: HTTPRequestBodyError) {
        guard isOpen else { return }
        let started = state
        state = .failed(error)
        if case .flowing(_, _, let onFailure) = started { onFailure(error) }
    }

    /// The responder answered before the end: nothing more is handed over.
    func abandon() {
        guard isOpen else { return }
        state = .abandoned
    }
}

/// Why a streamed request body could not be read to its end; the server answers the client
/// for it (and closes).
package enum HTTPRequestBodyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The body broke the protocol or a limit (the client gets 400 or 413).
    case invalid(HTTPParseError)
    /// No body byte arrived for the body progress timeout (the client gets 408).
    case stalled(limit: Duration)
    /// The client closed or reset the connection mid-body.
    case clientGone

    package var description: String {
        switch self {
        case .invalid(let error): "request body refused: \(error)"
        case .stalled(let limit): "request body stalled: no bytes for \(limit)"
        case .clientGone: "the client went away mid-body"
        }
    }
}
