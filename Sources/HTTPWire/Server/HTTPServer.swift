import Synchronization

/// An HTTP/1.1 server with WebSocket upgrades, on event loops: every connection is served by a
/// ``ServerConnectionMachine`` on one of `eventLoopThreads` loops (epoll, kqueue; one per core
/// by default), which reads, answers and writes without blocking. So thousands of idle clients,
/// or of heads trickling in (slowloris), cost a socket each, not a thread each, and a normal
/// request is still answered.
///
/// The responder is called on the connection's loop thread and must not block: work that takes
/// time answers later (``HTTPReply/deferred(_:)``), a body it asks to stream reaches it there as
/// it arrives (``HTTPRequestBodyStream``), an answer's body can be pushed as it is produced
/// (``HTTPBodyPusher``), and a WebSocket is served on the same loop (``WebSocketLoopHandler``).
///
/// A server serves once: `start()`, then `stop()`. Its loops run from `init` (a responder may
/// prepare per-loop state with ``eventLoops``) until `stop()`, or until the server is released.
///
/// ```swift
/// let server = HTTPServer(configuration: .init(port: 0), responder: Hello())
/// try server.start()
/// print(server.address!)        // 127.0.0.1:54321
/// server.stop()
/// ```
package final class HTTPServer: Sendable {
    package let configuration: HTTPServerConfiguration
    private let responder: any HTTPResponder
    private let listener = Mutex<Listener?>(nil)
    let connections = Mutex<[Int: Socket]>([:])
    private let nextConnectionID = Atomic<Int>(0)
    /// The event loops serving the connections (each connection stays on one, the loop its id
    /// chooses, so the loops share them evenly), in that order; empty when they could not be started.
    package let eventLoops: [EventLoop]
    private let stopped = Atomic<Bool>(false)

    /// A server for `responder`, its event loops started (`start()` then listens). When the
    /// loops cannot be started (no epoll or kqueue descriptor left), `start()` throws why.
    package init(configuration: HTTPServerConfiguration, responder: any HTTPResponder) {
        self.configuration = configuration
        self.responder = responder
        Platform.ignoreBrokenPipeSignal()
        eventLoops = Self.startLoops(count: configuration.eventLoopThreads)
    }

    deinit { for loop in eventLoops { loop.stop() } }

    /// Starts `count` loops (at least one), named `http-loop-0`, `http-loop-1`, …; none when one
    /// of them cannot be started.
    private static func startLoops(count: Int) -> [EventLoop] {
        var started: [EventLoop] = []
        for number in 0..<max(1, count) {
            guard let loop = try? EventLoop(name: "http-loop-\(number)") else {
                for loop in started { loop.stop() }
                return []
            }
            started.append(loop)
        }
        return started
    }

    /// Binds, listens, and accepts on the first loop.
    package func start() throws(SocketError) {
        guard let acceptingLoop = eventLoops.first else {
            throw SocketError(kind: .other, operation: "start the event loops (no readiness queue could be made)")
        }
        guard !stopped.load(ordering: .acquiring) else {
            throw SocketError(kind: .closed, operation: "start a server that was stopped (a server serves once)")
        }
        Platform.raiseOpenFileLimit(toAtLeast: configuration.maxConnections + 64)
        let bound = try Listener(host: configuration.host, port: configuration.port)
        listener.withLock { $0 = bound }
        let acceptor = Acceptor(listener: bound, loop: acceptingLoop) { [self] socket in admit(socket) }
        acceptingLoop.execute { acceptor.start() }
    }

    /// The bound address (with the real port when 0 was configured), once started.
    package var address: SocketAddress? { listener.withLock { $0?.address } }

    /// Stops accepting and ends every open connection (WebSocket ones included).
    package func stop() {
        stopped.store(true, ordering: .releasing)
        // The loops end their connections (and the acceptor) before the listener closes.
        for loop in eventLoops { loop.stop() }
        listener.withLock { $0?.close(); $0 = nil }
        for socket in connections.withLock({ Array($0.values) }) { socket.shutdown() }
    }

    /// The loop connection `id` is served on.
    func loop(for id: Int) -> EventLoop { eventLoops[id % eventLoops.count] }

    /// Takes an accepted connection, or turns it away past `maxConnections`; serves it on its
    /// loop, or ends it when the server is stopping.
    private func admit(_ socket: Socket) {
        let id = nextConnectionID.wrappingAdd(1, ordering: .relaxed).newValue & Int.max
        let admitted = connections.withLock { table -> Bool in
            guard table.count < configuration.maxConnections else { return false }
            table[id] = socket
            return true
        }
        guard admitted else { return turnAway(socket) }
        let onEnd: @Sendable () -> Void = { [self] in _ = connections.withLock { $0.removeValue(forKey: id) } }
        let loop = loop(for: id)
        let taken = loop.execute { [self] in
            ServerConnection(socket: socket, id: id, loop: loop, configuration: configuration, responder: responder,
                             onEnd: onEnd).start()
        }
        if !taken {
            onEnd()
            socket.close()
        }
    }

    /// Answers a connection over `maxConnections` with 503 and closes it, without ever blocking
    /// the loop: the response fits an empty send buffer, the FIN follows it, and what the client
    /// already sent is drained so that the close is not a reset.
    private func turnAway(_ socket: Socket) {
        let refusal = HTTPServerRefusal.tooManyConnections(limit: configuration.maxConnections)
        _ = try? socket.writeWithoutBlocking(refusal.responseBytes[...])
        socket.shutdownWrite()
        socket.discardReadableBytes()
        socket.close()
    }
}
