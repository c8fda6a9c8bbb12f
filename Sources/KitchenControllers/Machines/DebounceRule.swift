/// The two decisions inside ``DebounceMachine`` that a test may replace with a
/// deliberately broken one (the planted bugs live in the property tests, never
/// here). The product's rule is ``StandardDebounceRule``; a conformer that
/// overrides nothing follows it too.
///
/// ```swift
/// struct SendsFirst: DebounceRule {
///     func valueToSend(burstFirst: Int, burstLast: Int) -> Int { burstFirst }
/// }
/// let machine = DebounceMachine(configuration: .init(rule: SendsFirst()), confirmed: 350)
/// ```
public protocol DebounceRule: Hashable, Sendable {
    /// The value a finished burst sends, given the burst's first and last slider values.
    func valueToSend(burstFirst: Int, burstLast: Int) -> Int
    /// Whether a confirmed answer to request number `answered` is the newest server
    /// state, when `newestConfirmed` is the newest request already confirmed (0 for none).
    func adoptsAnswer(_ answered: Int, newestConfirmed: Int) -> Bool
    /// Whether a burst still waiting survives a value the server reported some
    /// other way (a live update, another command's answer).
    func burstSurvivesServerReport() -> Bool
}

extension DebounceRule {
    /// The burst's last value.
    public func valueToSend(burstFirst: Int, burstLast: Int) -> Int { burstLast }
    /// Only an answer newer than the newest confirmed one counts.
    public func adoptsAnswer(_ answered: Int, newestConfirmed: Int) -> Bool { answered > newestConfirmed }
    /// Always: the user's newer value wins and is still sent.
    public func burstSurvivesServerReport() -> Bool { true }
}

/// The product's debounce rule: send the burst's last value; never let an older answer overwrite a newer one.
public struct StandardDebounceRule: DebounceRule {
    /// The product's rule.
    public init() {}
}
