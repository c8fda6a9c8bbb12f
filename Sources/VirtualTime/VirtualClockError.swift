/// Why a virtual-clock wait failed instead of hanging. Each case carries the parked
/// sleepers (or the outstanding work) so the failure says what was still waiting.
public enum VirtualClockError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `settle()` saw activity in every round up to the limit: something keeps
    /// running (or reported work never ended).
    case settleDidNotConverge(rounds: Int, awakeSleepers: Int, outstandingWork: [String])
    /// An advance or run resumed `steps` sleepers and more were still due: usually a
    /// timer that re-arms itself forever.
    case stepLimitExceeded(operation: String, steps: Int, now: VirtualClock.Instant, pending: [PendingSleeper])
    /// `run(until:)` at `site` ran out of sleepers (or reached its horizon) with the
    /// condition still false.
    case conditionNeverMet(site: String, now: VirtualClock.Instant, horizon: VirtualClock.Instant?,
                           pending: [PendingSleeper])
    /// `expectNoPendingSleepers()` found sleepers still parked.
    case sleepersStillPending([PendingSleeper])

    /// What failed, with the parked sleepers or outstanding work listed.
    public var description: String {
        switch self {
        case let .settleDidNotConverge(rounds, awake, work):
            let workList = work.isEmpty ? "(none)" : work.sorted().joined(separator: ", ")
            return "settle() found work still running after \(rounds) rounds "
                + "(sleepers woken but not yet returned: \(awake); outstanding reported work: \(workList))"
        case let .stepLimitExceeded(operation, steps, now, pending):
            return "\(operation) resumed \(steps) sleepers and more are still due at \(now) "
                + "(a timer that re-arms forever?). Parked sleepers:\n\(pending.listing)"
        case let .conditionNeverMet(site, now, horizon, pending):
            let reason = horizon.map { "no sleeper is due by the horizon \($0)" } ?? "no sleeper is left to resume"
            return "run(until:) at \(site): the condition is still false at \(now) and \(reason). "
                + "Parked sleepers:\n\(pending.listing)"
        case let .sleepersStillPending(pending):
            return "\(pending.count) sleeper(s) still parked on the virtual clock:\n\(pending.listing)"
        }
    }
}
