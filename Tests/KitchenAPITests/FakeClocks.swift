import Foundation
import HarnessCore
import Synchronization
import KitchenTestSupport

/// A clock whose sleeps never end on their own: they wait for cancellation.
final class ParkingClock: SchedulingClock {
    /// Fired when the first sleep starts.
    let sleeping = Signal()
    private let parked = Mutex<(cancelled: Bool, waiter: CheckedContinuation<Void, any Error>?)>((false, nil))

    var currentDate: Date { Timestamp.date(milliseconds: 0) }

    nonisolated(nonsending) func sleep(for duration: Duration) async throws {  // fake clock.sleep: parks, no real time
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = parked.withLock { state in
                    if !state.cancelled { state.waiter = continuation }
                    return state.cancelled
                }
                if cancelled { continuation.resume(throwing: CancellationError()) } else { sleeping.fire() }
            }
        } onCancel: {
            let waiter = parked.withLock { state in
                state.cancelled = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
