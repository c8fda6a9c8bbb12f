import HarnessCore
import HTTPWire
import Synchronization

/// The reference server for the Kitchen API (../shared/API.md): accounts and
/// tokens, every device route, the live-update WebSocket, the simulation
/// rules and, when switched on, the controls that make scenarios deterministic.
///
/// ```swift
/// let simulator = Simulator(configuration: .init(port: 0, manualClock: true, controlsEnabled: true))
/// try simulator.start()
/// print(simulator.baseURL!)   // http://127.0.0.1:54321
/// try simulator.advance(ticks: 10)
/// simulator.stop()
/// ```
public final class Simulator: Sendable {
    public let configuration: SimulatorConfiguration
    let world: Mutex<KitchenWorld>
    let hub = LiveUpdateHub()
    let faults = FaultInjector()
    private let server = Mutex<HTTPServer?>(nil)
    private let stopped = Atomic<Bool>(false)
    let sleepers = Mutex(SimulationSleepers())

    public init(configuration: SimulatorConfiguration = SimulatorConfiguration()) {
        self.configuration = configuration
        self.world = Mutex(KitchenWorld(configuration: configuration))
    }

    /// Binds and serves; with a wall clock, also starts ticking.
    public func start() throws(SocketError) {
        let httpServer = HTTPServer(
            configuration: HTTPServerConfiguration(
                host: configuration.host, port: configuration.port,
                limits: HTTPLimits(maxBodyBytes: configuration.maxBodyBytes),
                webSocket: WebSocketConfiguration(pingInterval: configuration.pingInterval,
                                                  pongTimeout: configuration.pongTimeout)),
            responder: SimulatorResponder(simulator: self))
        try httpServer.start()
        server.withLock { $0 = httpServer }
        if !configuration.manualClock, let loop = httpServer.eventLoops.first {
            let interval = Duration.milliseconds(max(1, Int(configuration.tickInterval / .milliseconds(1))))
            loop.execute { [self] in scheduleTick(on: loop, after: interval) }
        }
    }

    /// Runs one tick `interval` from now on `loop`, then sets the next one, until ``stop()``:
    /// the loop drops its timers when it stops, and a tick due in the turn `stop()` was called
    /// from (on that loop's own thread) finds `stopped` set and does nothing.
    private func scheduleTick(on loop: EventLoop, after interval: Duration) {
        _ = loop.scheduleTimer(at: loop.now + interval) { [self] in
            guard !stopped.load(ordering: .acquiring) else { return }
            runTicks(1)
            scheduleTick(on: loop, after: interval)
        }
    }

    /// The bound port, once started.
    public var port: Int? { server.withLock { $0?.address?.port } }

    /// `http://host:port` and the base path, if any (`http://127.0.0.1:8080/api/v1`), once started.
    public var baseURL: String? { port.map { "http://\(configuration.host):\($0)" + configuration.basePath } }

    /// Stops serving, ticking and every open socket. Called from any thread but the server's
    /// own loops, it returns once they have ended, so no tick runs after it.
    public func stop() {
        stopped.store(true, ordering: .releasing)
        server.withLock { $0?.stop(); $0 = nil }
    }

    /// Runs `count` ticks, then closes the sockets of tokens that have expired.
    func runTicks(_ count: Int) {
        world.withLock { world in
            for _ in 0..<count {
                hub.broadcast(world.tick(), now: world.now)
                hub.closeConnections(usingTokens: world.expiredTokens())
            }
        }
        wakeSleepers()
    }
}
