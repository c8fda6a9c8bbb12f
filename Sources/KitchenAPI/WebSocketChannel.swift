import Foundation

/// What one read from a WebSocket gave.
public enum WebSocketChannelEvent: Equatable, Hashable, Sendable {
    /// A complete text message (fragments already joined, UTF-8 already checked).
    case text(String)
    /// A complete binary message.
    case binary([UInt8])
    /// The connection ended: the peer's close code and reason when a close
    /// frame arrived (RFC 6455 §7.1.5), `code: nil` when it did not (the
    /// "1006 abnormal closure" of §7.1.5, which is never sent on the wire).
    case closed(code: Int?, reason: String)
}

/// One open WebSocket connection, seen as a stream of messages.
///
/// The transport behind it answers pings with pongs itself (RFC 6455
/// §5.5.2–5.5.3) and echoes the peer's close frame (§5.5.1), so a reader only
/// ever sees data messages and the final ``WebSocketChannelEvent/closed(code:reason:)``.
///
/// Contract for implementations: after `.closed` every further `receive()`
/// returns `.closed` again or throws; `close(code:reason:)` makes a pending
/// `receive()` return (with `.closed` or an error) and is harmless to call twice.
public protocol WebSocketChannel: Sendable {
    /// Waits for the next message or the end of the connection. Throws when the
    /// connection fails without a close handshake, or on cancellation.
    /// Runs in the caller's isolation, so a virtual clock sees the wait where the caller is.
    nonisolated(nonsending) func receive() async throws -> WebSocketChannelEvent
    /// Starts the closing handshake with `code` (RFC 6455 §7.4.1) and releases the connection.
    nonisolated(nonsending) func close(code: Int, reason: String) async
}

/// Opens WebSocket connections. The production implementation (on HTTPWire's
/// client) chooses how to present `token`: an `Authorization: Bearer` header,
/// or the `token` query parameter for clients that cannot set headers (API.md).
public protocol WebSocketConnecting: Sendable {
    /// Performs the opening handshake against `url` (`ws://…/ws` or `wss://…/ws`).
    /// Throws ``WebSocketConnectError/unauthorized`` when the upgrade is refused
    /// with 401, ``WebSocketConnectError/failed(_:)`` for any other failure.
    /// Runs in the caller's isolation.
    nonisolated(nonsending) func connect(url: URL, token: String) async throws -> any WebSocketChannel
}

/// Why a WebSocket could not be opened.
public enum WebSocketConnectError: Error, Equatable, Hashable, Sendable {
    /// The server answered the upgrade with 401: the token is not valid. Final; do not retry.
    case unauthorized
    /// Anything else (no connection, another status, a bad handshake), with a description.
    case failed(String)
}
