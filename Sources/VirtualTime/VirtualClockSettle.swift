extension VirtualClock {
    /// Waits until the code under test has nothing left to run, as far as this clock
    /// can tell, instead of guessing a number of `Task.yield()` calls.
    ///
    /// What it guarantees, for main-actor-confined code (controllers on `@MainActor`
    /// that start work with `Task.immediate` and call `nonisolated(nonsending)` APIs):
    /// - every sleeper this clock resumed (by deadline or by cancellation) has
    ///   returned from `sleep` and run on to its next suspension point;
    /// - every main-actor job enqueued before the final round has run (each round
    ///   passes through the caller's executor, the main actor and the global pool);
    /// - work that test doubles reported with ``beginWork(_:)`` / ``trackWork(_:_:)``
    ///   has ended;
    /// - `limits.quietRounds` consecutive rounds passed with no registration,
    ///   resumption, cancellation or ``noteActivity()`` on this clock.
    ///
    /// What it cannot see: work on other actors or the global pool that neither
    /// touches this clock nor is reported (a chain of silent hops longer than
    /// `quietRounds` may still be running), and detached tasks on a custom
    /// executor. Have test doubles report such work. If activity never stops (a
    /// busy loop, work that never ends), it throws
    /// ``VirtualClockError/settleDidNotConverge(rounds:awakeSleepers:outstandingWork:)``
    /// after `limits.maximumSettleRounds` rounds instead of hanging.
    nonisolated(nonsending) public func settle() async throws(VirtualClockError) {
        var quietRounds = 0
        var rounds = 0
        var previous = state.withLock { $0.activity }
        while quietRounds < limits.quietRounds {
            if rounds >= limits.maximumSettleRounds {
                let (awake, work) = state.withLock { ($0.awake, Array($0.outstandingWork.values)) }
                throw .settleDidNotConverge(rounds: rounds, awakeSleepers: awake, outstandingWork: work)
            }
            rounds += 1
            await Task.yield()
            await Self.passThroughMainActor()
            await Self.passThroughGlobalExecutor()
            let (activity, busy) = state.withLock { ($0.activity, $0.awake > 0 || !$0.outstandingWork.isEmpty) }
            if activity == previous, !busy {
                quietRounds += 1
            } else {
                quietRounds = 0
            }
            previous = activity
        }
    }

    /// From off the main actor this waits behind every job already queued there;
    /// from the main actor it does not suspend (the caller's own yield covered it).
    @MainActor private static func passThroughMainActor() async {}

    /// Leaves the caller's executor for the global pool, yields there, and comes back
    /// (for a main-actor caller: behind the jobs queued meanwhile).
    @concurrent private static func passThroughGlobalExecutor() async {
        await Task.yield()
    }
}
