import HTTPWire
import Testing

/// What a server must refuse in a single frame (RFC 6455 §5), each judged from the header.
@Suite(.timeLimit(.minutes(2))) struct FrameRuleTests {
    // RFC 6455 §5.1: a server MUST close the connection upon receiving an unmasked frame.
    @Test(arguments: [FrameBytes.text, FrameBytes.binary, FrameBytes.ping, FrameBytes.close])
    func unmaskedClientFrameIsAnsweredWithClose1002(opcode: UInt8) throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try expectServerCloses(with: CloseCode.protocolError,
                               after: FrameBytes.frame(opcode: opcode, payload: [3, 232], mask: nil), on: connection)
    }

    // The close reason sent names the rule that fired, with its section.
    @Test(arguments: [
        (FrameBytes.frame(opcode: FrameBytes.text, payload: [], mask: nil), WebSocketProtocolError.unmaskedClientFrame),
        (FrameBytes.frame(opcode: 0x5, payload: []), .reservedOpcode(0x5)),
        (FrameBytes.frame(opcode: FrameBytes.continuation, payload: [1]), .continuationWithoutStart),
        (FrameBytes.close(code: 1006), .invalidCloseCode(1006)),
    ])
    func closeReasonNamesTheRuleThatFired(bytes: [UInt8], rule: WebSocketProtocolError) throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try connection.send(bytes)
        let frame = try connection.readCloseFrame()
        #expect(frame.closeCode == rule.closeCode.rawValue)
        #expect(String(decoding: frame.payload.dropFirst(2), as: UTF8.self) == rule.description)
    }

    // RFC 6455 §5.2: RSV1–3 MUST be 0 unless an extension is negotiated (none is).
    @Test(arguments: [UInt8(0b100), 0b010, 0b001, 0b111])
    func frameWithReservedBitSetIsAnsweredWithClose1002(reservedBits: UInt8) throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try expectServerCloses(with: CloseCode.protocolError,
                               after: FrameBytes.frame(reservedBits: reservedBits, opcode: FrameBytes.text,
                                                       payload: Array("rsv".utf8)), on: connection)
    }

    // RFC 6455 §5.2: opcodes 0x3–0x7 and 0xB–0xF are reserved; receiving one fails the connection.
    @Test(arguments: [UInt8(0x3), 0x4, 0x5, 0x6, 0x7, 0xB, 0xC, 0xD, 0xE, 0xF])
    func frameWithReservedOpcodeIsAnsweredWithClose1002(opcode: UInt8) throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try expectServerCloses(with: CloseCode.protocolError,
                               after: FrameBytes.frame(opcode: opcode, payload: Array("reserved".utf8)), on: connection)
    }

    // RFC 6455 §5.5: control frames MUST have a payload of 125 bytes or less.
    @Test(arguments: [FrameBytes.ping, FrameBytes.pong, FrameBytes.close])
    func controlFrameWith126BytePayloadIsAnsweredWithClose1002(opcode: UInt8) throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        let payload = [3, 232] + [UInt8](repeating: 0x61, count: 124)
        try expectServerCloses(with: CloseCode.protocolError, after: FrameBytes.frame(opcode: opcode, payload: payload),
                               on: connection)
    }

    // RFC 6455 §5.5: control frames MUST NOT be fragmented.
    @Test(arguments: [FrameBytes.ping, FrameBytes.pong, FrameBytes.close])
    func controlFrameWithoutFinIsAnsweredWithClose1002(opcode: UInt8) throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try expectServerCloses(with: CloseCode.protocolError,
                               after: FrameBytes.frame(fin: false, opcode: opcode, payload: [3, 232]), on: connection)
    }

    // RFC 6455 §5.2: the most significant bit of a 64-bit length MUST be 0. Converting such a
    // length to Int must not trap; only the header is sent.
    @Test(arguments: [UInt64(1) << 63, UInt64.max])
    func sixtyFourBitLengthWithTopBitSetIsAnsweredWithClose1002(length: UInt64) throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try expectServerCloses(with: CloseCode.protocolError,
                               after: FrameBytes.header(opcode: FrameBytes.binary, length: length), on: connection)
    }

    // RFC 6455 §10.4 / §7.4.1: a frame over our limit is refused with 1009 from its header alone,
    // before any payload byte is sent or buffered.
    @Test(arguments: [UInt64(1025), UInt64(1) << 40, (UInt64(1) << 63) - 1])
    func frameAnnouncingMoreThanMaxFrameSizeIsAnsweredWithClose1009FromItsHeader(length: UInt64) throws {
        let server = try TestServer.webSocketEcho(WebSocketConfiguration(maxFrameSize: 1024, maxMessageSize: 4096))
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try expectServerCloses(with: CloseCode.tooBig,
                               after: FrameBytes.header(opcode: FrameBytes.binary, length: length), on: connection)
    }

    @Test func frameOfExactlyMaxFrameSizeIsAccepted() throws {
        let server = try TestServer.webSocketEcho(WebSocketConfiguration(maxFrameSize: 1024, maxMessageSize: 4096))
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        let payload = (0..<1024).map { UInt8(truncatingIfNeeded: $0) }
        try connection.send(FrameBytes.frame(opcode: FrameBytes.binary, payload: payload))
        #expect(try connection.readFrame().payload == payload)
    }

    // The message cap applies to the whole message: fragments that each fit but together
    // pass maxMessageSize are refused with 1009 when the total passes it.
    @Test func messageOverMaxMessageSizeAcrossFragmentsIsAnsweredWithClose1009() throws {
        let server = try TestServer.webSocketEcho(WebSocketConfiguration(maxFrameSize: 1024, maxMessageSize: 2048))
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        let fragment = [UInt8](repeating: 0x62, count: 1000)
        try connection.send(FrameBytes.frame(fin: false, opcode: FrameBytes.binary, payload: fragment)
            + FrameBytes.frame(fin: false, opcode: FrameBytes.continuation, payload: fragment))
        try expectServerCloses(with: CloseCode.tooBig,
                               after: FrameBytes.frame(fin: false, opcode: FrameBytes.continuation, payload: fragment),
                               on: connection)
    }

    @Test func messageOfExactlyMaxMessageSizeAcrossFragmentsIsAccepted() throws {
        let server = try TestServer.webSocketEcho(WebSocketConfiguration(maxFrameSize: 1024, maxMessageSize: 2048))
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        let fragment = [UInt8](repeating: 0x62, count: 1024)
        try connection.send(FrameBytes.frame(fin: false, opcode: FrameBytes.binary, payload: fragment)
            + FrameBytes.frame(opcode: FrameBytes.continuation, payload: fragment))
        let echo = try connection.readFrame()
        #expect(echo.opcode == FrameBytes.binary && echo.payload.count == 2048)
    }
}
