import KitchenAPI

/// The decisions inside ``SessionState`` that a test may replace with a
/// deliberately broken one (the planted bugs live in the property tests).
/// The product's rule is ``StandardSessionRule``.
///
/// ```swift
/// struct OpenGate: SessionRule {
///     func admits(_ operation: APIOperation, requiresReauth: Bool) -> Bool { true }
/// }
/// var session = SessionState(rule: OpenGate())
/// ```
public protocol SessionRule: Hashable, Sendable {
    /// Whether a call of `operation` (not signing in or out) may reach the API.
    func admits(_ operation: APIOperation, requiresReauth: Bool) -> Bool
    /// Whether re-authentication is required after `error` is recorded, when it was `wasRequired` before.
    func requiresReauth(after error: AppError, wasRequired: Bool) -> Bool
    /// What to show for a cancellation: `nil`, nothing.
    func shownForCancellation() -> AppError?
}

extension SessionRule {
    /// Only while re-authentication is not required, whatever the operation.
    public func admits(_ operation: APIOperation, requiresReauth: Bool) -> Bool { !requiresReauth }
    /// Set by an unauthorized failure; kept until a sign-in.
    public func requiresReauth(after error: AppError, wasRequired: Bool) -> Bool {
        wasRequired || error.isUnauthorized
    }
    /// Nothing: a cancellation is the user moving on.
    public func shownForCancellation() -> AppError? { nil }
}

/// The product's session rules.
public struct StandardSessionRule: SessionRule {
    /// The product's rules.
    public init() {}
}
