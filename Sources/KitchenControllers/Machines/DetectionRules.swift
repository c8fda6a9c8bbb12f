import KitchenAPI

/// The decision inside ``CycleCompletionDetector`` that a test may replace with
/// a deliberately broken one (the planted bugs live in the property tests).
/// The product's rule is ``StandardCycleCompletionRule``.
///
/// ```swift
/// struct FiresOnFirstSight: CycleCompletionRule {
///     func completes(previous: DishwasherStatus?, ranSinceIdle: Bool) -> Bool { previous != .complete }
/// }
/// var detector = CycleCompletionDetector(rule: FiresOnFirstSight())
/// ```
public protocol CycleCompletionRule: Hashable, Sendable {
    /// Whether a "complete" status that follows `previous` (`nil`: the first seen)
    /// is a cycle completing now; `ranSinceIdle` says a "running" was seen since the last idle.
    func completes(previous: DishwasherStatus?, ranSinceIdle: Bool) -> Bool
}

extension CycleCompletionRule {
    /// Exactly running → complete.
    public func completes(previous: DishwasherStatus?, ranSinceIdle: Bool) -> Bool { previous == .running }
}

/// The product's completion rule: exactly at each running → complete transition.
public struct StandardCycleCompletionRule: CycleCompletionRule {
    /// The product's rule.
    public init() {}
}

/// The decision inside ``BinFullDetector`` that a test may replace with a
/// deliberately broken one. The product's rule is ``StandardBinFullRule``.
///
/// ```swift
/// struct FiresWhileFull: BinFullRule { func fills(wasFull: Bool) -> Bool { true } }
/// var detector = BinFullDetector(rule: FiresWhileFull())
/// ```
public protocol BinFullRule: Hashable, Sendable {
    /// Whether a "full" update after one whose fullness was `wasFull` means the bin just filled.
    func fills(wasFull: Bool) -> Bool
}

extension BinFullRule {
    /// Exactly not-full → full.
    public func fills(wasFull: Bool) -> Bool { !wasFull }
}

/// The product's bin-full rule: exactly at each not-full → full transition.
public struct StandardBinFullRule: BinFullRule {
    /// The product's rule.
    public init() {}
}
