/// Why verification could not run at all (as opposed to running and finding violations):
/// the CLI maps every case to exit status 2.
public enum VerifyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The recordings folder does not exist or cannot be listed (its path, the system's reason).
    case unreadableFolder(path: String, reason: String)
    /// A HAR file could not be read or parsed (its name, why).
    case unreadableRecording(file: String, reason: String)
    /// The contracts folder lacks a contract of one kind (the folder, `OpenAPI` or `AsyncAPI`).
    case missingContract(folder: String, kind: String)
    /// A contract document did not load (the loader's explanation, with file and pointer).
    case invalidContract(String)
    /// A path given on the command line is neither a file nor a folder, or the two sides of a
    /// diff are not the same kind (which path, why).
    case badPath(String, reason: String)
    /// A temporary folder or a report could not be written (the path, why).
    case unwritable(path: String, reason: String)
    /// `--only` named a recording that is not in the folder.
    case unknownFilter(String)
    /// The live server could not be reached or refused the account (what failed).
    case liveServerUnavailable(String)

    public var description: String {
        switch self {
        case .unreadableFolder(let path, let reason): "cannot read the recordings folder \(path): \(reason)"
        case .unreadableRecording(let file, let reason): "cannot read the recording \(file): \(reason)"
        case .missingContract(let folder, let kind): "no \(kind) contract (a .json file) in \(folder)"
        case .invalidContract(let explanation): "invalid contract: \(explanation)"
        case .badPath(let path, let reason): "\(path): \(reason)"
        case .unwritable(let path, let reason): "cannot write \(path): \(reason)"
        case .unknownFilter(let filter): "--only \(filter): no such recording"
        case .liveServerUnavailable(let what): "the live server is not usable: \(what)"
        }
    }
}
