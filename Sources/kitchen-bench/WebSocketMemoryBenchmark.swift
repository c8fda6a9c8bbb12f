import Foundation
import HTTPWire

/// The recording proxy's resident memory under large WebSocket messages, and whether it gives
/// it back: `ws-echo` is an upstream that echoes every message (announcing
/// `http://127.0.0.1:PORT`); `ws-memory PORT PID ROUNDS MIB IDLE_S` opens a conversation
/// through the proxy on `PORT` for each of `ROUNDS` rounds, sends one `MIB` MiB binary message,
/// reads its echo and closes, then waits `IDLE_S` seconds with no connection open; it prints the
/// proxy's VmRSS (process `PID`, from /proc) before, after the rounds, and after the idle wait,
/// and its peak (VmHWM).
/// Run by `Benchmarks/websocket-memory.sh`.
enum WebSocketMemoryBenchmark {
    /// Room for the largest message the benchmark sends, with its frame header.
    static func configuration(mebibytes: Int) -> WebSocketConfiguration {
        WebSocketConfiguration(maxFrameSize: (mebibytes << 20) + 64, maxMessageSize: (mebibytes << 20) + 64,
                               closeTimeout: .seconds(60), maxQueuedBytes: 1 << 30)
    }

    struct Echo: HTTPResponder, WebSocketLoopHandler {
        let configuration: WebSocketConfiguration
        func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
            .webSocketOnLoop(configuration: configuration, handler: self)
        }

        func received(_ message: WebSocketMessage, on connection: WebSocketConnection) { try? connection.send(message) }
    }

    /// The upstream `ws-echo` serves: every message echoed, up to 256 MiB.
    static func echoServer() -> HTTPServer {
        HTTPServer(configuration: HTTPServerConfiguration(port: 0, webSocket: configuration(mebibytes: 256)),
                   responder: Echo(configuration: configuration(mebibytes: 256)))
    }

    static func run(port: Int, pid: Int, rounds: Int, mebibytes: Int, idleSeconds: Int) async {
        let resident = { ProcFS.residentKiB(pid) ?? -1 }
        let before = resident()
        var payload = [UInt8](repeating: 0, count: mebibytes << 20)
        for index in payload.indices where index % 4096 == 0 { payload[index] = UInt8(truncatingIfNeeded: index >> 12) }
        var echoed = 0
        for _ in 0..<rounds {
            do {
                let client = try await WebSocketClient.connect(host: "127.0.0.1", port: port, target: "/echo",
                                                               configuration: configuration(mebibytes: mebibytes))
                client.setReceiveTimeout(.seconds(120))
                try client.send(.binary(payload))
                if case .message(.binary(let bytes)) = await client.receive(), bytes == payload { echoed += 1 }
                client.close(code: .normalClosure, reason: "round done")
                while case .message = await client.receive() {}
            } catch {
                print("ws-memory-error \(error)")
            }
        }
        let afterRounds = resident()
        // The proxy's side of each close (and its journal) settles first; then it idles.
        try? await Task.sleep(for: .seconds(idleSeconds))
        let afterIdle = resident()
        print("ws-memory-echoed \(echoed) of \(rounds) \(mebibytes) MiB messages")
        print("ws-memory-before \(before) KiB")
        print("ws-memory-peak \(ProcFS.residentKiB(pid, peak: true) ?? -1) KiB")
        print("ws-memory-after-rounds \(afterRounds) KiB")
        print("ws-memory-after-idle \(afterIdle) KiB")
    }
}
