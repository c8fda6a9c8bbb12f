import KitchenAPI

/// Decides when a dishwasher has finished a cycle: exactly at each
/// running → complete transition between two states it has seen.
///
/// A dishwasher first seen complete has not finished *now*; a repeated
/// "complete" (a duplicate update, a reconnect snapshot) is no transition.
/// Stop (→ idle) and restart (→ running) arm it again.
///
/// ```swift
/// var detector = CycleCompletionDetector()
/// detector.observe(.running)    // false
/// detector.observe(.complete)   // true
/// detector.observe(.complete)   // false (duplicate)
/// ```
public struct CycleCompletionDetector: Hashable, Sendable {
    /// The rule this detector follows (a test may plant a broken one).
    @HashableRule public private(set) var rule: any CycleCompletionRule
    /// The last status seen, `nil` before the first.
    public private(set) var lastStatus: DishwasherStatus?
    private var sawRunning = false

    /// A detector that has seen nothing yet.
    public init(rule: any CycleCompletionRule = StandardCycleCompletionRule()) {
        self.rule = rule
    }

    /// Takes the next status seen; returns whether a cycle just completed.
    public mutating func observe(_ status: DishwasherStatus) -> Bool {
        defer {
            lastStatus = status
            if status == .running { sawRunning = true }
            if status == .idle { sawRunning = false }
        }
        guard status == .complete else { return false }
        return rule.completes(previous: lastStatus, ranSinceIdle: sawRunning)
    }
}
