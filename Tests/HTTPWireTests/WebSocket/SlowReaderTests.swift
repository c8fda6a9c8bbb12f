import KitchenTestSupport
import HTTPWire
import Synchronization
import Testing

/// Server-side WebSockets by path, so a test can send from outside the handler.
final class WebSocketRegistry: Sendable {
    private let connections = Mutex<[String: WebSocketConnection]>([:])
    private let registered = Signal()

    /// A route that registers its connection under the request path as it opens.
    var route: Route {
        { request, _ in .webSocketOnLoop(handler: Registering(registry: self, path: request.path)) }
    }

    /// Registers the connection it serves, and ignores its messages.
    struct Registering: WebSocketLoopHandler {
        let registry: WebSocketRegistry
        let path: String

        func opened(_ connection: WebSocketConnection) {
            registry.connections.withLock { $0[path] = connection }
            registry.registered.fire()
        }
    }

    /// The connection registered under `path`, waiting (up to 10 s) for its handler to start.
    func connection(at path: String) throws -> WebSocketConnection {
        while true {
            if let connection = connections.withLock({ $0[path] }) { return connection }
            guard registered.wait(seconds: 10) else {
                throw RawConnectionError.timedOut(waitingFor: "the handler of \(path)", received: [])
            }
        }
    }
}

/// Sends never wait for the peer: a reader that stalls costs memory up to `maxQueuedBytes`,
/// then it is dropped; other connections are not held up meanwhile.
@Suite(.timeLimit(.minutes(2))) struct SlowReaderTests {
    @Test func slowReaderDoesNotBlockSendsAndIsDroppedOnceMaxQueuedBytesIsExceeded() throws {
        let registry = WebSocketRegistry()
        let configuration = WebSocketConfiguration(maxQueuedBytes: 1 << 20)
        let server = try TestServer(webSocket: configuration, routes: ["/ws/slow": registry.route, "/ws/fast": registry.route])
        defer { server.stop() }
        let slowPeer = try RawConnection.webSocket(port: server.port, path: "/ws/slow")
        let fastPeer = try RawConnection.webSocket(port: server.port, path: "/ws/fast")
        let slow = try registry.connection(at: "/ws/slow")
        let fast = try registry.connection(at: "/ws/fast")

        // Up to 64 MiB for a peer that reads nothing: far more than the kernel buffers plus the
        // 1 MiB queue. A send that blocked would end in the 30 s write timeout, not `peerTooSlow`.
        let block = [UInt8](repeating: 0x5A, count: 256 * 1024)
        var slowFailure: WebSocketConnectionError?
        var sentToSlow = 0
        var ticks = 0
        while sentToSlow < 64 << 20 {
            do {
                try slow.send(.binary(block))
                sentToSlow += block.count
            } catch {
                slowFailure = error
                break
            }
            try fast.send(text: "tick \(ticks)")
            ticks += 1
        }
        guard case .peerTooSlow(let queued)? = slowFailure else {
            Issue.record("expected the slow peer to be dropped, got \(String(describing: slowFailure)) after \(sentToSlow) bytes")
            return
        }
        #expect(queued > 1 << 20)

        // The other connection received every message sent while the slow one was stalled.
        for index in 0..<ticks {
            #expect(try fastPeer.readFrame().payload.text == "tick \(index)")
        }
        #expect(throws: WebSocketConnectionError.self) { try slow.send(text: "after the drop") }

        // The slow peer finds its connection ended, short of what was sent to it.
        let received = try slowPeer.readUntilClosed()
        #expect(received.count < sentToSlow)
    }

    // A reader that falls behind without stopping gets everything: what the socket would not
    // take at once is queued, and the connection's loop writes it as the reader makes room.
    @Test func aReaderThatFallsBehindGetsEveryMessageInOrderOnceItReads() async throws {
        let registry = WebSocketRegistry()
        let server = try TestServer(webSocket: WebSocketConfiguration(maxQueuedBytes: 32 << 20),
                                    routes: ["/ws/behind": registry.route])
        defer { server.stop() }
        let peer = try RawConnection.webSocket(port: server.port, path: "/ws/behind")
        let connection = try registry.connection(at: "/ws/behind")
        // 8 MiB at once: more than both sockets' buffers, so most of it waits in the process.
        let messages = (0..<32).map { index in [UInt8](repeating: UInt8(index), count: 256 * 1024) }
        for message in messages { try connection.send(.binary(message)) }
        let progress = connection.outboundProgress
        #expect(progress.handedToKernel < progress.accepted, "nothing was queued: \(progress)")
        // 8 MiB of blocking reads: off the cooperative pool, so other tests run meanwhile.
        let handed = HandedOver(peer)
        let frames = try await offThePool { try messages.map { _ in try handed.value.readFrame().payload } }
        for (index, message) in messages.enumerated() { #expect(frames[index] == message, "message \(index)") }
        #expect(await waitUntil(seconds: 10) { connection.outboundProgress.handedToKernel == connection.outboundProgress.accepted })
        #expect(connection.sendFailure == nil)
    }

    // A close queued behind a backlog is answered only once the client has read that far: the
    // close timeout runs from when the close frame went out, so nothing queued before it is cut off.
    @Test func aCloseQueuedBehindABacklogWaitsForTheClientToReadItAll() async throws {
        let registry = WebSocketRegistry()
        let configuration = WebSocketConfiguration(closeTimeout: .milliseconds(300), maxQueuedBytes: 32 << 20)
        let server = try TestServer(webSocket: configuration, routes: ["/ws/backlog": registry.route])
        defer { server.stop() }
        let peer = try RawConnection.webSocket(port: server.port, path: "/ws/backlog")
        let connection = try registry.connection(at: "/ws/backlog")
        let messages = (0..<32).map { index in [UInt8](repeating: UInt8(index), count: 256 * 1024) }
        for message in messages { try connection.send(.binary(message)) }
        connection.close(code: .normalClosure, reason: "done")
        // The client reads nothing for three close timeouts (a bounded wait that must not end),
        // then everything; off the cooperative pool, so other tests run meanwhile.
        let handed = HandedOver(peer)
        let (gaveUp, frames, close) = try await offThePool { () throws -> (Bool, [[UInt8]], RawFrame) in
            let gaveUp = waitUntil(seconds: 1) {
                connection.isEnded && connection.outboundProgress.handedToKernel < connection.outboundProgress.accepted
            }
            return (gaveUp, try messages.map { _ in try handed.value.readFrame().payload }, try handed.value.readFrame())
        }
        #expect(!gaveUp, "the server gave up while its close was still queued")
        for (index, message) in messages.enumerated() { #expect(frames[index] == message, "message \(index)") }
        #expect(close.opcode == FrameBytes.close && close.closeCode == CloseCode.normal)
    }
}
