/// A sleeper parked on a ``VirtualClock``, as reported by `pendingSleepers` and by
/// the errors of a wait that cannot be satisfied.
public struct PendingSleeper: Hashable, Sendable, CustomStringConvertible {
    /// Registration order on this clock (0 for the first sleep ever registered).
    public var sequence: UInt64
    /// When the sleeper is due.
    public var deadline: VirtualClock.Instant
    /// When the sleeper registered.
    public var registeredAt: VirtualClock.Instant
    /// The label the sleeper passed to `sleep(for:label:)`, if any.
    public var label: String?

    /// A sleeper record; normally obtained from the clock rather than built.
    public init(sequence: UInt64, deadline: VirtualClock.Instant, registeredAt: VirtualClock.Instant, label: String?) {
        self.sequence = sequence
        self.deadline = deadline
        self.registeredAt = registeredAt
        self.label = label
    }

    /// One line, e.g. `#3 due at +0.500s (registered at +0.000s) "debounce"`.
    public var description: String {
        var line = "#\(sequence) due at \(deadline) (registered at \(registeredAt))"
        if let label {
            line += " \"\(label)\""
        }
        return line
    }
}

extension [PendingSleeper] {
    /// One sleeper per line, in resumption order, or `(none)`.
    var listing: String {
        isEmpty ? "(none)" : map { "  " + $0.description }.joined(separator: "\n")
    }
}
