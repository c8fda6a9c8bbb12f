/// Settings for an `HTTPServer`, each with a documented default.
///
/// What one connection may hold is bounded: the decoder reads at most 16 KiB at a time, so its
/// buffer stays under the head limits (`limits.maxStartLineBytes` + `maxHeaderBytes`) plus one
/// read, a body under `limits.maxBodyBytes`, pipelined requests waiting behind an answer under
/// `pipelinedBytesLimit`, and an answer the client does not read stays queued for at most
/// `responseWriteTimeout` with the connection reading nothing more meanwhile.
///
/// ```swift
/// let configuration = HTTPServerConfiguration(port: 0, maxConnections: 64,
///                                             requestHeadTimeout: .seconds(5))
/// ```
package struct HTTPServerConfiguration: Sendable {
    /// Address to bind. Default `127.0.0.1`.
    package var host: String
    /// Port to bind; 0 picks a free one. Default 8080.
    package var port: Int
    /// Parser limits (request line, headers, body). Default `HTTPLimits()`.
    package var limits: HTTPLimits
    /// Connections open at once, idle ones included. One more is accepted, answered
    /// `503 Service Unavailable` with `Connection: close` and `Retry-After: 1`, and closed (never
    /// reset or left hanging). The process's open-file limit is raised to fit, as far as the
    /// hard limit allows. Default 10000.
    package var maxConnections: Int
    /// How many event-loop threads serve the connections, each watching its share with epoll
    /// or kqueue. A connection costs its socket and its buffers, not a thread. Default: one per
    /// core the system has online (at least 1).
    package var eventLoopThreads: Int
    /// How long a connection may wait with nothing of a request received: a new connection
    /// before its first byte, a kept-alive one after a response. Then it is closed without a
    /// response (RFC 9112 §9.5). Default 60 s.
    package var idleTimeout: Duration
    /// How long a request head may take, from the first byte of the request (or the end of the
    /// previous response when its bytes were already pipelined) to the blank line. Bytes arriving
    /// slowly do not extend it (slowloris). On expiry: `408 Request Timeout` with
    /// `Connection: close`, then close. Default 30 s.
    package var requestHeadTimeout: Duration
    /// How long a body may go without a byte arriving; a body that keeps arriving is never
    /// cut. On expiry: `408 Request Timeout` with `Connection: close`, then close. Default 30 s.
    package var bodyProgressTimeout: Duration
    /// How long an answer may go with the client taking none of its bytes; then the connection
    /// is closed. Default 30 s.
    package var responseWriteTimeout: Duration
    /// How many bytes of pipelined requests may wait, undecoded, while an earlier request on the
    /// same connection is being answered; past this the connection reads nothing more until the
    /// answer is out (back-pressure on the client). Default 64 KiB.
    package var pipelinedBytesLimit: Int
    /// WebSocket settings for upgraded connections. Default `WebSocketConfiguration()`.
    package var webSocket: WebSocketConfiguration

    /// The number of processors the system has online, at least 1: the default for
    /// ``eventLoopThreads``.
    package static var processorsOnline: Int { Platform.onlineProcessorCount }

    package init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        limits: HTTPLimits = HTTPLimits(),
        maxConnections: Int = 10_000,
        eventLoopThreads: Int = HTTPServerConfiguration.processorsOnline,
        idleTimeout: Duration = .seconds(60),
        requestHeadTimeout: Duration = .seconds(30),
        bodyProgressTimeout: Duration = .seconds(30),
        responseWriteTimeout: Duration = .seconds(30),
        pipelinedBytesLimit: Int = 64 * 1024,
        webSocket: WebSocketConfiguration = WebSocketConfiguration()
    ) {
        self.host = host
        self.port = port
        self.limits = limits
        self.maxConnections = maxConnections
        self.eventLoopThreads = eventLoopThreads
        self.idleTimeout = idleTimeout
        self.requestHeadTimeout = requestHeadTimeout
        self.bodyProgressTimeout = bodyProgressTimeout
        self.responseWriteTimeout = responseWriteTimeout
        self.pipelinedBytesLimit = pipelinedBytesLimit
        self.webSocket = webSocket
    }
}
