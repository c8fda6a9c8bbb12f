import Foundation
import KitchenTestSupport
import HTTPWire
import Testing

/// Our server and client against Python's `websockets`, the strictest WebSocket peer around.
/// The interpreter is `KITCHEN_PYTHON` (the Makefile's .venv); without it these are SKIPPED.
@Suite(.enabled(if: PythonPeer.websocketsVersion != nil,
                "SKIPPED: KITCHEN_PYTHON is unset or cannot import websockets (run `make` to create .venv with websockets, or set KITCHEN_PYTHON); the Python WebSocket interop tests did not run"),
       .timeLimit(.minutes(2)), .ownQueue)
struct PythonWebSocketInteropTests {
    @Test func websocketsClientExchangesEveryMessageKindWithOurServerAndClosesCleanly() async throws {
        let interpreter = try #require(PythonPeer.interpreter)
        print("Python websockets \(PythonPeer.websocketsVersion ?? "?") at \(interpreter)")
        let server = try TestServer.webSocketEcho()
        defer { server.stop() }
        let outcome = try await ExternalProcess.run(interpreter, [PythonPeer.script("ws_client.py"),
                                                            "ws://127.0.0.1:\(server.port)/ws"])
        let summary = try PythonPeer.summary(outcome.lastLine)
        #expect(outcome.status == 0, "\(outcome)")
        #expect(summary["ok"] as? Bool == true, "\(outcome)")
        #expect(summary["errors"] as? [String] == [], "\(outcome)")
        #expect(summary["close_code"] as? Int == 1000, "\(outcome)")
        let checks = summary["checks"] as? [String: Bool] ?? [:]
        #expect(checks.count == 8 && checks.values.allSatisfy { $0 }, "\(checks)")
    }

    @Test func ourClientExchangesMessagesWithWebsocketsServerAndEchoesItsClose() async throws {
        let interpreter = try #require(PythonPeer.interpreter)
        print("Python websockets \(PythonPeer.websocketsVersion ?? "?") at \(interpreter)")
        let peer = try ExternalProcess(interpreter, ["-u", PythonPeer.script("ws_server.py"), "0"])
        let announcement = try #require(await peer.readLine(), "\(peer.finishBlocking(timeoutSeconds: 5))")
        let port = try #require(PythonPeer.summary(announcement)["port"] as? Int)

        let socket = try await WebSocketClient.connect(host: "127.0.0.1", port: port, target: "/")
        socket.setReceiveTimeout(.seconds(20))
        try socket.send(text: "hello κόσμε")
        #expect(await socket.receive() == .message(.text("hello κόσμε")))
        try socket.send(.binary([0, 1, 2, 255]))
        #expect(await socket.receive() == .message(.binary([0, 1, 2, 255])))
        let large = (0..<200_000).map { UInt8(truncatingIfNeeded: $0) }
        try socket.send(.binary(large))
        #expect(await socket.receive() == .message(.binary(large)))
        // websockets sends this reply as three frames; we reassemble it.
        try socket.send(text: "fragmented")
        #expect(await socket.receive() == .message(.text("one two three")))
        // websockets pings us; our reader answers, and websockets confirms it got the pong.
        try socket.send(text: "ping")
        #expect(await socket.receive() == .message(.text("pong received")))
        try socket.send(text: "close 4001")
        guard case .closed(let info) = await socket.receive() else {
            Issue.record("expected websockets to close the connection")
            return
        }
        #expect(info.code == 4001 && info.reason == "closing as asked")
        #expect(info.initiator == .peer && info.wasClean)

        let outcome = await peer.finish()
        let summary = try PythonPeer.summary(outcome.lastLine)
        #expect(summary["errors"] as? [String] == [], "\(outcome)")
        #expect(summary["close_code_sent"] as? Int == 4001, "websockets closed otherwise (1002: it saw a protocol error): \(outcome)")
        #expect(summary["close_code"] as? Int == 4001, "our echo of the close code: \(outcome)")
        #expect((summary["received"] as? [String])?.count == 6, "\(outcome)")
    }
}
