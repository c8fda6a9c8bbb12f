import Foundation
import HarnessCore
import HTTPWire
import KitchenRecorder
import KitchenRecording
import KitchenTestSupport
import Synchronization

/// An upstream test server whose behaviour each test chooses, a recording proxy in
/// front of it, and the HAR it writes.
final class RecorderHarness {
    let upstream: HTTPServer
    let proxy: RecordingProxy
    let directory: URL
    let output: URL

    init(upstream responder: some HTTPResponder, upstreamTimeout: Duration = .seconds(30),
         upstreamURL: URL? = nil, extraSecrets: @escaping @Sendable () -> [String] = { [] },
         upstreamLimits: HTTPLimits = HTTPLimits(),
         configure: (inout RecordingProxyConfiguration) -> Void = { _ in }) throws {
        upstream = HTTPServer(configuration: .init(port: 0, limits: upstreamLimits), responder: responder)
        try upstream.start()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        output = directory.appendingPathComponent("session.har")
        let target = upstreamURL ?? URL(string: "http://127.0.0.1:\(upstream.address!.port)")!
        var configuration = RecordingProxyConfiguration(upstream: target, output: output) {
            $0.port = 0
            $0.upstreamTimeout = upstreamTimeout
            $0.extraSecrets = extraSecrets
        }
        configure(&configuration)
        proxy = try RecordingProxy(configuration: configuration)
        try proxy.start()
    }

    deinit {
        upstream.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    var proxyPort: Int { proxy.port! }

    /// A client connection to the proxy.
    func client() throws -> HTTPClientConnection { try HTTPClientConnection(host: "127.0.0.1", port: proxyPort) }

    /// Stops the proxy and loads the HAR it wrote.
    func finish() throws -> HAR.Document {
        try proxy.stop()
        return try HARFile.load(from: output)
    }

    /// ``finish()`` for async tests: stopping waits for the proxy's conversations to end, on a
    /// thread of its own (see ``offThePool(_:)``).
    func finish() async throws -> HAR.Document {
        let harness = HandedOver(self)
        return try await offThePool { () throws -> HAR.Document in try harness.value.finish() }
    }
}

/// A responder built from a closure.
struct Respond: HTTPResponder {
    let body: @Sendable (HTTPRequest) -> HTTPReply
    init(_ body: @escaping @Sendable (HTTPRequest) -> HTTPReply) { self.body = body }
    func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply { body(request) }
}

/// What an upstream saw, for assertions from the test thread.
final class Seen<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func add(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

/// Deterministic pseudo-random bytes (all 256 values appear).
func sampleBytes(_ count: Int, seed: UInt64 = 7) -> [UInt8] {
    // Eight bytes from each draw, written in place: a debug build takes seconds to draw
    // megabytes one byte at a time through the generic `random(in:using:)`.
    var random = SeededGenerator(seed: seed)
    return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        var index = 0
        while index < count {
            var word = random.next()
            for _ in 0..<min(8, count - index) {
                buffer[index] = UInt8(truncatingIfNeeded: word)
                word >>= 8
                index += 1
            }
        }
        initialized = count
    }
}

/// A WebSocket served on its event loop by closures: `onOpen` as it opens, then `onFrame` for
/// each frame when it is set (frame mode), or `onMessage` for each message, then `onEnd`.
struct ScriptedWebSocket: WebSocketLoopHandler {
    var onOpen: @Sendable (WebSocketConnection) -> Void = { _ in }
    var onMessage: @Sendable (WebSocketMessage, WebSocketConnection) -> Void = { _, _ in }
    var onFrame: (@Sendable (WebSocketFrame, WebSocketConnection) -> Void)?
    var onEnd: @Sendable () -> Void = {}

    var receiveMode: WebSocketReceiveMode { onFrame == nil ? .messages : .frames }
    func opened(_ connection: WebSocketConnection) { onOpen(connection) }
    func received(_ message: WebSocketMessage, on connection: WebSocketConnection) { onMessage(message, connection) }
    func received(_ frame: WebSocketFrame, on connection: WebSocketConnection) { onFrame?(frame, connection) }
    func ended(_ info: WebSocketCloseInfo, on connection: WebSocketConnection) { onEnd() }
}

extension Respond {
    /// An upstream that accepts WebSocket upgrades only (404 otherwise), each served by `socket`.
    static func webSocket(configuration: WebSocketConfiguration? = nil, _ socket: ScriptedWebSocket) -> Respond {
        Respond { request in
            guard request.isWebSocketUpgrade else { return .response(.text(.notFound, "")) }
            return .webSocketOnLoop(configuration: configuration, handler: socket)
        }
    }
}

extension HTTPResponseBodyWriter {
    /// Pushes `bytes` in pieces of `size` from `start`, waiting for room whenever the client is
    /// behind, then ends the body.
    func push(_ bytes: [UInt8], inPiecesOf size: Int, from start: Int = 0) {
        var offset = start
        while offset < bytes.count {
            write(Array(bytes[offset..<min(offset + size, bytes.count)]))
            offset += size
            if !hasRoom { return whenRoom { self.push(bytes, inPiecesOf: size, from: offset) } }
        }
        end()
    }
}
