import KitchenAPI
import Synchronization
import VirtualTime

/// The app's own ``KitchenAPI/WebSocketService`` (its reconnect loop, backoff and message
/// decoding) with each event it produces handed to the app through ``VirtualLiveUpdates``,
/// so every event is work on the virtual clock until the app's consumer has handled it.
///
/// The service runs in the consumer's isolation (its `run(token:isolation:deliver:)`), so
/// its connects, reads and backoff waits are seen by the clock too. Without the tracking,
/// the consumer's `AsyncStream` hops to the global pool for every buffered event, so a
/// `settle()` could return while it was still handling a burst, and a recorded command
/// overtake live messages of the same instant.
final class ServiceLiveUpdates: WebSocketProviding {
    private let service: WebSocketService
    private let delivery: VirtualLiveUpdates

    init(service: WebSocketService, clock: VirtualClock) {
        self.service = service
        self.delivery = VirtualLiveUpdates(clock: clock)
    }

    /// Starts the service's loop at once, in `isolation`; it stops when the consumer goes away,
    /// and the stream ends when the loop does (refused token, attempts run out).
    func events(token: String, isolation: isolated (any Actor)? = #isolation) -> AsyncStream<LiveEvent> {
        let loop = LoopHandle()
        let stream = delivery.events(token: token, onEnd: { loop.cancel() })
        let (service, delivery) = (self.service, self.delivery)
        loop.set(Task.immediate {
            _ = isolation  // Isolates the loop to the caller's actor.
            await service.run(token: token, isolation: isolation) { delivery.push($0) }
            delivery.finish()
        })
        return stream
    }
}

/// The loop's task, cancellable before it is known (a consumer that ends at once).
private final class LoopHandle: Sendable {
    private let state = Mutex<(task: Task<Void, Never>?, cancelled: Bool)>((nil, false))

    func set(_ task: Task<Void, Never>) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelled { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}
