import HTTPWire
import KitchenTestSupport
import Testing

/// The thin shell over the state machine, over real sockets: the deadlines the machine asks
/// for are armed by the connection itself (a client has no server heartbeat), and the rule a
/// peer broke can be read back.
@Suite(.timeLimit(.minutes(2)), .ownQueue)
struct ConnectionShellTests {
    // RFC 6455 §7.1.1: a client whose close the server never answers gives up at its close
    // deadline; the reader, blocked until then, sees an abnormal closure.
    @Test func clientCloseThatTheServerNeverAnswersEndsAtTheCloseDeadline() async throws {
        let peer = try RawPeerServer { connection in
            try ClientRoleTests.acceptUpgrade(connection)
            let close = try connection.readFrame()
            guard close.opcode == FrameBytes.close, close.closeCode == CloseCode.normal, close.masked else {
                throw RawConnectionError.malformed("expected the client's masked close 1000, got \(close)")
            }
            // No answer: the client must end TCP by itself.
            _ = try connection.readUntilClosed()
        }
        let socket = try await WebSocketClient.connect(host: "127.0.0.1", port: peer.port, target: "/ws",
                                                       configuration: WebSocketConfiguration(closeTimeout: .milliseconds(200)))
        socket.close(code: .normalClosure, reason: "done")
        guard case .closed(let info) = await socket.receive() else {
            Issue.record("expected the connection to end")
            return
        }
        #expect(info.code == .abnormalClosure && !info.wasClean)
        #expect(socket.isEnded)
        try await peer.waitForScript()
    }

    // Keep-alive runs on the connection's own deadlines, so a client pings too.
    @Test func clientKeepAlivePingsAtItsIntervalAndAcceptsTheEchoingPong() async throws {
        let peer = try RawPeerServer { connection in
            try ClientRoleTests.acceptUpgrade(connection)
            for expected in [UInt8(1), 2] {
                let ping = try connection.readFrame()
                guard ping.opcode == FrameBytes.ping, ping.masked, ping.payload == [0, 0, 0, expected] else {
                    throw RawConnectionError.malformed("expected keep-alive ping \(expected), got \(ping)")
                }
                try connection.send(FrameBytes.frame(opcode: FrameBytes.pong, payload: ping.payload, mask: nil))
            }
            try connection.send(FrameBytes.frame(opcode: FrameBytes.close, payload: [0x03, 0xE8], mask: nil))
            _ = try connection.readFrame()
        }
        let configuration = WebSocketConfiguration(pingInterval: .milliseconds(50), pongTimeout: .seconds(10))
        let socket = try await WebSocketClient.connect(host: "127.0.0.1", port: peer.port, target: "/ws", configuration: configuration)
        guard case .closed(let info) = await socket.receive() else {
            Issue.record("expected the peer's close")
            return
        }
        #expect(info.code == .normalClosure && info.initiator == .peer && info.wasClean)
        try await peer.waitForScript()
    }

    // A test (or an app) can tell which rule the peer broke; the close reason names it.
    @Test func theRuleThePeerBrokeCanBeReadBack() async throws {
        let peer = try RawPeerServer { connection in
            try ClientRoleTests.acceptUpgrade(connection, then: FrameBytes.frame(opcode: FrameBytes.binary, payload: [1],
                                                                                  mask: nil)
                + FrameBytes.frame(opcode: FrameBytes.continuation, payload: [2], mask: nil))
            _ = try connection.readFrame()
        }
        let socket = try await WebSocketClient.connect(host: "127.0.0.1", port: peer.port, target: "/ws")
        #expect(await socket.receive() == .message(.binary([1])))
        guard case .closed(let info) = await socket.receive() else {
            Issue.record("the orphan continuation was delivered")
            return
        }
        #expect(socket.protocolError == .continuationWithoutStart)
        #expect(info.code == .protocolError && info.reason == WebSocketProtocolError.continuationWithoutStart.description)
        try await peer.waitForScript()
    }
}
