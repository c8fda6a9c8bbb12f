import Dispatch
import Synchronization

/// Drives the keep-alive schedule of every WebSocket a server holds open,
/// from one thread rather than one per connection. The thread starts with the
/// first connection that has a ping interval (server-wide or per upgrade) and
/// ticks often enough for the most demanding one.
final class WebSocketHeartbeat: Sendable {
    private struct State {
        var connections: [ObjectIdentifier: WebSocketConnection] = [:]
        var tick: Duration?
        var running = false
    }

    private let state = Mutex(State())
    private let stopped = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)

    init() {}

    func register(_ connection: WebSocketConnection) {
        guard let interval = connection.configuration.pingInterval else { return }
        // A quarter of the shorter of ping interval and pong timeout keeps both within 25%.
        let needed = max(.milliseconds(10), min(interval, connection.configuration.pongTimeout) / 4)
        let start = state.withLock { state -> Bool in
            state.connections[ObjectIdentifier(connection)] = connection
            state.tick = min(state.tick ?? needed, needed)
            defer { state.running = true }
            return !state.running
        }
        if start { startThread(name: "websocket-heartbeat", stackSize: 128 * 1024) { [self] in run() } }
    }

    func unregister(_ connection: WebSocketConnection) {
        _ = state.withLock { $0.connections.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    func stop() {
        stopped.store(true, ordering: .releasing)
        wake.signal()
    }

    private func run() {
        while !stopped.load(ordering: .acquiring) {
            let tick = state.withLock { $0.tick } ?? .seconds(1)
            _ = wake.wait(timeout: .now() + .milliseconds(tick.milliseconds))
            guard !stopped.load(ordering: .acquiring) else { break }
            for connection in state.withLock({ Array($0.connections.values) }) { connection.keepAliveTick() }
        }
    }
}
