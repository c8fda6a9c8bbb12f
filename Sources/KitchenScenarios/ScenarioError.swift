/// Why a scenario could not complete.
public enum ScenarioError: Error, Sendable, CustomStringConvertible {
    /// A live-update message the scenario waits for did not come in time.
    case timedOut(waitingFor: String, seen: [String])
    /// The live-update stream ended while the scenario waited.
    case streamEnded(waitingFor: String)
    /// A call that must fail succeeded, or failed differently.
    case unexpected(step: String, detail: String)
    /// A simulator control answered with an error.
    case controlFailed(path: String, status: Int, body: String)
    /// The scenario needs the simulator's controls and the server has none.
    case needsControls

    public var description: String {
        switch self {
        case .timedOut(let what, let seen):
            "timed out waiting for \(what); last events: \(seen.suffix(5).joined(separator: " | "))"
        case .streamEnded(let what): "the live-update stream ended while waiting for \(what)"
        case .unexpected(let step, let detail): "\(step): \(detail)"
        case .controlFailed(let path, let status, let body): "control /_sim/\(path) answered \(status): \(body)"
        case .needsControls: "this scenario needs the simulator's controls"
        }
    }
}
