/// Why a scenario could not complete.
public enum ScenarioError: Error, Sendable, CustomStringConvertible {
    /// A live-update message the scenario waits for did not come in time: what it waited for,
    /// the request that should have caused it, and the last events seen (in the report's words).
    case timedOut(waitingFor: String, after: String?, seconds: Int, seen: [String])
    /// The live-update stream ended while the scenario waited.
    case streamEnded(waitingFor: String, after: String?)
    /// A call that must fail succeeded, or failed differently.
    case unexpected(step: String, detail: String)
    /// A simulator control answered with an error.
    case controlFailed(path: String, status: Int, body: String)
    /// The scenario needs provider-state controls the server does not offer.
    case needsControls(String)

    public var description: String {
        switch self {
        case .timedOut(let what, let request, let seconds, let seen):
            "no live update \(what) within \(seconds) s" + (request.map { " after \($0)" } ?? "")
                + "; last seen: " + (seen.isEmpty ? "nothing" : seen.joined(separator: " | "))
        case .streamEnded(let what, let request):
            "the live-update stream ended while waiting for \(what)" + (request.map { " after \($0)" } ?? "")
        case .unexpected(let step, let detail): "\(step): \(detail)"
        case .controlFailed(let path, let status, let body): "control /_sim/\(path) answered \(status): \(body)"
        case .needsControls(let what): "this scenario needs the provider-state control \(what), which the server does not offer"
        }
    }
}
