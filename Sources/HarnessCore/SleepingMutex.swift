import Foundation

/// A mutex around `Value` whose waiters sleep in the kernel at once instead of spinning.
///
/// `Synchronization.Mutex` spins before it sleeps, which is right when a holder is running
/// on another core and wrong when there are many more threads than cores: a
/// thread-per-connection server with 32 clients on 2 cores spent a quarter of its time
/// spinning on one `Mutex` while the holder waited to be scheduled. Use this for state
/// that connection threads share; use `Mutex` everywhere else.
///
/// ```swift
/// let world = SleepingMutex(KitchenWorld())
/// let state = world.withLock { $0.ovenState(id) }
/// ```
package final class SleepingMutex<Value: ~Copyable>: @unchecked Sendable {
    // NSLock wraps a pthread mutex, which parks a waiter in the kernel without a long spin.
    private let lock = NSLock()
    private var value: Value

    /// A mutex guarding `value`.
    package init(_ value: consuming sending Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
