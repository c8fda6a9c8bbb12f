/// How a simulator runs. Every field has the default `kitchen serve` uses.
public struct SimulatorConfiguration: Sendable {
    /// Address to bind. Default `127.0.0.1`.
    public var host: String
    /// Port to bind; 0 picks a free one. Default 8080.
    public var port: Int
    /// Seed of the generators behind ids, tokens and the household's door openings. Default 1.
    public var seed: UInt64
    /// `true`: time moves only when ticks are advanced through the controls (one tick = 1 s);
    /// `false`: one tick every `tickInterval` on the wall clock. Default `false`.
    public var manualClock: Bool
    /// Real time between ticks when the clock is not manual. Default 1 s.
    public var tickInterval: Duration
    /// Where a manual clock starts, in milliseconds since the epoch. Default 2026-11-20T10:00:00.000Z.
    public var manualStartMilliseconds: Int64
    /// Token lifetime. Default 3600 s.
    public var tokenTTLSeconds: Int
    /// Whether the control routes under `/_sim/` are served. Default `false`.
    public var controlsEnabled: Bool
    /// Accounts (username → password). Default `demo`/`demo` and `alice`/`alice`.
    public var users: [String: String]
    /// Largest request body accepted (larger gets 413). Default 64 KiB.
    public var maxBodyBytes: Int
    /// Server ping interval on live-update sockets. Default 20 s.
    public var pingInterval: Duration
    /// Time allowed for a pong before the socket is dropped. Default 20 s.
    public var pongTimeout: Duration
    /// How often, on average, the household opens each fridge door on its own. Default 4 an hour.
    public var householdDoorOpeningsPerHour: Double
    /// The path prefix the API lives under (`/api/v1`), like a server behind a gateway; every
    /// route, `/ws` and `/_sim` included, is served below it and nothing outside it. Default `""`.
    public var basePath: String

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        seed: UInt64 = 1,
        manualClock: Bool = false,
        tickInterval: Duration = .seconds(1),
        manualStartMilliseconds: Int64 = 1_795_168_800_000,
        tokenTTLSeconds: Int = 3600,
        controlsEnabled: Bool = false,
        users: [String: String] = ["demo": "demo", "alice": "alice"],
        maxBodyBytes: Int = 64 * 1024,
        pingInterval: Duration = .seconds(20),
        pongTimeout: Duration = .seconds(20),
        householdDoorOpeningsPerHour: Double = 4,
        basePath: String = ""
    ) {
        self.host = host
        self.port = port
        self.seed = seed
        self.manualClock = manualClock
        self.tickInterval = tickInterval
        self.manualStartMilliseconds = manualStartMilliseconds
        self.tokenTTLSeconds = tokenTTLSeconds
        self.controlsEnabled = controlsEnabled
        self.users = users
        self.maxBodyBytes = maxBodyBytes
        self.pingInterval = pingInterval
        self.pongTimeout = pongTimeout
        self.householdDoorOpeningsPerHour = householdDoorOpeningsPerHour
        self.basePath = basePath
    }

    /// `path` below ``basePath`` (`/api/v1/devices` → `/devices`), or `nil` outside it.
    func apiPath(_ path: String) -> String? {
        let prefix = basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath
        guard !prefix.isEmpty else { return path }
        guard path.hasPrefix(prefix) else { return nil }
        let rest = path.dropFirst(prefix.count)
        return rest.isEmpty ? "/" : rest.hasPrefix("/") ? String(rest) : nil
    }
}
