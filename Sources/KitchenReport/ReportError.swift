/// Why a findings file could not be read.
public enum ReportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is not JSON.
    case notJSON(path: String, reason: String)
    /// The JSON is not what `kitchen verify --format json` writes.
    case notAFindingsDocument(path: String, reason: String)

    /// The message for the user, naming the command that makes a valid file.
    public var description: String {
        switch self {
        case .notJSON(let path, let reason):
            "\(path) is not JSON (\(reason)); write it with `kitchen verify --format json > \(path)`"
        case .notAFindingsDocument(let path, let reason):
            "\(path) is not a `kitchen verify --format json` report: \(reason)"
        }
    }
}
