import Synchronization

/// An HTTP/1.1 server with WebSocket upgrades, serving each connection on its
/// own thread.
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

    public init(configuration: HTTPServerConfiguration, responder: any HTTPResponder) {
        self.configuration = configuration
        self.responder = responder
        self.heartbeat = WebSocketHeartbeat()
        Platform.ignoreBrokenPipeSignal()
    }

    /// Binds, listens and starts accepting on a background thread.
    public func start() throws(SocketError) {
        let bound = try Listener(host: configuration.host, port: configuration.port)
        listener.withLock { $0 = bound }
        startThread(name: "http-accept") { [self] in acceptLoop(bound) }
    }

    /// The bound address (with the real port when 0 was configured), once started.
    public var address: SocketAddress? { listener.withLock { $0?.address } }

    /// The number of connections being served now.
    public var connectionCount: Int { connections.withLock { $0.count } }

    /// Stops accepting and ends every open connection (WebSocket ones included).
    public func stop() {
        listener.withLock { $0?.close(); $0 = nil }
        heartbeat.stop()
        for socket in connections.withLock({ Array($0.values) }) { socket.shutdown() }
    }

    private func acceptLoop(_ listener: Listener) {
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
                onEnd: { [self] in _ = connections.withLock { $0.removeValue(forKey: id) } })
            startThread(name: "http-connection-\(id)", stackSize: configuration.threadStackSize) {
                connection.serve()
            }
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
