import Dispatch
import Foundation
import Synchronization

/// A one-shot latch: once `fire()` has been called, every wait returns, however the two are
/// ordered. Tests wait on conditions with it, from threads (with a deadline) or from async code,
/// instead of sleeping.
public final class Signal: Sendable {
    private let state = Mutex<(fired: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))
    /// Entered until the signal fires, for the blocking wait.
    private let unfired = DispatchGroup()

    /// A signal not yet fired.
    public init() { unfired.enter() }

    /// Fires the signal; firing again does nothing.
    public func fire() {
        let waiters: [CheckedContinuation<Void, Never>]? = state.withLock { state in
            guard !state.fired else { return nil }
            state.fired = true
            defer { state.waiters = [] }
            return state.waiters
        }
        guard let waiters else { return }
        unfired.leave()
        for waiter in waiters { waiter.resume() }
    }

    /// Whether the signal fired within `seconds` (blocks the calling thread).
    public func wait(seconds: Int) -> Bool { unfired.wait(timeout: .now() + .seconds(seconds)) == .success }

    /// Whether the signal fired within `seconds`, for async code: the wait holds a thread of its
    /// own, not one of the cooperative pool's (see ``offThePool(_:)``).
    public func wait(seconds: Int) async -> Bool { await offThePool { self.wait(seconds: seconds) } }

    /// Returns once the signal has fired.
    public func wait() async {
        await withCheckedContinuation { continuation in
            let fired = state.withLock { state in
                if !state.fired { state.waiters.append(continuation) }
                return state.fired
            }
            if fired { continuation.resume() }
        }
    }
}
