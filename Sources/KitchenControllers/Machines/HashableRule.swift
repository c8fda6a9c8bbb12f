/// A rule held as an existential (`any DebounceRule`, `any SessionRule` …), compared and hashed
/// as the concrete value it holds, so a type that holds one gets `Hashable` from the compiler.
///
/// Two holders are equal only when their rules are of one type and equal: a planted rule is
/// never mistaken for the product's.
///
/// ```swift
/// public struct Configuration: Hashable, Sendable {
///     @HashableRule public var rule: any DebounceRule
/// }
/// ```
@propertyWrapper
public struct HashableRule<Rule: Sendable>: Hashable, Sendable {
    /// The rule.
    public var wrappedValue: Rule

    /// Holds `wrappedValue`.
    public init(wrappedValue: Rule) {
        self.wrappedValue = wrappedValue
    }

    /// Equal when the rules are of one type and equal.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.identity == rhs.identity
    }

    /// Hashes the rule.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identity)
    }

    /// The rule as a hashable value. Every rule protocol refines `Hashable`, so a rule always has one.
    private var identity: AnyHashable? {
        (wrappedValue as? any Hashable).map { AnyHashable($0) }
    }
}
