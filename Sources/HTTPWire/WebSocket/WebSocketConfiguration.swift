/// Limits and timings for one WebSocket connection, each with a documented default.
public struct WebSocketConfiguration: Sendable, Hashable {
    /// Largest frame payload accepted; checked on the frame header. Default 1 MiB. → close 1009.
    public var maxFrameSize: Int
    /// Largest reassembled message. Default 4 MiB. → close 1009.
    public var maxMessageSize: Int
    /// How long to wait for the peer's side of the close handshake before dropping TCP. Default 2 s.
    public var closeTimeout: Duration
    /// Send a ping this often (keep-alive, on either side; the pong is due within `pongTimeout`);
    /// `nil` sends none. Default `nil`.
    public var pingInterval: Duration?
    /// Drop the connection when a ping is not answered within this time. Default 20 s.
    public var pongTimeout: Duration
    /// Most bytes queued for a peer that reads slowly before it is dropped. Default 8 MiB.
    public var maxQueuedBytes: Int
    /// How long one blocked write may take before the peer is considered gone. Default 30 s.
    public var writeTimeout: Duration
    /// Answer pings and echo closes automatically (`true`), or hand every frame to the caller
    /// untouched (`false`, for relays). Default `true`.
    public var answersControlFrames: Bool

    public init(
        maxFrameSize: Int = 1 << 20,
        maxMessageSize: Int = 4 << 20,
        closeTimeout: Duration = .seconds(2),
        pingInterval: Duration? = nil,
        pongTimeout: Duration = .seconds(20),
        maxQueuedBytes: Int = 8 << 20,
        writeTimeout: Duration = .seconds(30),
        answersControlFrames: Bool = true
    ) {
        self.maxFrameSize = maxFrameSize
        self.maxMessageSize = maxMessageSize
        self.closeTimeout = closeTimeout
        self.pingInterval = pingInterval
        self.pongTimeout = pongTimeout
        self.maxQueuedBytes = maxQueuedBytes
        self.writeTimeout = writeTimeout
        self.answersControlFrames = answersControlFrames
    }
}
