import HTTPWire
import Testing

/// The closing handshake (RFC 6455 §5.5.1, §7).
@Suite(.timeLimit(.minutes(2))) struct CloseHandshakeTests {
    // RFC 6455 §5.5.1: a close body, if present, starts with a 2-byte code.
    @Test func closeWithOneBytePayloadIsAnsweredWithClose1002() throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try expectServerCloses(with: CloseCode.protocolError,
                               after: FrameBytes.frame(opcode: FrameBytes.close, payload: [0x03]), on: connection)
    }

    // RFC 6455 §7.4.1–§7.4.2: 1004–1006 and 1015 are reserved and never sent; 0–999 are unused;
    // 1016–2999 belong to future RFCs; above 4999 is out of range.
    @Test(arguments: [UInt16(0), 999, 1004, 1005, 1006, 1015, 1016, 2000, 2999, 5000, 65535])
    func closeWithInvalidCodeIsAnsweredWithClose1002(code: UInt16) throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try expectServerCloses(with: CloseCode.protocolError, after: FrameBytes.close(code: code), on: connection)
    }

    // RFC 6455 §5.5.1: the endpoint answers a close with a close, typically echoing the code;
    // §7.1.1: then the server closes TCP first.
    @Test(arguments: [UInt16(1000), 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 3000, 3999, 4000, 4999])
    func closeWithValidCodeIsEchoedThenTCPIsClosed(code: UInt16) throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try expectServerCloses(with: code, after: FrameBytes.close(code: code, reason: Array("bye".utf8)),
                               on: connection)
        #expect(connection.ending == .endOfStream)
    }

    // RFC 6455 §5.5.1: a close without a body is answered with a close without a body.
    @Test func closeWithEmptyPayloadIsAnsweredWithEmptyCloseThenTCPIsClosed() throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try connection.send(FrameBytes.frame(opcode: FrameBytes.close, payload: []))
        #expect(try connection.readFrame() == RawFrame(fin: true, reservedBits: 0, opcode: FrameBytes.close,
                                                        masked: false, payload: []))
        #expect(try connection.readUntilClosed().isEmpty)
    }

    // RFC 6455 §8.1 / §7.4: a close reason is UTF-8 text; invalid text fails with 1007.
    @Test(arguments: [[UInt8(0xC0), 0xAF], [0xFF], [0xF0, 0x9F]])
    func closeWithInvalidUTF8ReasonIsAnsweredWithClose1007(reason: [UInt8]) throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try expectServerCloses(with: CloseCode.invalidPayload, after: FrameBytes.close(code: 1000, reason: reason),
                               on: connection)
    }

    // RFC 6455 §7.1.2–§7.1.3: when the server starts the close and the peer answers, the server
    // closes TCP right away.
    @Test func serverInitiatedCloseAnsweredByThePeerEndsTCP() throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try connection.send(FrameBytes.frame(opcode: FrameBytes.text, payload: Array("close 4001".utf8)))
        try expectCloseFrame(code: 4001, on: connection)
        try connection.send(FrameBytes.close(code: 4001))
        #expect(try connection.readUntilClosed().isEmpty)
        #expect(connection.ending == .endOfStream)
    }

    // RFC 6455 §7.1.1: a server that sent a close and never hears back drops TCP after its close
    // timeout. This only waits (200 ms configured, 10 s read timeout) for the end of stream, with
    // nothing after the close frame; that it comes at the deadline and not before is
    // MachineCloseTests' job, on virtual time.
    @Test func serverInitiatedCloseThatThePeerNeverAnswersDropsTCPAfterCloseTimeout() throws {
        let server = try TestServer.webSocketEcho(WebSocketConfiguration(closeTimeout: .milliseconds(200)))
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try connection.send(FrameBytes.frame(opcode: FrameBytes.text, payload: Array("close 1000".utf8)))
        try expectCloseFrame(code: CloseCode.normal, on: connection)
        #expect(try connection.readUntilClosed().isEmpty)
        #expect(connection.ending == .endOfStream)
    }

    // RFC 6455 §5.5.1: after sending a close, an endpoint sends no more data frames.
    @Test func serverSendsNothingAfterEchoingAClose() throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try connection.send(FrameBytes.close(code: 1000)
            + FrameBytes.frame(opcode: FrameBytes.text, payload: Array("too late".utf8)))
        try expectCloseFrame(code: CloseCode.normal, on: connection)
        #expect(try connection.readUntilClosed().isEmpty)
    }
}
