import HTTPWire
import Testing

/// Close codes as numbers (RFC 6455 §7.4.1), for comparing with frames read off the wire.
enum CloseCode {
    static let normal: UInt16 = 1000
    static let protocolError: UInt16 = 1002
    static let invalidPayload: UInt16 = 1007
    static let tooBig: UInt16 = 1009
    static let internalError: UInt16 = 1011
}

/// Writes `bytes` on an open WebSocket and expects the server to fail the connection: one
/// unmasked close frame with `code` (pings may come first), then an orderly end of TCP.
func expectServerCloses(with code: UInt16, after bytes: [UInt8], on connection: RawConnection,
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
    try connection.send(bytes)
    try expectCloseFrame(code: code, on: connection, sourceLocation: sourceLocation)
    let after = try connection.readUntilClosed()
    #expect(after.isEmpty, "bytes after the close frame: \(after.debugText)", sourceLocation: sourceLocation)
}

/// Reads the next non-ping frame and expects it to be a well-formed server close with `code`.
func expectCloseFrame(code: UInt16, on connection: RawConnection, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let frame = try connection.readCloseFrame()
    #expect(frame.opcode == FrameBytes.close, "\(frame)", sourceLocation: sourceLocation)
    #expect(frame.closeCode == code, "\(frame)", sourceLocation: sourceLocation)
    #expect(frame.fin && !frame.masked && frame.reservedBits == 0, "\(frame)", sourceLocation: sourceLocation)
    #expect(frame.payload.count <= 125, sourceLocation: sourceLocation)
}

extension TestServer {
    /// A server whose `/ws` echoes messages, with `configuration` for its WebSockets.
    static func webSocketEcho(_ configuration: WebSocketConfiguration = WebSocketConfiguration()) throws -> TestServer {
        try TestServer(webSocket: configuration, routes: ["/ws": Routes.webSocketEchoOrClose])
    }
}
