/// Code that serves a WebSocket on its event loop, with no thread of its own: told of the
/// opening, of each message (or each frame, for a relay) and of the end, in order, on the
/// loop's thread. It must not block; it sends with the connection's `send` calls, which never
/// wait, and may keep the connection to send later from any thread.
///
/// ```swift
/// struct Echo: WebSocketLoopHandler {
///     func received(_ message: WebSocketMessage, on connection: WebSocketConnection) {
///         try? connection.send(message)
///     }
/// }
/// // in a responder: return .webSocketOnLoop(handler: Echo())
/// ```
package protocol WebSocketLoopHandler: Sendable {
    /// Whole messages with pings answered and closes echoed (the default), or every frame
    /// untouched (a relay: configure `answersControlFrames: false`).
    var receiveMode: WebSocketReceiveMode { get }
    /// The connection is open (its upgrade answered).
    func opened(_ connection: WebSocketConnection)
    /// A complete, validated data message (``WebSocketReceiveMode/messages``).
    func received(_ message: WebSocketMessage, on connection: WebSocketConnection)
    /// A validated frame, control frames included (``WebSocketReceiveMode/frames``).
    func received(_ frame: WebSocketFrame, on connection: WebSocketConnection)
    /// The connection is over; nothing follows.
    func ended(_ info: WebSocketCloseInfo, on connection: WebSocketConnection)
}

extension WebSocketLoopHandler {
    package var receiveMode: WebSocketReceiveMode { .messages }
    package func opened(_ connection: WebSocketConnection) {}
    package func received(_ message: WebSocketMessage, on connection: WebSocketConnection) {}
    package func received(_ frame: WebSocketFrame, on connection: WebSocketConnection) {}
    package func ended(_ info: WebSocketCloseInfo, on connection: WebSocketConnection) {}
}

/// How a WebSocket's reader takes what arrives.
package enum WebSocketReceiveMode: Sendable, Equatable {
    /// Whole messages; pings answered, pongs consumed, closes echoed.
    case messages
    /// Every frame, for a relay that passes control frames on itself.
    case frames
}
