import Foundation
import KitchenTestSupport
import HTTPWire
import Synchronization
import Testing

/// Our WebSocket client over TLS (wss://) against Python's `websockets` on stdlib `ssl`.
@Suite(.enabled(if: PythonPeer.websocketsVersion != nil,
                "SKIPPED: KITCHEN_PYTHON is unset or cannot import websockets (run `make` to create .venv with websockets, or set KITCHEN_PYTHON); the wss:// tests did not run"),
       .enabled(if: TestCertificates.opensslPath != nil,
                "SKIPPED: the openssl command is not on PATH (Debian: apt-get install openssl); the wss:// tests did not run"),
       .enabled(if: TLSClientConfiguration.isAvailable,
                "SKIPPED: libssl cannot be loaded (Debian: apt-get install libssl3, or libssl3t64 on newer releases); the wss:// tests did not run"),
       .timeLimit(.minutes(2)), .ownQueue)
struct SecureWebSocketTests {
    @Test func wssExchangesMessagesPingsAndClosesCleanlyWith1000() async throws {
        let certificates = try TLSTestRequirements.certificates()
        let peer = try await TLSPeer.webSocket(certificates.server)
        let socket = try await WebSocketClient.connect(host: "127.0.0.1", port: peer.port, target: "/",
                                                       tls: TLSTestRequirements.trustingTestCA())
        socket.setReceiveTimeout(.seconds(20))
        try socket.send(text: "hello κόσμε")
        #expect(await socket.receive() == .message(.text("hello κόσμε")))
        try socket.send(.binary([0, 1, 2, 255]))
        #expect(await socket.receive() == .message(.binary([0, 1, 2, 255])))
        // Larger than one TLS record both ways.
        let large = (0..<200_000).map { UInt8(truncatingIfNeeded: $0) }
        try socket.send(.binary(large))
        #expect(await socket.receive() == .message(.binary(large)))
        try socket.send(text: "fragmented")
        #expect(await socket.receive() == .message(.text("one two three")))
        // websockets pings us; our reader's pong goes out through the TLS writer.
        try socket.send(text: "ping")
        #expect(await socket.receive() == .message(.text("pong received")))
        try socket.ping(Array("are you there".utf8))
        try socket.send(text: "after our ping")
        #expect(await socket.receive() == .message(.text("after our ping")))

        socket.close(code: .normalClosure, reason: "done")
        guard case .closed(let info) = await socket.receive() else {
            Issue.record("expected the close handshake to end the connection")
            return
        }
        #expect(info.code == .normalClosure && info.initiator == .local && info.wasClean)

        let (summary, outcome) = try await peer.summary()
        #expect(!outcome.timedOut, "websockets waited for our close_notify: \(outcome)")
        #expect(summary["tls"] as? String == "TLSv1.3", "\(outcome)")
        #expect(summary["errors"] as? [String] == [], "\(outcome)")
        #expect(summary["close_code"] as? Int == 1000, "websockets received our close code: \(outcome)")
        #expect((summary["received"] as? [String])?.count == 6, "\(outcome)")
    }

    @Test func concurrentSendersShareOneTLSConnectionAndEveryEchoArrivesIntact() async throws {
        let certificates = try TLSTestRequirements.certificates()
        let peer = try await TLSPeer.webSocket(certificates.server)
        let socket = try await WebSocketClient.connect(host: "127.0.0.1", port: peer.port, target: "/",
                                                       tls: TLSTestRequirements.trustingTestCA())
        socket.setReceiveTimeout(.seconds(20))
        // Four threads, 40 messages each of 20 KB: ~3 MB each way, enough to fill the socket
        // buffers so sends queue, TLS ciphertext waits, and the background writer drains it.
        let senders = 4, perSender = 40
        let message = { @Sendable (sender: Int, index: Int) -> String in
            let label = "sender \(sender) message \(index) "
            return label + String(repeating: Character(UnicodeScalar(UInt8(97 + (sender * 7 + index) % 26))),
                                  count: 20_000 - label.utf8.count)
        }
        let sendFailures = Mutex<[String]>([])
        let sent = Signal()
        Thread {
            DispatchQueue.concurrentPerform(iterations: senders) { sender in
                for index in 0..<perSender {
                    do throws(WebSocketConnectionError) { try socket.send(text: message(sender, index)) } catch {
                        sendFailures.withLock { $0.append("\(error)") }
                    }
                }
            }
            sent.fire()
        }.start()

        var echoes: [String] = []
        while echoes.count < senders * perSender, case .message(.text(let text)) = await socket.receive() {
            echoes.append(text)
        }
        #expect(await sent.wait(seconds: 30))
        #expect(sendFailures.withLock { $0 } == [])
        let expected = (0..<senders).flatMap { sender in (0..<perSender).map { message(sender, $0) } }
        #expect(echoes.count == expected.count)
        #expect(Set(echoes) == Set(expected), "every echo intact")
        // Each sender's messages stay in the order it sent them.
        for sender in 0..<senders {
            let own = echoes.filter { $0.hasPrefix("sender \(sender) ") }
            #expect(own == (0..<perSender).map { message(sender, $0) })
        }

        socket.close(code: .normalClosure)
        guard case .closed(let info) = await socket.receive() else {
            Issue.record("expected the close handshake to end the connection")
            return
        }
        #expect(info.code == .normalClosure && info.wasClean)
        let (summary, outcome) = try await peer.summary()
        #expect(summary["errors"] as? [String] == [], "\(outcome.status) \(outcome.stderr)")
        #expect(summary["close_code"] as? Int == 1000, "\(outcome.status) \(outcome.stderr)")
    }
}
