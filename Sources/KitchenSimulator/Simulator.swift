import Foundation
import Dispatch
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
    let world: SleepingMutex<KitchenWorld>
    let hub = LiveUpdateHub()
    let faults = FaultInjector()
    private let server = Mutex<HTTPServer?>(nil)
    private let stopped = Atomic<Bool>(false)
    private let tickerWake = DispatchSemaphore(value: 0)
    let sleepers = Mutex(SimulationSleepers())

    public init(configuration: SimulatorConfiguration = SimulatorConfiguration()) {
        self.configuration = configuration
        self.world = SleepingMutex(KitchenWorld(configuration: configuration))
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
        if !configuration.manualClock {
            let milliseconds = max(1, Int(configuration.tickInterval / .milliseconds(1)))
            Thread.start(name: "simulator-ticker") { [self] in
                while !stopped.load(ordering: .acquiring) {
                    guard tickerWake.wait(timeout: .now() + .milliseconds(milliseconds)) == .timedOut else { continue }
                    runTicks(1)
                }
            }
        }
    }

    /// The bound port, once started.
    public var port: Int? { server.withLock { $0?.address?.port } }

    /// `http://host:port` and the base path, if any (`http://127.0.0.1:8080/api/v1`), once started.
    public var baseURL: String? { port.map { "http://\(configuration.host):\($0)" + configuration.basePath } }

    /// Stops serving, ticking and every open socket.
    public func stop() {
        stopped.store(true, ordering: .releasing)
        tickerWake.signal()
        server.withLock { $0?.stop(); $0 = nil }
    }

    /// Runs `body` on the world under its lock and broadcasts the changes it returns before
    /// unlocking, so every socket sees changes in the order they happened.
    func transact<Result>(_ body: (inout KitchenWorld) -> (Result, [KitchenWorld.Change])) -> Result {
        world.withLock { world in
            let (result, changes) = body(&world)
            hub.broadcast(changes, now: world.now)
            return result
        }
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

extension Thread {
    /// Starts `body` on a named background thread.
    static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        thread.start()
    }
}
