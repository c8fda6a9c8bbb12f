/// Decides when an ice maker's bin has just filled: exactly at each
/// not-full → full transition between two states it has seen. A bin first seen
/// full, or a repeated "full", is no transition.
///
/// ```swift
/// var detector = BinFullDetector()
/// detector.observe(isBinFull: false)   // false
/// detector.observe(isBinFull: true)    // true
/// detector.observe(isBinFull: true)    // false
/// ```
public struct BinFullDetector: Hashable, Sendable {
    /// The correct rule and a deliberately broken one the tests must catch.
    public enum Variant: String, Hashable, Sendable, CaseIterable {
        /// The product's rule.
        case correct
        /// Planted bug: fires on every "full" update after the first state.
        case firesWhileFull
    }

    /// The rule this detector follows.
    public let variant: Variant
    /// The last fullness seen, `nil` before the first.
    public private(set) var lastIsFull: Bool?

    /// A detector that has seen nothing yet.
    public init(variant: Variant = .correct) {
        self.variant = variant
    }

    /// Takes the next fullness seen; returns whether the bin just filled.
    public mutating func observe(isBinFull: Bool) -> Bool {
        defer { lastIsFull = isBinFull }
        guard isBinFull, let last = lastIsFull else { return false }
        return variant == .firesWhileFull || !last
    }
}
