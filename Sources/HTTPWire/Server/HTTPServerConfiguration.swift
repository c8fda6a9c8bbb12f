/// Settings for an `HTTPServer`, each with a documented default.
public struct HTTPServerConfiguration: Sendable {
    /// Address to bind. Default `127.0.0.1`.
    public var host: String
    /// Port to bind; 0 picks a free one. Default 8080.
    public var port: Int
    /// Parser limits (request line, headers, body). Default `HTTPLimits()`.
    public var limits: HTTPLimits
    /// Connections served at once; further ones are closed at accept. Default 1024.
    public var maxConnections: Int
    /// How long an idle keep-alive connection is kept. Default 60 s.
    public var idleTimeout: Duration
    /// WebSocket settings for upgraded connections. Default `WebSocketConfiguration()`.
    public var webSocket: WebSocketConfiguration
    /// Stack size of each connection thread. Default 512 KiB.
    public var threadStackSize: Int

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        limits: HTTPLimits = HTTPLimits(),
        maxConnections: Int = 1024,
        idleTimeout: Duration = .seconds(60),
        webSocket: WebSocketConfiguration = WebSocketConfiguration(),
        threadStackSize: Int = 512 * 1024
    ) {
        self.host = host
        self.port = port
        self.limits = limits
        self.maxConnections = maxConnections
        self.idleTimeout = idleTimeout
        self.webSocket = webSocket
        self.threadStackSize = threadStackSize
    }
}
