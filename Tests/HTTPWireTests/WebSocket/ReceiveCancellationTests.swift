import HTTPWire
import KitchenTestSupport
import Testing

/// `WebSocketConnection.receive()` under task cancellation: a waiting receive returns
/// `.cancelled` at once, takes nothing, and the connection goes on.
@Suite(.timeLimit(.minutes(2)), .ownQueue) struct ReceiveCancellationTests {
    /// A peer that answers the upgrade, sends nothing until the client's text arrives, answers
    /// it with `reply`, then echoes the client's close.
    static func quietPeer(reply: String) throws -> RawPeerServer {
        try RawPeerServer { connection in
            try ClientRoleTests.acceptUpgrade(connection)
            let frame = try connection.readFrame()
            guard frame.opcode == FrameBytes.text else { throw RawConnectionError.malformed("expected text, got \(frame)") }
            try connection.send(FrameBytes.frame(opcode: FrameBytes.text, payload: Array(reply.utf8), mask: nil))
            let close = try connection.readFrame()
            try connection.send(FrameBytes.frame(opcode: FrameBytes.close, payload: close.payload, mask: nil))
        }
    }

    @Test func cancellingAWaitingReceiveReturnsCancelledAndTheConnectionReadsOn() async throws {
        let peer = try Self.quietPeer(reply: "after the cancel")
        let socket = try await WebSocketClient.connect(host: "127.0.0.1", port: peer.port, target: "/ws")
        // An immediate child runs the receive here until it parks (nothing has arrived), and is
        // then cancelled; as a child it stays on this test's own queue (`.ownQueue`).
        let answer = await withTaskGroup(of: WebSocketEvent.self) { group in
            group.addImmediateTask { await socket.receive() }
            group.cancelAll()
            return await group.next()
        }
        #expect(answer == .cancelled)
        #expect(!socket.isEnded)

        try socket.send(text: "go on")
        #expect(await socket.receive() == .message(.text("after the cancel")))
        socket.close()
        guard case .closed(let info) = await socket.receive() else {
            Issue.record("expected the end of the connection")
            return
        }
        #expect(info.code == .normalClosure && info.initiator == .local && info.wasClean)
        try await peer.waitForScript()
    }
}
