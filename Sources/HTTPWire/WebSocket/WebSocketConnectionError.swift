/// How far a connection's sending has come, in bytes since it opened: what `send` accepted,
/// and how much of that the socket has taken (handed to the kernel). The difference was
/// still queued in the process.
package struct OutboundProgress: Sendable, Hashable {
    /// Bytes accepted by sends.
    package var accepted = 0
    /// Bytes written to the socket.
    package var handedToKernel = 0
}

/// Why a WebSocket send or receive failed.
package enum WebSocketConnectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The connection is closing or closed.
    case closed
    /// The peer read so slowly that more than this many bytes piled up; it was dropped.
    case peerTooSlow(queuedBytes: Int)
    case socket(SocketError)

    package var description: String {
        switch self {
        case .closed: "the WebSocket connection is closed"
        case .peerTooSlow(let bytes): "the peer fell \(bytes) bytes behind and was dropped"
        case .socket(let error): "socket error: \(error)"
        }
    }
}
