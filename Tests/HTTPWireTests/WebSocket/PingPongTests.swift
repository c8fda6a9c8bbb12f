import HTTPWire
import Testing

/// Ping and pong (RFC 6455 §5.5.2–§5.5.3) and the server's keep-alive built on them.
@Suite(.timeLimit(.minutes(2))) struct PingPongTests {
    static let keepAlive = WebSocketConfiguration(pingInterval: .milliseconds(50), pongTimeout: .milliseconds(200))

    // RFC 6455 §5.5.3: a pong MUST carry the ping's application data.
    @Test(arguments: [0, 1, 125])
    func pingIsAnsweredWithPongCarryingTheSamePayload(size: Int) throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0 * 7) }
        try connection.send(FrameBytes.frame(opcode: FrameBytes.ping, payload: payload))
        #expect(try connection.readFrame() == RawFrame(fin: true, reservedBits: 0, opcode: FrameBytes.pong,
                                                        masked: false, payload: payload))
    }

    // RFC 6455 §5.5.3: an unsolicited pong is allowed and needs no answer.
    @Test func unsolicitedPongIsIgnored() throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try connection.send(FrameBytes.frame(opcode: FrameBytes.pong, payload: Array("unasked".utf8))
            + FrameBytes.frame(opcode: FrameBytes.text, payload: Array("still here".utf8)))
        #expect(try connection.readFrame().payload.text == "still here")
    }

    // Keep-alive: a peer that never answers the server's pings is closed with 1011, then TCP ends.
    // Only waits for what must happen (reads time out after 10 s); when, to the millisecond, is
    // MachinePingTests' job.
    @Test func peerThatNeverPongsIsClosedWith1011ThenDropped() throws {
        let server = try TestServer.webSocketEcho(Self.keepAlive)
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        let ping = try connection.readFrame()
        #expect(ping.opcode == FrameBytes.ping && !ping.masked)
        try expectCloseFrame(code: CloseCode.internalError, on: connection)
        #expect(try connection.readUntilClosed().isEmpty)
    }

    // Keep-alive over a socket: a peer that answers the server's pings keeps being pinged and
    // served. The pong timeout is generous so a slow test thread never misses it; that a
    // ponging peer stays open far past the pong timeout is MachinePingTests' job, on virtual time.
    @Test func peerThatPongsKeepsBeingPingedAndServed() throws {
        let server = try TestServer.webSocketEcho(WebSocketConfiguration(pingInterval: .milliseconds(50),
                                                                         pongTimeout: .seconds(10)))
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        for counter in UInt8(1)...5 {
            let ping = try connection.readFrame()
            try #require(ping.opcode == FrameBytes.ping && ping.payload == [0, 0, 0, counter], "expected ping \(counter), got \(ping)")
            try connection.send(FrameBytes.frame(opcode: FrameBytes.pong, payload: ping.payload))
        }
        try connection.send(FrameBytes.frame(opcode: FrameBytes.text, payload: Array("alive".utf8)))
        var frame = try connection.readFrame()
        while frame.opcode == FrameBytes.ping {
            try connection.send(FrameBytes.frame(opcode: FrameBytes.pong, payload: frame.payload))
            frame = try connection.readFrame()
        }
        #expect(frame.opcode == FrameBytes.text && frame.payload.text == "alive")
    }
}
