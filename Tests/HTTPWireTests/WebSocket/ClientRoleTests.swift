import HTTPWire
import KitchenTestSupport
import Testing

/// Our `WebSocketClient` against a scripted server that breaks (or checks) the client rules.
@Suite(.timeLimit(.minutes(2)), .ownQueue) struct ClientRoleTests {
    /// Reads the upgrade request and answers with a proper 101 followed by `frames`, in one write.
    static func acceptUpgrade(_ connection: RawConnection, then frames: [UInt8] = []) throws {
        let request = try connection.read(through: [13, 10, 13, 10], what: "the upgrade request").text
        guard let keyLine = request.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("sec-websocket-key:") })
        else { throw RawConnectionError.malformed("no key in \(request)") }
        let key = keyLine.dropFirst("sec-websocket-key:".count).trimmedOWS
        let accept = WebSocketHandshake.acceptValue(forKey: key)
        let head = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Accept: \(accept)\r\n\r\n"
        try connection.send(Array(head.utf8) + frames)
    }

    // RFC 6455 §5.1: a client MUST close the connection if it receives a masked frame.
    @Test func clientClosesWith1002OnMaskedServerFrame() async throws {
        let peer = try RawPeerServer { connection in
            try Self.acceptUpgrade(connection, then: FrameBytes.frame(opcode: FrameBytes.text, payload: Array("masked".utf8)))
            let close = try connection.readFrame()
            guard close.opcode == FrameBytes.close, close.closeCode == CloseCode.protocolError, close.masked else {
                throw RawConnectionError.malformed("expected a masked close 1002 from the client, got \(close)")
            }
        }
        let socket = try await WebSocketClient.connect(host: "127.0.0.1", port: peer.port, target: "/ws")
        guard case .closed(let info) = await socket.receive() else {
            Issue.record("the masked frame was delivered")
            return
        }
        #expect(info.code == .protocolError)
        #expect(info.initiator == .local && !info.wasClean)
        try await peer.waitForScript()
    }

    // RFC 6455 §5.3: every client frame is masked (and the 101's trailing bytes are frames).
    @Test func clientMasksItsFramesAndReadsFramesThatArrivedWithThe101() async throws {
        let peer = try RawPeerServer { connection in
            try Self.acceptUpgrade(connection, then: FrameBytes.frame(opcode: FrameBytes.text, payload: Array("first".utf8),
                                                                       mask: nil))
            let frame = try connection.readFrame()
            guard frame.masked, frame.opcode == FrameBytes.text, frame.payload.text == "reply" else {
                throw RawConnectionError.malformed("expected a masked text 'reply', got \(frame)")
            }
            try connection.send(FrameBytes.frame(opcode: FrameBytes.close, payload: [3, 232], mask: nil))
            _ = try connection.readFrame()
        }
        let socket = try await WebSocketClient.connect(host: "127.0.0.1", port: peer.port, target: "/ws")
        #expect(await socket.receive() == .message(.text("first")))
        try socket.send(text: "reply")
        guard case .closed(let info) = await socket.receive() else {
            Issue.record("expected the peer's close")
            return
        }
        #expect(info.code == .normalClosure && info.initiator == .peer && info.wasClean)
        try await peer.waitForScript()
    }
}
