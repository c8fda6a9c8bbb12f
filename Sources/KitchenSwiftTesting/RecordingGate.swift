import Synchronization

/// One recording at a time per file in this process: tests that share a missing recording wait
/// for the first to record it and then replay it, and `KITCHEN_RECORD=all` re-records a file
/// once per run, not once per test that uses it. Waiting is not cancellable.
final class RecordingGate: Sendable {
    static let shared = RecordingGate()

    private struct State {
        var held: Set<String> = []
        var waiters: [String: [CheckedContinuation<Void, Never>]] = [:]
        var recorded: Set<String> = []
    }
    private let state = Mutex(State())

    /// Runs `body` while holding `path`; `body` is told whether `path` was recorded earlier in this run.
    func withPath<T>(_ path: String, isolation: isolated (any Actor)? = #isolation,
                     _ body: (_ recordedThisRun: Bool) async throws -> T) async throws -> T {
        await acquire(path)
        defer { release(path) }
        return try await body(state.withLock { $0.recorded.contains(path) })
    }

    /// Notes that `path` was recorded in this run.
    func markRecorded(_ path: String) {
        state.withLock { _ = $0.recorded.insert(path) }
    }

    private func acquire(_ path: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = state.withLock { state -> Bool in
                guard state.held.contains(path) else {
                    state.held.insert(path)
                    return true
                }
                state.waiters[path, default: []].append(continuation)
                return false
            }
            if granted { continuation.resume() }
        }
    }

    private func release(_ path: String) {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard var waiting = state.waiters[path], !waiting.isEmpty else {
                state.held.remove(path)
                state.waiters[path] = nil
                return nil
            }
            let first = waiting.removeFirst()
            state.waiters[path] = waiting
            return first
        }
        next?.resume()
    }
}
