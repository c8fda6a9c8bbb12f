import Synchronization

/// An HTTP/1.1 server with WebSocket upgrades. A connection being served has a thread of
/// its own (blocking reads keep the code simple and fast); one waiting for a request gives its
/// thread up once more than `idleConnectionThreads` are serving, and waits on an event-loop
/// thread (epoll, kqueue; one per core by default) that reads its request head without
/// blocking, until the whole head has arrived. So thousands of idle clients, or of heads
/// trickling in (slowloris), cost a socket each, not a thread each, and a normal request is
/// still answered.
///
/// ```swift
/// let server = HTTPServer(configuration: .init(port: 0), responder: Hello())
/// try server.start()
/// print(server.address!)        // 127.0.0.1:54321
/// server.stop()
/// ```
public final class HTTPServer: Sendable {
    public let configuration: HTTPServerConfiguration
    private let responder: any HTTPResponder
    private let listener = Mutex<Listener?>(nil)
    private let connections = Mutex<[Int: Socket]>([:])
    private let nextConnectionID = Atomic<Int>(0)
    private let heartbeat: WebSocketHeartbeat
    private let threads = Mutex<ConnectionThreads?>(nil)

    public init(configuration: HTTPServerConfiguration, responder: any HTTPResponder) {
        self.configuration = configuration
        self.responder = responder
        self.heartbeat = WebSocketHeartbeat()
        Platform.ignoreBrokenPipeSignal()
    }

    /// Binds, listens and starts accepting on a background thread.
    public func start() throws(SocketError) {
        Platform.raiseOpenFileLimit(toAtLeast: configuration.maxConnections + 64)
        let bound = try Listener(host: configuration.host, port: configuration.port)
        var loops: [RequestHeadLoop] = []
        for number in 0..<max(1, configuration.eventLoopThreads) {
            do throws(SocketError) {
                loops.append(try RequestHeadLoop(configuration: configuration, number: number))
            } catch {
                for loop in loops { loop.stop() }
                throw error
            }
        }
        let counted = ConnectionThreads(limit: configuration.idleConnectionThreads, loops: loops)
        listener.withLock { $0 = bound }
        threads.withLock { $0 = counted }
        startThread(name: "http-accept") { [self] in acceptLoop(bound, threads: counted) }
    }

    /// The bound address (with the real port when 0 was configured), once started.
    public var address: SocketAddress? { listener.withLock { $0?.address } }

    /// The number of open connections now, parked ones included.
    public var connectionCount: Int { connections.withLock { $0.count } }

    /// The number of connections waiting parked, without a thread of their own (on the loop
    /// that reads request heads), those it is draining after a 408 included (for at most a
    /// second; they no longer count in `connectionCount`).
    public var parkedConnectionCount: Int { threads.withLock { $0?.parkedCount } ?? 0 }

    /// The number of connections on each event-loop thread now, as `parkedConnectionCount`
    /// counts them.
    public var parkedConnectionCountPerLoop: [Int] { threads.withLock { $0?.parkedCountPerLoop } ?? [] }

    /// The number of threads serving connections now.
    public var connectionThreadCount: Int { threads.withLock { $0?.count } ?? 0 }

    /// Stops accepting and ends every open connection (WebSocket ones included).
    public func stop() {
        listener.withLock { $0?.close(); $0 = nil }
        threads.withLock { $0?.stop() }
        heartbeat.stop()
        for socket in connections.withLock({ Array($0.values) }) { socket.shutdown() }
    }

    private func acceptLoop(_ listener: Listener, threads: ConnectionThreads) {
        while let socket = listener.accept() {
            let id = nextConnectionID.wrappingAdd(1, ordering: .relaxed).newValue
            let admitted = connections.withLock { table -> Bool in
                guard table.count < configuration.maxConnections else { return false }
                table[id] = socket
                return true
            }
            guard admitted else {
                turnAway(socket)
                continue
            }
            let connection = HTTPServerConnection(
                socket: socket, id: id, configuration: configuration, responder: responder, heartbeat: heartbeat,
                threads: threads, onEnd: { [self] in _ = connections.withLock { $0.removeValue(forKey: id) } })
            // Past the limit a new connection waits on the loop for its request head, like an idle one.
            if threads.isFull, threads.wait(connection, storage: HTTPConnectionStorage(), nextRequestIndex: 0) {
                continue
            }
            threads.start(connection) { connection.serve() }
        }
    }

    /// Answers a connection over `maxConnections` with 503 and closes it, without ever blocking
    /// the accept loop: the response fits an empty send buffer, the FIN follows it, and what the
    /// client already sent is drained so that the close is not a reset.
    private func turnAway(_ socket: Socket) {
        let refusal = HTTPServerRefusal.tooManyConnections(limit: configuration.maxConnections)
        _ = refusal.responseBytes.withUnsafeBytes { raw in try? socket.writeWithoutBlocking(raw) }
        socket.shutdownWrite()
        socket.discardReadableBytes()
        socket.close()
    }
}
