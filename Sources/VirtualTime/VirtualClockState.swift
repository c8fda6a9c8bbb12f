/// Why a parked sleep call returned.
enum WakeReason: Sendable {
    /// The clock reached the deadline.
    case deadline
    /// The task was cancelled while parked.
    case cancelledWhileParked
    /// The task was cancelled after the sleep call started but before it parked.
    case cancelledBeforeParking
}

/// One parked sleep: its order, its deadline and the continuation that wakes it.
struct ParkedSleeper {
    var pending: PendingSleeper
    var continuation: UnsafeContinuation<WakeReason, Never>

    var deadline: VirtualClock.Instant { pending.deadline }

    /// Whether this sleeper resumes before `other`: by deadline, then by registration.
    func resumesBefore(_ other: ParkedSleeper) -> Bool {
        (deadline, pending.sequence) < (other.deadline, other.pending.sequence)
    }
}

/// Everything a ``VirtualClock`` knows, kept behind its mutex. A value type so that
/// every transition is a plain mutation under one lock.
struct VirtualClockState {
    var now = VirtualClock.Instant.zero
    var nextSequence: UInt64 = 0
    var parked: [ParkedSleeper] = []
    /// Sleep calls that have a sequence number but have not parked yet.
    var registering: Set<UInt64> = []
    /// Sleep calls cancelled in the window between taking a number and parking.
    var cancelledWhileRegistering: Set<UInt64> = []
    /// Bumped on every registration, resumption, cancellation, wake-up and reported
    /// activity, so that `settle()` can tell a quiet round from a busy one.
    var activity: UInt64 = 0
    /// Sleepers that were resumed but whose `sleep` call has not returned yet.
    var awake = 0
    /// Work that test doubles reported as started and not yet finished, by token.
    var outstandingWork: [UInt64: String] = [:]
    var nextWorkToken: UInt64 = 0

    /// Sleepers in resumption order: (deadline, registration sequence).
    var pendingSleepers: [PendingSleeper] {
        parked.sorted { $0.resumesBefore($1) }.map(\.pending)
    }

    /// The index of the sleeper that must resume first, if any is due by `limit`.
    func indexOfNextDue(notAfter limit: VirtualClock.Instant?) -> Int? {
        parked.indices
            .filter { index in limit.map { parked[index].deadline <= $0 } ?? true }
            .min { parked[$0].resumesBefore(parked[$1]) }
    }

    /// Removes the next due sleeper, moves time to its deadline (never backwards) and
    /// counts it as awake; the caller resumes the continuation outside the lock.
    mutating func takeNextDue(notAfter limit: VirtualClock.Instant?) -> ParkedSleeper? {
        guard let index = indexOfNextDue(notAfter: limit) else { return nil }
        let sleeper = parked.remove(at: index)
        if sleeper.deadline > now {
            now = sleeper.deadline
        }
        awake += 1
        activity &+= 1
        return sleeper
    }
}
