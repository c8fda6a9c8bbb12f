import Foundation

/// Runs `work`, which blocks (waits for a process to exit, reads a pipe to its end), on a
/// thread of its own, and awaits its result.
///
/// Swift's cooperative pool has one thread per core: two on this machine. A test that blocks
/// one of them while curl, Python or a browser runs holds back every other test in the
/// process. Measured here: with a Chromium run and an 8 MiB curl upload each blocking one,
/// seven unrelated suites went past their 60 s time limit without running a line.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.name = "test-blocking-wait"
        thread.start()
    }
}

/// ``offThePool(_:)`` for work that cannot fail.
public func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: work()) }
        thread.name = "test-blocking-wait"
        thread.start()
    }
}

extension Process {
    /// Waits for the process to exit, off the cooperative pool (see ``offThePool(_:)``).
    public func exited() async {
        let process = UncheckedProcess(process: self)
        await offThePool { process.process.waitUntilExit() }
    }
}

/// A `Process` handed to the waiting thread; only `waitUntilExit` is called there.
private struct UncheckedProcess: @unchecked Sendable {
    let process: Process
}
