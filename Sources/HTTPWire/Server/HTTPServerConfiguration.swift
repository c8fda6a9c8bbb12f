/// Settings for an `HTTPServer`, each with a documented default.
///
/// What one connection may hold is bounded by `limits`: the decoder reads at most 16 KiB at a
/// time and only when it needs more, so its buffer stays under the head limits
/// (`maxStartLineBytes` + `maxHeaderBytes`) plus one read, and a body under `maxBodyBytes`.
///
/// ```swift
/// let configuration = HTTPServerConfiguration(port: 0, maxConnections: 64,
///                                             requestHeadTimeout: .seconds(5))
/// ```
public struct HTTPServerConfiguration: Sendable {
    /// Address to bind. Default `127.0.0.1`.
    public var host: String
    /// Port to bind; 0 picks a free one. Default 8080.
    public var port: Int
    /// Parser limits (request line, headers, body). Default `HTTPLimits()`.
    public var limits: HTTPLimits
    /// Connections open at once, idle and parked ones included. One more is accepted, answered
    /// `503 Service Unavailable` with `Connection: close` and `Retry-After: 1`, and closed (never
    /// reset or left hanging). The process's open-file limit is raised to fit, as far as the
    /// hard limit allows. Default 10000.
    public var maxConnections: Int
    /// How many connection threads may wait on connections with nothing to read. Past this
    /// many, a connection waiting for a request (a new one, or a kept-alive one between
    /// requests) gives its thread up and waits on one event-loop thread (epoll, kqueue),
    /// costing its socket and a few hundred bytes; the loop reads its request head without
    /// blocking, and it gets a thread again once the whole head has arrived (a head trickling
    /// in never holds a thread). 0 hands every waiting connection to the loop. Default 64.
    public var idleConnectionThreads: Int
    /// How many event-loop threads hold the connections waiting for a request head, each
    /// watching its share with epoll or kqueue. Default: one per core the system has online
    /// (at least 1).
    public var eventLoopThreads: Int
    /// How long a connection may wait with nothing of a request received: a new connection
    /// before its first byte, a kept-alive one after a response. Then it is closed without a
    /// response (RFC 9112 §9.5). Default 60 s.
    public var idleTimeout: Duration
    /// How long a request head may take, from the first byte of the request (or the end of the
    /// previous response when its bytes were already pipelined) to the blank line. Bytes arriving
    /// slowly do not extend it (slowloris). On expiry: `408 Request Timeout` with
    /// `Connection: close`, then close. Default 30 s.
    public var requestHeadTimeout: Duration
    /// How long a body may go without a byte arriving; a body that keeps arriving is never
    /// cut. On expiry: `408 Request Timeout` with `Connection: close`, then close. Default 30 s.
    public var bodyProgressTimeout: Duration
    /// WebSocket settings for upgraded connections. Default `WebSocketConfiguration()`.
    public var webSocket: WebSocketConfiguration
    /// Stack size of each connection thread. Default 512 KiB.
    public var threadStackSize: Int

    /// The number of processors the system has online, at least 1: the default for
    /// ``eventLoopThreads``.
    public static var processorsOnline: Int { Platform.onlineProcessorCount }

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        limits: HTTPLimits = HTTPLimits(),
        maxConnections: Int = 10_000,
        idleConnectionThreads: Int = 64,
        eventLoopThreads: Int = HTTPServerConfiguration.processorsOnline,
        idleTimeout: Duration = .seconds(60),
        requestHeadTimeout: Duration = .seconds(30),
        bodyProgressTimeout: Duration = .seconds(30),
        webSocket: WebSocketConfiguration = WebSocketConfiguration(),
        threadStackSize: Int = 512 * 1024
    ) {
        self.host = host
        self.port = port
        self.limits = limits
        self.maxConnections = maxConnections
        self.idleConnectionThreads = idleConnectionThreads
        self.eventLoopThreads = eventLoopThreads
        self.idleTimeout = idleTimeout
        self.requestHeadTimeout = requestHeadTimeout
        self.bodyProgressTimeout = bodyProgressTimeout
        self.webSocket = webSocket
        self.threadStackSize = threadStackSize
    }
}
