/// A peer that misbehaved or could not be started.
public enum PeerError: Error, CustomStringConvertible {
    /// Its output was not what the protocol with it says.
    case malformed(String)
    /// It did not come up (no port, no banner).
    case notStarted(String)

    public var description: String {
        switch self {
        case .malformed(let what): "malformed peer output: \(what)"
        case .notStarted(let what): "peer did not start: \(what)"
        }
    }
}
