import Dispatch
import Testing

/// Runs each test of a suite with a serial dispatch queue of its own as its task executor, so
/// its async code never waits for a thread of the cooperative pool.
///
/// For tests that talk to a peer with a deadline (a Python peer's read timeout, a raw peer's
/// script): such a test awaits `receive()` and then answers, and on a pool that other tests
/// hold (property tests, blocking calls) its task may be resumed only after the peer gave up.
/// On its own queue it runs as soon as what it awaits arrives.
///
/// ```swift
/// @Suite(.ownQueue) struct InteropTests { … }
/// ```
public struct OwnQueueTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        // One queue per test case; the suite's own scope passes through.
        guard testCase != nil else { return try await function() }
        try await withTaskExecutorPreference(QueueExecutor(label: "test \(test.name)")) {
            try await function()
        }
    }
}

extension OwnQueueTrait {
    /// Whether the calling code runs on a test's own queue.
    public static var isCurrent: Bool { DispatchQueue.getSpecific(key: QueueExecutor.key) != nil }
}

extension Trait where Self == OwnQueueTrait {
    /// Each test case's async code runs on a serial queue of its own (see ``OwnQueueTrait``).
    public static var ownQueue: Self { Self() }
}

/// A task executor that runs each job on one serial dispatch queue (not the cooperative pool).
final class QueueExecutor: TaskExecutor {
    /// Set on every such queue, so that code can tell it runs on one.
    static let key = DispatchSpecificKey<Bool>()
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: Self.key, value: true)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
