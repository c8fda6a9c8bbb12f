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
    /// The correct rule and deliberately broken ones the property tests must catch.
    public enum Variant: String, Hashable, Sendable, CaseIterable {
        /// The product's rule.
        case correct
        /// Planted bug: remembers "was running" until the next start, so every
        /// "complete" after a run fires, duplicates included.
        case firesOnEveryCompleteAfterRunning
        /// Planted bug: a dishwasher first seen complete counts as just finished.
        case firesWhenFirstSeenComplete
    }

    /// The rule this detector follows.
    public let variant: Variant
    /// The last status seen, `nil` before the first.
    public private(set) var lastStatus: DishwasherStatus?
    private var sawRunning = false

    /// A detector that has seen nothing yet.
    public init(variant: Variant = .correct) {
        self.variant = variant
    }

    /// Takes the next status seen; returns whether a cycle just completed.
    public mutating func observe(_ status: DishwasherStatus) -> Bool {
        defer {
            lastStatus = status
            if status == .running { sawRunning = true }
            if status == .idle { sawRunning = false }
        }
        guard status == .complete else { return false }
        switch variant {
        case .correct: return lastStatus == .running
        case .firesOnEveryCompleteAfterRunning: return sawRunning
        case .firesWhenFirstSeenComplete: return lastStatus == .running || lastStatus == nil
        }
    }
}
