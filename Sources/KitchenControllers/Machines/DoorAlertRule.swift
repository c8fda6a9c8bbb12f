/// The decisions inside ``DoorAlertMachine`` that a test may replace with a
/// deliberately broken one (the planted bugs live in the property tests, never
/// here). The product's rule is ``StandardDoorAlertRule``; a conformer that
/// overrides nothing follows it too.
///
/// ```swift
/// struct Late: DoorAlertRule {
///     func hasReached(_ deadline: MachineInstant, at now: MachineInstant) -> Bool { now > deadline }
/// }
/// let machine = DoorAlertMachine(configuration: .init(rule: Late()))
/// ```
public protocol DoorAlertRule: Hashable, Sendable {
    /// What an "open" update at `now`, saying the door opened at `openedAt` (when
    /// it says), does to the open span that started at `current` (`nil` while the
    /// door was closed).
    func openUpdate(current: MachineInstant?, openedAt: MachineInstant?, at now: MachineInstant) -> DoorSpanChange
    /// Whether a span whose alert is due at `deadline` has reached it at `now`.
    func hasReached(_ deadline: MachineInstant, at now: MachineInstant) -> Bool
    /// When to wake for a span whose alert is due at `deadline`.
    func alertInstant(for deadline: MachineInstant) -> MachineInstant
}

/// What one "open" update does to the open span.
public enum DoorSpanChange: Hashable, Sendable {
    /// The update adds nothing: the span keeps its start.
    case keep
    /// The span starts (or is known to have started) at this instant; a raised alert stays.
    case start(MachineInstant)
    /// A new span starts at this instant and a raised alert is forgotten.
    case restart(MachineInstant)
}

extension DoorAlertRule {
    /// A new span starts at `openedAt`, else now; an open span moves only to an
    /// earlier start. A start in the future (clock skew) is taken as now: the
    /// door is open at least since now.
    public func openUpdate(current: MachineInstant?, openedAt: MachineInstant?, at now: MachineInstant) -> DoorSpanChange {
        let reported = min(openedAt ?? now, now)
        guard let current else { return .start(reported) }
        return reported < current ? .start(reported) : .keep
    }
    /// Reached at the deadline itself.
    public func hasReached(_ deadline: MachineInstant, at now: MachineInstant) -> Bool { now >= deadline }
    /// Wake at the deadline.
    public func alertInstant(for deadline: MachineInstant) -> MachineInstant { deadline }
}

/// The product's door alert rule: one span per opening, alert at the threshold.
public struct StandardDoorAlertRule: DoorAlertRule {
    /// The product's rule.
    public init() {}
}
