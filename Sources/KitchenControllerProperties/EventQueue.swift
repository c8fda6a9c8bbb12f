import KitchenControllers

/// The timers and answers a pure simulation has scheduled, taken in
/// (instant, scheduling order): the order a `VirtualClock` resumes sleepers in,
/// so a pure run and a shell run on virtual time see events in the same order.
struct EventQueue<Event> {
    private var entries: [(at: MachineInstant, sequence: Int, event: Event)] = []
    private var nextSequence = 0

    mutating func schedule(_ event: Event, at instant: MachineInstant) {
        entries.append((instant, nextSequence, event))
        nextSequence += 1
    }

    /// Removes and returns the earliest event due at or before `limit` (any, when `nil`).
    mutating func popNext(notAfter limit: MachineInstant?) -> (at: MachineInstant, event: Event)? {
        let earliest = entries.indices.min { (entries[$0].at, entries[$0].sequence) < (entries[$1].at, entries[$1].sequence) }
        guard let earliest, limit.map({ entries[earliest].at <= $0 }) ?? true else { return nil }
        let entry = entries.remove(at: earliest)
        return (entry.at, entry.event)
    }
}
