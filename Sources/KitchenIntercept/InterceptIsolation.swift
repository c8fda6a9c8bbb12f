/// How an ``InterceptScope`` tells its requests from those of other tests running at the same time.
///
/// A request is attributed, in this order, to: the scope whose per-session marker its session
/// carries (sessions made from ``InterceptScope/configuration(_:)`` or ``InterceptScope/install(in:)``);
/// the scope in the task-local ``InterceptScope/current`` where the request was resumed; the scope
/// holding the process-wide lock (``process`` only). A `URLSession.shared` request none of these
/// names is not intercepted: it goes to the network as if no test were replaying. A request of a
/// marked session none of these names fails with ``InterceptError/unattributed(_:)``.
///
/// ```swift
/// try await scope.run(isolation: .process) { … callback-style code on URLSession.shared … }
/// ```
public enum InterceptIsolation: String, Sendable, CaseIterable {
    /// Runs beside other scopes. `URLSession.shared` requests are attributed by the task-local,
    /// which is visible when the request is resumed inside the test's task tree (the test body,
    /// `async let`, task groups, `Task {}`); requests resumed from a `Task.detached`, a dispatch
    /// queue or another request's completion handler are not, and are not intercepted.
    case task
    /// Also claims every `URLSession.shared` request no marker or task-local attributes, wherever
    /// it was resumed. Such scopes hold a process-wide lock, so they run one at a time (``task``
    /// scopes still run beside them, keeping their own requests).
    case process
}
