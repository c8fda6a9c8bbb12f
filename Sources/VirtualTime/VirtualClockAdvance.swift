extension VirtualClock {
    /// Moves virtual time forward by `duration`, resuming every sleeper due on the way
    /// in (deadline, registration) order and settling after each, so sleeps armed by
    /// resumed tasks inside the window fire in this same call.
    ///
    /// Runs in the caller's isolation: call it from the actor the code under test
    /// lives on (normally the main actor).
    nonisolated(nonsending) public func advance(by duration: Duration) async throws(VirtualClockError) {
        try await advance(to: now.advanced(by: duration))
    }

    /// Moves virtual time forward to `deadline` (see ``advance(by:)``). A deadline in
    /// the past resumes the sleepers already due and leaves time where it is.
    nonisolated(nonsending) public func advance(to deadline: Instant) async throws(VirtualClockError) {
        try await resumeSleepers(dueBy: deadline, operation: "advance(to: \(deadline))")
        state.withLock { state in
            if deadline > state.now {
                state.now = deadline
            }
        }
    }

    /// Advances sleeper by sleeper until none is left. Throws
    /// ``VirtualClockError/stepLimitExceeded(operation:steps:now:pending:)`` after
    /// `limits.maximumSteps` resumptions, e.g. for a timer that re-arms forever.
    nonisolated(nonsending) public func run() async throws(VirtualClockError) {
        try await resumeSleepers(dueBy: nil, operation: "run()")
    }

    /// Advances sleeper by sleeper until `condition` holds, checking it after every
    /// settle. Throws at once (never hangs) with the parked sleepers listed when
    /// nothing is left to advance: no sleeper remains, or the next one is due after
    /// `within` (virtual time from now), or the step limit is reached.
    ///
    /// ```swift
    /// try await clock.run(until: { oven.phase == .preheated }, within: .seconds(600))
    /// ```
    nonisolated(nonsending) public func run(
        until condition: () -> Bool,
        within horizon: Duration? = nil,
        fileID: String = #fileID,
        line: Int = #line
    ) async throws(VirtualClockError) {
        let limit = horizon.map { now.advanced(by: $0) }
        let site = "\(fileID):\(line)"
        guard try await resumeSleepers(dueBy: limit, operation: "run(until:) at \(site)", until: condition) else {
            throw .conditionNeverMet(site: site, now: now, horizon: limit, pending: pendingSleepers)
        }
    }

    /// Resumes the sleepers due by `limit` (all of them for `nil`) one by one, settling after
    /// each, until `condition` holds (checked after every settle); returns whether it held,
    /// `false` once no sleeper is due. Throws after `limits.maximumSteps` resumptions while one
    /// is still due.
    @discardableResult
    nonisolated(nonsending) private func resumeSleepers(
        dueBy limit: Instant?,
        operation: String,
        until condition: () -> Bool = { false }
    ) async throws(VirtualClockError) -> Bool {
        try await settle()
        var steps = 0
        while !condition() {
            if steps >= limits.maximumSteps, state.withLock({ $0.indexOfNextDue(notAfter: limit) != nil }) {
                throw .stepLimitExceeded(operation: operation, steps: steps, now: now, pending: pendingSleepers)
            }
            guard let sleeper = state.withLock({ $0.takeNextDue(notAfter: limit) }) else { return false }
            sleeper.continuation.resume(returning: .deadline)
            try await settle()
            steps += 1
        }
        return true
    }
}
