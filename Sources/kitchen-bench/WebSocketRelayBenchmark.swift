import Foundation
import HTTPWire
import KitchenRecorder

/// WebSocket messages relayed per second through the recording proxy, recording on: an
/// upstream floods `messages` state-sized text messages to the client through the proxy.
enum WebSocketRelayBenchmark {
    static func run(messages: Int) async throws {
        let text = #"{"type":"state","deviceId":"oven-66a3a7","deviceType":"oven","compartment":null,"state":{"isOn":true,"targetTemperature":350,"currentTemperature":300,"mode":"bake","lastUpdated":"2026-11-20T10:00:00.000Z"},"sentAt":"2026-11-20T10:00:00.000Z"}"#
        // The flood is queued at once and closed behind it: the close may take as long as the
        // messages before it take to go out (with the default 2 s, those still queued when the
        // close deadline passes are dropped unsent, and the rate would count only what arrived).
        let upstream = HTTPServer(
            configuration: .init(port: 0, webSocket: WebSocketConfiguration(closeTimeout: .seconds(300), maxQueuedBytes: 1 << 30)),
            responder: Flood(text: text, count: messages))
        try upstream.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ws-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        guard let upstreamPort = upstream.address?.port, let upstreamURL = URL(string: "http://127.0.0.1:\(upstreamPort)") else {
            fail("ws-relay: the upstream server has no address", status: 1)
        }
        let proxy = try RecordingProxy(configuration: .init(upstream: upstreamURL, output: directory.appendingPathComponent("relay.har")) {
            $0.port = 0
        })
        try proxy.start()
        guard let proxyPort = proxy.port else { fail("ws-relay: the recording proxy has no port", status: 1) }
        let client = try await WebSocketClient.connect(host: "127.0.0.1", port: proxyPort, target: "/flood")
        let start = ContinuousClock.now
        var received = 0
        while case .message = await client.receive() { received += 1 }
        // "Relayed and recorded": write-ahead, so every message that arrived is already in the journal.
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed / .milliseconds(1)) / 1000
        print("ws-relay-messages-per-second \(Int(Double(received) / seconds)) msg/s (\(received) of \(messages) relayed and recorded in \(String(format: "%.2f", seconds)) s)")
        let summary = try proxy.stop()
        upstream.stop()
        print("ws-relay-recorded-messages \(summary.entries) entries")
    }

    /// Sends its flood as the socket opens, then closes behind it.
    struct Flood: HTTPResponder, WebSocketLoopHandler {
        let text: String
        let count: Int
        func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply { .webSocketOnLoop(handler: self) }

        func opened(_ connection: WebSocketConnection) {
            for _ in 0..<count { try? connection.send(text: text) }
            connection.close(code: .normalClosure, reason: "done")
        }
    }
}
