import KitchenRecorder

/// Why recording on first run could not start or finish.
public enum LiveRecordingError: Error, Sendable, CustomStringConvertible {
    /// `KITCHEN_RECORD_URL` is not an `http://host[:port][/base]` URL.
    case invalidUpstream(String)
    /// The embedded simulator could not listen.
    case simulator(String)
    /// The recorder could not start, or could not write the HAR.
    case recorder(RecorderError)
    /// The finished HAR could not be moved to its place.
    case cannotPlace(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidUpstream(let url):
            "KITCHEN_RECORD_URL must be an http:// URL with a host (the recorder speaks plain HTTP), not '\(url)'"
        case .simulator(let reason): "the embedded simulator could not start: \(reason)"
        case .recorder(let error): "the recorder failed: \(error)"
        case .cannotPlace(let path, let reason): "could not move the recording to \(path): \(reason)"
        }
    }
}
