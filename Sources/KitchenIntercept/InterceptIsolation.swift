/// How an ``InterceptScope`` tells its requests from those of other tests running at the same time.
///
/// A request is attributed, in this order, to:
/// 1. the scope whose own interceptor class its session carries (sessions made from
///    ``InterceptScope/configuration(_:)`` or ``InterceptScope/install(in:)``): URLSession picks
///    the class from the session's `protocolClasses`, so no thread is involved;
/// 2. the scope its ``InterceptScope/markerHeader`` names (``InterceptScope/mark(_:)``), on
///    `URLSession.shared` or any session the interceptor reaches;
/// 3. on FoundationNetworking only, the scope in the task-local ``InterceptScope/current`` of
///    the task that resumed a `URLSession.shared` request (see ``task``);
/// 4. the scope holding the process-wide lock (``process`` only).
///
/// A `URLSession.shared` request none of these names is not intercepted: it goes to the network
/// as if no test were replaying. A request of a session made for a scope that has ended fails
/// with ``InterceptError/scopeEnded(_:)``.
///
/// What each mode guarantees (Linux: checked by KitchenInterceptTests on Swift 6.3.1; Apple
/// platforms: what Apple documents, not yet run on a Mac):
///
/// | request | Linux | Apple platforms |
/// |---|---|---|
/// | a session from the scope's configuration, any mode | this scope's, from any thread, task, queue or completion handler | the same: a session uses the classes in its configuration's `protocolClasses` (URLSessionConfiguration) |
/// | a request marked with `mark(_:)`, any mode | this scope's, from anywhere | the same: the header is in the request `canInit(with:)` receives |
/// | an unmarked `URLSession.shared` request, ``task`` | this scope's when resumed inside the test's task tree; not intercepted from a detached task, a queue or another request's handler | not intercepted: Apple asks `canInit` on URLSession's own queue, where no task-local can be read, so none is consulted |
/// | an unmarked `URLSession.shared` request, ``process`` | this scope's, from anywhere | the same: registered classes are consulted for the shared session (`URLProtocol.registerClass`) |
///
/// So the default, ``platformDefault``, is ``task`` on FoundationNetworking and ``process`` on
/// Apple platforms, where it is the only mode that attributes the app's own `URLSession.shared`
/// requests: there, replaying tests that do not ask for ``task`` take turns.
///
/// ```swift
/// try await scope.run(isolation: .process) { … callback-style code on URLSession.shared … }
/// ```
public enum InterceptIsolation: String, Sendable, CaseIterable {
    /// Runs beside other scopes. Its own sessions and marked requests are its own everywhere; an
    /// unmarked `URLSession.shared` request is its own only on FoundationNetworking, when resumed
    /// inside the test's task tree (the test body, `async let`, task groups, `Task {}`), where the
    /// task-local is visible to `canInit`.
    case task
    /// Also claims every `URLSession.shared` request nothing else attributes, wherever it was
    /// resumed. Such scopes hold a process-wide lock, so they run one at a time (``task``
    /// scopes still run beside them, keeping their own requests).
    case process

    /// What `.replaying(…)` and ``InterceptScope/run(isolation:_:)`` use unless told otherwise:
    /// ``task`` where the resuming task's task-local reaches the interceptor (FoundationNetworking),
    /// ``process`` on Apple platforms.
    public static var platformDefault: InterceptIsolation {
        #if canImport(FoundationNetworking)
        .task
        #else
        .process
        #endif
    }
}
