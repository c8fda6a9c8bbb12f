/// How a WebSocket connection ended.
package struct WebSocketCloseInfo: Sendable, Hashable, CustomStringConvertible {
    /// Which side started the closing.
    package enum Initiator: Sendable, Hashable {
        case local
        case peer
    }

    /// The code from the close frame; `nil` when the frame had none. 1006 when TCP ended
    /// without a close frame (§7.1.5).
    package var code: WebSocketCloseCode?
    package var reason: String
    package var initiator: Initiator
    /// Whether both close frames were exchanged (§7.1.4).
    package var wasClean: Bool

    package var description: String {
        let who = initiator == .local ? "locally" : "by the peer"
        return "closed \(who) with \(code.map { String($0.rawValue) } ?? "no code")\(reason.isEmpty ? "" : " (\(reason))")"
    }
}

/// What `WebSocketConnection.receive()` hands back.
package enum WebSocketEvent: Sendable, Hashable {
    /// A complete, validated data message (``WebSocketReceiveMode/messages``).
    case message(WebSocketMessage)
    /// A validated frame, control frames included, payload unmasked (``WebSocketReceiveMode/frames``).
    case frame(WebSocketFrame)
    /// The connection is over; every later `receive()` returns the same value.
    case closed(WebSocketCloseInfo)
    /// The task waiting in `receive()` was cancelled before anything arrived. Nothing was
    /// taken and the connection goes on: a later `receive()` gets what arrives next. Never
    /// handed to a ``WebSocketLoopHandler``.
    case cancelled
}
