import Foundation
import HarnessCore
import Synchronization

/// A clock whose sleeps return at once and are remembered, so a test asserts a backoff
/// instead of waiting for it. Its date stands still.
public final class InstantClock: SchedulingClock {
    private let requested = Mutex<[Duration]>([])
    /// The date it reports, always.
    public let currentDate: Date

    /// A clock standing at `date` (by default 2026-11-19T18:15:30.123Z).
    package init(date: Date = Timestamp.date(milliseconds: 1_795_169_730_123)) {
        currentDate = date
    }

    /// Every sleep asked of it, in order.
    public var sleeps: [Duration] { requested.withLock { $0 } }

    // fake clock.sleep: records the duration and returns without waiting.
    public nonisolated(nonsending) func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        requested.withLock { $0.append(duration) }
    }
}
