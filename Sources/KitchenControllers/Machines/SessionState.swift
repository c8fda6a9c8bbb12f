import KitchenAPI

/// The coordinator's error rules, as a value: failures from every child, the
/// WebSocket's 4001 and sign-ins go in; the error to show, whether the user
/// must sign in again, and whether a call may reach the API come out.
///
/// - ``error`` is the latest failure that is not a cancellation (a cancelled
///   task is the user moving on, never something to show).
/// - ``requiresReauth`` is set by any unauthorized failure (HTTP 401, WebSocket
///   close 4001, a refused sign-in) and cleared only by a successful sign-in.
/// - While it is set, ``admits(_:)`` lets no command through; signing in always is.
///
/// ```swift
/// var session = SessionState()
/// session.record(AppError.unauthorized)      // requiresReauth == true
/// session.record(CancellationError())        // ignored
/// session.admits(.setOvenPower)              // false
/// session.recordLoginSucceeded()             // requiresReauth == false, error == nil
/// ```
public struct SessionState: Hashable, Sendable {
    /// The rules this state follows (a test may plant a broken one).
    @HashableRule public private(set) var rule: any SessionRule
    /// The error to show: the latest that is not a cancellation, since the last sign-in.
    public private(set) var error: AppError?
    /// Whether the user must sign in again before any command is sent.
    public private(set) var requiresReauth = false

    /// A fresh session: no error, signed in.
    public init(rule: any SessionRule = StandardSessionRule()) {
        self.rule = rule
    }

    /// Whether a call to `operation` may reach the API now. Signing in and out always may.
    public func admits(_ operation: APIOperation) -> Bool {
        if operation == .login || operation == .logout { return true }
        return rule.admits(operation, requiresReauth: requiresReauth)
    }

    /// A child or the coordinator failed with `error`. Returns `true` when this
    /// failure newly requires re-authentication.
    @discardableResult
    public mutating func record(_ error: any Error) -> Bool {
        let shown: AppError
        if let appError = AppError.from(error) {
            shown = appError
        } else if let cancellation = rule.shownForCancellation() {
            shown = cancellation
        } else {
            return false
        }
        self.error = shown
        let wasRequired = requiresReauth
        requiresReauth = rule.requiresReauth(after: shown, wasRequired: wasRequired)
        return requiresReauth && !wasRequired
    }

    /// The live-update socket was refused or closed with 4001. Returns `true`
    /// when this newly requires re-authentication.
    @discardableResult
    public mutating func recordWebSocketUnauthorized() -> Bool {
        record(AppError.unauthorized)
    }

    /// A sign-in succeeded: the requirement and the shown error are cleared.
    public mutating func recordLoginSucceeded() {
        requiresReauth = false
        error = nil
    }

    /// The user dismissed the shown error. `requiresReauth` stays.
    public mutating func dismissError() {
        error = nil
    }
}
