import KitchenIntercept
import Synchronization

/// One recording at a time per file in this process: tests that share a missing recording wait
/// for the first to record it and then replay it, and `KITCHEN_RECORD=all` re-records a file
/// once per run, not once per test that uses it. Waiting is not cancellable.
final class RecordingGate: Sendable {
    static let shared = RecordingGate()

    private let locks = WaitingLocks<String>()
    /// Paths recorded in this run.
    private let recorded = Mutex<Set<String>>([])

    /// Runs `body` while holding `path`; `body` is told whether `path` was recorded earlier in this run.
    func withPath<T>(_ path: String, isolation: isolated (any Actor)? = #isolation,
                     _ body: (_ recordedThisRun: Bool) async throws -> T) async throws -> T {
        await locks.acquire(path)
        defer { locks.release(path) }
        return try await body(recorded.withLock { $0.contains(path) })
    }

    /// Notes that `path` was recorded in this run.
    func markRecorded(_ path: String) {
        recorded.withLock { _ = $0.insert(path) }
    }
}
