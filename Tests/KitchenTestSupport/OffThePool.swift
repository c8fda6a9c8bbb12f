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

/// A value handed to the one thread that uses it from then on (a connection, a server),
/// for ``offThePool(_:)``: the caller does not touch it while that thread runs.
public struct HandedOver<Value>: @unchecked Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}
