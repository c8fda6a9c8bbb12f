import HTTPWire
import Testing

/// Fragmented messages (RFC 6455 §5.4) and UTF-8 validation of text (RFC 6455 §8.1).
@Suite(.timeLimit(.minutes(2))) struct FragmentationTests {
    static func fragment(_ opcode: UInt8, _ bytes: [UInt8], fin: Bool = false) -> [UInt8] {
        FrameBytes.frame(fin: fin, opcode: opcode, payload: bytes)
    }

    // RFC 6455 §5.4: control frames MAY be injected in the middle of a fragmented message.
    @Test func textInThreeFragmentsWithInterleavedPingArrivesAsOneMessageAndThePongFirst() throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try connection.send(Self.fragment(FrameBytes.text, Array("Hel".utf8))
            + FrameBytes.frame(opcode: FrameBytes.ping, payload: Array("mid".utf8))
            + Self.fragment(FrameBytes.continuation, Array("lo, ".utf8))
            + Self.fragment(FrameBytes.continuation, Array("world".utf8), fin: true))
        let pong = try connection.readFrame()
        #expect(pong == RawFrame(fin: true, reservedBits: 0, opcode: FrameBytes.pong, masked: false,
                                 payload: Array("mid".utf8)))
        let message = try connection.readFrame()
        #expect(message == RawFrame(fin: true, reservedBits: 0, opcode: FrameBytes.text, masked: false,
                                    payload: Array("Hello, world".utf8)))
    }

    // RFC 6455 §5.4: a continuation frame needs a message in progress.
    @Test(arguments: [true, false])
    func continuationWithoutAStartedMessageIsAnsweredWithClose1002(fin: Bool) throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try expectServerCloses(with: CloseCode.protocolError,
                               after: Self.fragment(FrameBytes.continuation, Array("orphan".utf8), fin: fin),
                               on: connection)
    }

    // RFC 6455 §5.4: fragments of one message MUST NOT be interleaved with another message.
    @Test(arguments: [FrameBytes.text, FrameBytes.binary])
    func newDataFrameInsideAFragmentedMessageIsAnsweredWithClose1002(opcode: UInt8) throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try connection.send(Self.fragment(FrameBytes.text, Array("first".utf8)))
        try expectServerCloses(with: CloseCode.protocolError,
                               after: Self.fragment(opcode, Array("second".utf8), fin: true), on: connection)
    }

    // RFC 6455 §5.6: validity is a property of the whole message; a code point may be split.
    @Test(arguments: [1, 2, 3])
    func fourByteCodePointSplitAcrossFragmentsIsAccepted(splitAt: Int) throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        let emoji = Array("a😀b".utf8)
        try connection.send(Self.fragment(FrameBytes.text, Array(emoji[..<(1 + splitAt)]))
            + Self.fragment(FrameBytes.continuation, Array(emoji[(1 + splitAt)...]), fin: true))
        #expect(try connection.readFrame().payload.text == "a😀b")
    }

    // RFC 6455 §8.1: invalid UTF-8 fails the connection with 1007, as soon as a fragment
    // cannot be valid: the close arrives while the message is still open.
    @Test(arguments: [[UInt8(0xC0), 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xFE], [0xFF],
                      [0xE0, 0x80, 0xAF], [0xC2, 0x41]])
    func invalidUTF8InTheFirstFragmentIsAnsweredWithClose1007BeforeTheMessageEnds(bytes: [UInt8]) throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try expectServerCloses(with: CloseCode.invalidPayload,
                               after: Self.fragment(FrameBytes.text, Array("ok ".utf8) + bytes), on: connection)
    }

    // RFC 6455 §8.1 applied to single-frame messages: the Autobahn 6.x kinds of bad sequence.
    @Test(arguments: [[UInt8(0xC0), 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xF8, 0x88, 0x80, 0x80, 0x80]])
    func invalidUTF8InSingleFrameTextIsAnsweredWithClose1007(bytes: [UInt8]) throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try expectServerCloses(with: CloseCode.invalidPayload,
                               after: FrameBytes.frame(opcode: FrameBytes.text, payload: bytes), on: connection)
    }

    // Boundary code points that are valid: U+007F, U+0080, U+FFFF, U+10FFFF, κόσμε.
    @Test(arguments: ["\u{7F}", "\u{80}", "\u{FFFF}", "\u{10FFFF}", "κόσμε"])
    func validBoundaryCodePointsAreEchoed(text: String) throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try connection.send(FrameBytes.frame(opcode: FrameBytes.text, payload: Array(text.utf8)))
        #expect(try connection.readFrame().payload == Array(text.utf8))
    }

    // RFC 6455 §8.1: a text message that ends in the middle of a code point is invalid.
    @Test func textMessageEndingMidCodePointIsAnsweredWithClose1007() throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try connection.send(Self.fragment(FrameBytes.text, Array("a".utf8)))
        try expectServerCloses(with: CloseCode.invalidPayload,
                               after: Self.fragment(FrameBytes.continuation, [0xF0, 0x9F, 0x98], fin: true),
                               on: connection)
    }

    // Binary messages carry any bytes.
    @Test func binaryMessageWithInvalidUTF8IsEchoed() throws {
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let connection = try RawConnection.webSocket(port: server.port)
        try connection.send(Self.fragment(FrameBytes.binary, [0xFF, 0xC0])
            + Self.fragment(FrameBytes.continuation, [0xED, 0xA0], fin: true))
        #expect(try connection.readFrame().payload == [0xFF, 0xC0, 0xED, 0xA0])
    }
}
