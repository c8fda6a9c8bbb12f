import Dispatch
import Synchronization

/// Drives the keep-alive schedule of every WebSocket a server holds open,
/// from one thread rather than one per connection.
final class WebSocketHeartbeat: Sendable {
    private let connections = Mutex<[ObjectIdentifier: WebSocketConnection]>([:])
    private let stopped = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)
    private let isRunning: Bool

    /// A heartbeat ticking at `interval` (nil: connections have no keep-alive, no thread runs).
    init(interval: Duration?) {
        isRunning = interval != nil
        guard let interval else { return }
        let milliseconds = max(10, interval.milliseconds)
        startThread(name: "websocket-heartbeat", stackSize: 128 * 1024) { [self] in
            while !stopped.load(ordering: .acquiring) {
                _ = wake.wait(timeout: .now() + .milliseconds(milliseconds))
                guard !stopped.load(ordering: .acquiring) else { break }
                for connection in connections.withLock({ Array($0.values) }) { connection.keepAliveTick() }
            }
        }
    }

    func register(_ connection: WebSocketConnection) {
        guard isRunning, connection.configuration.pingInterval != nil else { return }
        connections.withLock { $0[ObjectIdentifier(connection)] = connection }
    }

    func unregister(_ connection: WebSocketConnection) {
        _ = connections.withLock { $0.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    func stop() {
        stopped.store(true, ordering: .releasing)
        wake.signal()
    }
}
