import KitchenControllers

/// The timers and answers a pure simulation has scheduled, taken in
/// (instant, scheduling order): the order a `VirtualClock` resumes sleepers in,
/// so a pure run and a shell run on virtual time see events in the same order.
struct EventQueue<Event> {
    private var entries: [(at: MachineInstant, sequence: Int, event: Event)] = []
    private var nextSequence = 0

    var isEmpty: Bool { entries.isEmpty }

    mutating func schedule(_ event: Event, at instant: MachineInstant) {
        entries.append((instant, nextSequence, event))
        nextSequence += 1
    }

    /// Removes and returns the earliest event due at or before `limit` (any, when `nil`).
    mutating func popNext(notAfter limit: MachineInstant?) -> (at: MachineInstant, event: Event)? {
        var best: Int?
        for index in entries.indices {
            let entry = entries[index]
            if let limit, entry.at > limit { continue }
            if let current = best {
                let chosen = entries[current]
                if (entry.at, entry.sequence) < (chosen.at, chosen.sequence) { best = index }
            } else {
                best = index
            }
        }
        guard let best else { return nil }
        let entry = entries.remove(at: best)
        return (entry.at, entry.event)
    }
}
