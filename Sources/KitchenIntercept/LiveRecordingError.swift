import KitchenRecorder

/// Why recording on first run could not start or finish.
public enum LiveRecordingError: Error, Sendable, CustomStringConvertible {
    /// A server the recording starts itself (the embedded simulator) could not listen.
    case serverDidNotStart(server: String, reason: String)
    /// The recorder could not start, or could not write the HAR.
    case recorder(RecorderError)
    /// The finished HAR could not be moved to its place.
    case cannotPlace(path: String, reason: String)

    public var description: String {
        switch self {
        case .serverDidNotStart(let server, let reason): "\(server) could not start: \(reason)"
        case .recorder(let error): "the recorder failed: \(error)"
        case .cannotPlace(let path, let reason): "could not move the recording to \(path): \(reason)"
        }
    }
}
