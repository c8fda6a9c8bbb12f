/// What the replay server just did, told to its observer as it happens (on the connection's
/// event loop): for progress output.
///
/// ```swift
/// let server = ReplayServer(engine: engine, port: 0) { event in
///     if case .unmatched(let mismatch) = event { print("no match:", mismatch.request) }
/// }
/// ```
public enum ReplayEvent: Sendable {
    /// An HTTP request answered with recorded entry `entry` (its index in the file).
    case answered(request: ReplayRequest, entry: Int, status: Int)
    /// A request (HTTP or WebSocket upgrade) with no recorded answer: it got a 599.
    case unmatched(ReplayEngine.Mismatch, webSocket: Bool)
    /// A WebSocket upgrade answered with recorded conversation `entry`.
    case webSocketOpened(request: ReplayRequest, entry: Int)
    /// Conversation `entry` ended: the recorded messages sent to the client, those the client
    /// sent, and the close as the replay saw it (`closedByClient` false when the replay closed).
    case webSocketClosed(entry: Int, sentToClient: Int, receivedFromClient: Int, code: Int?, closedByClient: Bool)
}
