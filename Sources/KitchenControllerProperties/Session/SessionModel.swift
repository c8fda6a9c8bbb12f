import KitchenAPI
import KitchenControllers

/// What must hold after one session step.
public struct SessionExpectation: Hashable, Sendable, CustomStringConvertible {
    /// Whether the user must sign in again.
    public var requiresReauth: Bool
    /// The error shown.
    public var error: AppError?
    /// Whether this step's call reached the API.
    public var reachedAPI: Bool

    /// `reauth false, error nil, reached API true`.
    public var description: String {
        "reauth \(requiresReauth), error \(error.map { "\($0)" } ?? "nil"), reached API \(reachedAPI)"
    }
}

/// The reference model of the coordinator's error rules: a pure fold over the steps.
///
/// - `requiresReauth` is true exactly when an unauthorized happened (a 401
///   answer, a 4001 close of an open socket, a refused sign-in) since the
///   last successful sign-in.
/// - `error` is the latest error that is not a cancellation since the last
///   successful sign-in or dismissal; a command held back while signed out
///   shows `unauthorized`.
/// - No command reaches the API while `requiresReauth` is true; sign-ins always do.
/// - The socket is open at the start; a 4001 closes it until a successful
///   sign-in; other closes reconnect at once.
public enum SessionModel {
    /// The expectation after each step.
    public static func expectations(_ trace: SessionTrace) -> [SessionExpectation] {
        var signedOut = false
        var error: AppError?
        var socketOpen = true
        return trace.steps.map { step in
            var reached = false
            switch step {
            case .command(_, let result):
                if signedOut {
                    error = .unauthorized
                } else {
                    reached = true
                    if let shown = result.shownError {
                        error = shown
                        if shown == .unauthorized { signedOut = true }
                    }
                }
            case .webSocketClosed(let code):
                if socketOpen, code == 4001 {
                    socketOpen = false
                    signedOut = true
                    error = .unauthorized
                }
            case .login(let result):
                reached = true
                if let shown = result.shownError {
                    error = shown
                    if shown == .unauthorized { signedOut = true }
                } else if result == .success {
                    signedOut = false
                    error = nil
                    socketOpen = true
                }
            case .dismissError:
                error = nil
            }
            return SessionExpectation(requiresReauth: signedOut, error: error, reachedAPI: reached)
        }
    }
}

/// Runs the steps through ``KitchenControllers/SessionState`` and its gate
/// decision, with no concurrency.
public enum SessionSimulation {
    /// What the rules say after each step.
    public static func run(_ trace: SessionTrace, rule: any SessionRule) -> [SessionExpectation] {
        var session = SessionState(rule: rule)
        var socketOpen = true
        return trace.steps.map { step in
            var reached = false
            switch step {
            case .command(let child, let result):
                if session.admits(child.operation) {
                    reached = true
                    if let error = result.thrown { session.record(error) }
                } else {
                    session.record(AppError.unauthorized)
                }
            case .webSocketClosed(let code):
                if socketOpen, code == 4001 {
                    socketOpen = false
                    session.recordWebSocketUnauthorized()
                }
            case .login(let result):
                reached = session.admits(.login)
                if let error = result.thrown {
                    session.record(error)
                } else {
                    session.recordLoginSucceeded()
                    socketOpen = true
                }
            case .dismissError:
                session.dismissError()
            }
            return SessionExpectation(requiresReauth: session.requiresReauth, error: session.error, reachedAPI: reached)
        }
    }
}
