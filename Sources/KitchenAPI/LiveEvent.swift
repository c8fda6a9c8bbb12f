/// What the live-update stream tells its consumer.
///
/// A typical run: `connected(attempt: 0)`, a snapshot of `message`s, more
/// `message`s; after a drop `disconnected`, `reconnecting(attempt: 1, …)`,
/// `connected(attempt: 1)`, a fresh snapshot; and `unauthorized` to end.
public enum LiveEvent: Equatable, Sendable {
    /// The socket is open. `attempt` is the reconnect attempt that succeeded:
    /// 0 for a first try that worked, n after n backoff attempts.
    case connected(attempt: Int)
    /// A state update for one device.
    case message(StateMessage)
    /// A frame the client could not use (malformed JSON, an unknown message
    /// or device type, a binary frame), with the reason. The stream goes on.
    case unreadable(String)
    /// The connection ended or could not be opened: the close code and reason
    /// when the server closed it, `code: nil` with a description otherwise.
    case disconnected(code: Int?, reason: String)
    /// Waiting `delay` before reconnect attempt `attempt` (1-based, reset by a successful connection).
    case reconnecting(attempt: Int, delay: Duration)
    /// The token was refused (close 4001, or a 401 on the upgrade). Final: the stream finishes.
    case unauthorized
}

/// A source of live device updates for one session.
///
/// ```swift
/// for await event in webSocket.events(token: token) {
///     if case .message(let message) = event { apply(message) }
/// }
/// ```
public protocol WebSocketProviding: Sendable {
    /// A stream that keeps a connection open and reconnects per its policy.
    /// It finishes after ``LiveEvent/unauthorized``, when reconnect attempts
    /// run out, or when its consumer goes away: the iterating task is
    /// cancelled, or the stream is dropped (the socket is then closed with 1000).
    ///
    /// The connection loop runs in `isolation`, the caller's (pass `#isolation`;
    /// conforming types default to it): a main-actor view model gets its events
    /// without a hop to the global pool, so a virtual clock sees every step.
    func events(token: String, isolation: isolated (any Actor)?) -> AsyncStream<LiveEvent>
}
