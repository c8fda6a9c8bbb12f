import Synchronization

/// First-come, first-served locks for async callers, one a key: ``acquire(_:)`` returns once the
/// caller holds the key's lock, and ``release(_:)`` hands it to the longest waiter. Waiting is not
/// cancellable (a test waits for the one before it to finish).
///
/// ```swift
/// let locks = WaitingLocks<String>()
/// await locks.acquire("Recordings/devices.har")
/// defer { locks.release("Recordings/devices.har") }
/// ```
package final class WaitingLocks<Key: Hashable & Sendable>: Sendable {
    private struct State {
        var held: Set<Key> = []
        var waiters: [Key: [CheckedContinuation<Void, Never>]] = [:]
    }
    private let state = Mutex(State())

    package init() {}

    /// Returns once the caller holds `key`'s lock.
    package func acquire(_ key: Key) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = state.withLock { state -> Bool in
                guard state.held.contains(key) else {
                    state.held.insert(key)
                    return true
                }
                state.waiters[key, default: []].append(continuation)
                return false
            }
            if granted { continuation.resume() }
        }
    }

    /// Hands `key`'s lock to its longest waiter, or frees it.
    package func release(_ key: Key) {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let first = state.waiters[key]?.first else {
                state.held.remove(key)
                state.waiters[key] = nil
                return nil
            }
            state.waiters[key]?.removeFirst()
            return first
        }
        next?.resume()
    }
}
