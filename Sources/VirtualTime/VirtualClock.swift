import Foundation
import HarnessCore
import Synchronization

/// A clock whose time moves only when a test says so.
///
/// Controllers sleep on it through `any SchedulingClock`; the test drives time with
/// ``advance(by:)``, ``run()`` or ``run(until:within:fileID:line:)``. A sleep registers
/// synchronously in the caller's isolation, so a `@MainActor` method that starts
/// `Task.immediate { try await clock.sleep(for: d) }` has parked its sleeper before
/// `Task.immediate` returns.
///
/// ```swift
/// @MainActor @Test func debounceSendsLastValue() async throws {
///     let clock = VirtualClock()
///     let slider = SliderController(clock: clock)
///     slider.move(to: 1); slider.move(to: 3)
///     try await clock.advance(by: .milliseconds(500))
///     #expect(slider.sent == [3])
///     try clock.expectNoPendingSleepers()
/// }
/// ```
///
/// Resumption order is (deadline, registration order). Advancing resumes one sleeper
/// at a time and settles (see ``settle()``) before looking for the next one, so time
/// never jumps past a sleeper that becomes due during the advance.
public final class VirtualClock: Clock, SchedulingClock, Sendable {
    /// Virtual durations are ordinary `Swift.Duration`s.
    public typealias Duration = Swift.Duration

    /// Bounds that turn a wait that would spin forever into an error.
    public struct Limits: Sendable, Hashable {
        /// Consecutive quiet rounds `settle()` needs before it returns. Default 2.
        public var quietRounds: Int
        /// Rounds after which `settle()` gives up because work never went quiet. Default 10,000.
        public var maximumSettleRounds: Int
        /// Sleepers one advance or run may resume before failing (e.g. a timer that
        /// re-arms forever). Default 100,000.
        public var maximumSteps: Int

        /// Limits with the documented defaults unless given.
        public init(quietRounds: Int = 2, maximumSettleRounds: Int = 10_000, maximumSteps: Int = 100_000) {
            self.quietRounds = max(1, quietRounds)
            self.maximumSettleRounds = max(1, maximumSettleRounds)
            self.maximumSteps = max(1, maximumSteps)
        }
    }

    /// The wall-clock date at the clock's start; `currentDate` adds elapsed virtual time.
    public let startDate: Date
    /// The limits this clock enforces.
    public let limits: Limits
    let state = Mutex(VirtualClockState())

    /// A clock at virtual time zero whose `currentDate` starts at `startDate`
    /// (default 2026-01-01T00:00:00Z).
    public init(startDate: Date = Date(timeIntervalSince1970: 1_767_225_600), limits: Limits = Limits()) {
        self.startDate = startDate
        self.limits = limits
    }

    /// The current virtual instant.
    public var now: Instant {
        state.withLock { $0.now }
    }

    /// Virtual time has no granularity.
    public var minimumResolution: Duration {
        .zero
    }

    /// `startDate` plus the virtual time elapsed so far.
    public var currentDate: Date {
        startDate.addingTimeInterval(now.offset.timeInterval)
    }

    /// The sleepers parked right now, in the order they would resume.
    public var pendingSleepers: [PendingSleeper] {
        state.withLock { $0.pendingSleepers }
    }

    /// Throws ``VirtualClockError/sleepersStillPending(_:)`` when any sleeper is still
    /// parked; call it at the end of a test to catch timers that were never cancelled.
    public func expectNoPendingSleepers() throws(VirtualClockError) {
        let pending = pendingSleepers
        if !pending.isEmpty {
            throw .sleepersStillPending(pending)
        }
    }

    // MARK: Activity reported by test doubles

    /// A handle for work a test double started and `settle()` must wait for.
    public struct WorkToken: Hashable, Sendable {
        let value: UInt64
    }

    /// Tells `settle()` that something happened, so the current round is not quiet.
    /// Test doubles call it when they hand work to a task the clock cannot see.
    public func noteActivity() {
        state.withLock { $0.activity &+= 1 }
    }

    /// Marks the start of work that `settle()` must wait for until ``endWork(_:)``.
    public func beginWork(_ label: String) -> WorkToken {
        state.withLock { state in
            let token = state.nextWorkToken
            state.nextWorkToken += 1
            state.outstandingWork[token] = label
            state.activity &+= 1
            return WorkToken(value: token)
        }
    }

    /// Marks reported work as finished.
    public func endWork(_ token: WorkToken) {
        state.withLock { state in
            state.outstandingWork[token.value] = nil
            state.activity &+= 1
        }
    }

    /// Runs `body` as reported work: `settle()` does not return while it is running.
    nonisolated(nonsending) public func trackWork<Result>(
        _ label: String,
        _ body: nonisolated(nonsending) () async throws -> Result
    ) async rethrows -> Result {
        let token = beginWork(label)
        defer { endWork(token) }
        return try await body()
    }
}
