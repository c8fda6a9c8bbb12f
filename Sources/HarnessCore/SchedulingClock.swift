import Foundation

/// The time source that controllers and clients are given: a wall-clock
/// reading and a way to wait.
///
/// `sleep(for:)` is `nonisolated(nonsending)`: it runs in the caller's
/// isolation, so a virtual clock records the sleeper before the caller's next
/// statement. (`Clock.sleep(for:)` hops to the global executor first, which
/// makes a virtual clock's registration race the test that advances it.)
///
/// ```swift
/// @MainActor func debounce(clock: any SchedulingClock) {
///     Task.immediate { try await clock.sleep(for: .milliseconds(500)); send() }
/// }
/// ```
public protocol SchedulingClock: Sendable {
    /// The current wall-clock time; used to relate server timestamps to local time.
    /// (Named apart from `Clock.now`, so one type can be both.)
    var currentDate: Date { get }

    /// Suspends the calling task for `duration`. Throws `CancellationError` if the
    /// task is cancelled before or during the wait.
    nonisolated(nonsending) func sleep(for duration: Duration) async throws
}

/// Real time: `Date()` for the wall clock and `ContinuousClock` for waiting.
public struct SystemClock: SchedulingClock {
    public init() {}

    public var currentDate: Date { Date() }

    nonisolated(nonsending) public func sleep(for duration: Duration) async throws {
        try await ContinuousClock().sleep(for: duration)
    }
}
