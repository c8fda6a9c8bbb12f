import Foundation

/// Runs `work`, which blocks (waits for a process to exit, reads a pipe to its end), on a
/// thread of its own, and awaits its result.
///
/// Swift's cooperative pool has one thread per core: two on this machine. A test that blocks
/// one of them while curl, Python or a browser runs holds back every other test in the
/// process. Measured here: with a Chromium run and an 8 MiB curl upload each blocking one,
/// seven unrelated suites went past their 60 s time limit without running a line.
public func offThePool<T: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () throws(Failure) -> T
) async throws(Failure) -> T {
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, Failure>, Never>) in
        let thread = Thread { continuation.resume(returning: Result { () throws(Failure) -> T in try work() }) }
        thread.name = "test-blocking-wait"
        thread.start()
    }
    return try result.get()
}

/// A value handed to the one thread that uses it from then on (a connection, a `Process`),
/// for ``offThePool(_:)``: the caller does not touch it while that thread runs.
public struct HandedOver<Value>: @unchecked Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}

extension Process {
    /// Waits for the process to exit, off the cooperative pool (see ``offThePool(_:)``).
    public func exited() async {
        let process = HandedOver(self)
        await offThePool { process.value.waitWithoutSpinning() }
    }

    /// Blocks the calling thread until the process has exited, looking every 2 ms.
    ///
    /// Not `waitUntilExit()`: on Linux it runs the thread's run loop until the process ends, and
    /// a run loop with nothing on it returns at once, so the wait spins a core. Measured here:
    /// a test process held one of the two cores at 100 % for an hour, in `_CFIsMainThread`
    /// called from `waitUntilExit`, for a child Foundation never saw exit.
    public func waitWithoutSpinning() {
        while isRunning { usleep(2_000) }
    }
}
