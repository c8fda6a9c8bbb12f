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
    /// `--live`: no HTTP answer from the server (refused, DNS, TLS, timeout).
    case serverUnreachable(url: String, reason: String)
    /// `--live`: the login got an answer that is neither success nor a refusal (5xx, 404…).
    case serverFailing(url: String, status: String, hint: String)
    /// `--live`: the server refused the account.
    case loginRefused(user: String, status: String)
    /// A folder to verify holds no `.har` file.
    case noRecordings(folder: String)
    /// `--only FILE#N` named an entry the file does not have.
    case entryOutOfRange(filter: String, entries: Int)
    /// `--live`: the server stopped answering while a scenario ran.
    case outage(scenario: String, reason: String)
    /// The in-process simulator or recording proxy started without an address to reach it by (which one).
    case noListeningAddress(String)
    /// An embedded or live run (its mode) was started without a ``ScenarioSource`` to record the scenarios.
    case noScenarioSource(mode: String)

    public var description: String {
        switch self {
        case .unreadableFolder(let path, let reason): "cannot read the recordings folder \(path): \(reason)"
        case .unreadableRecording(let file, let reason): "cannot read the recording \(file): \(reason)"
        case .missingContract(let folder, let kind): "no \(kind) contract (a .json file) in \(folder)"
        case .invalidContract(let explanation): "invalid contract: \(explanation)"
        case .badPath(let path, let reason): "\(path): \(reason)"
        case .unwritable(let path, let reason): "cannot write \(path): \(reason)"
        case .unknownFilter(let filter): "--only \(filter): no such recording"
        case .noRecordings(let folder): "no .har files in \(folder)"
        case .entryOutOfRange(let filter, let entries):
            "--only \(filter): no such entry (the file has \(entries) entries, numbered from 0)"
        case .serverUnreachable(let url, let reason):
            "cannot reach the server at \(url): \(reason). This is an outage or a wrong URL, not a contract violation: nothing was verified."
        case .serverFailing(let url, let status, let hint):
            "POST \(url) answered \(status) (\(hint)). The server cannot be verified in this state: nothing was verified."
        case .loginRefused(let user, let status):
            "login as \(user) failed: \(status). Check --user and --password (or KITCHEN_PASSWORD): nothing was verified."
        case .outage(let scenario, let reason):
            "the server stopped answering during scenario \(scenario): \(reason). This is an outage, not a contract violation; the verdict is withheld."
        case .noListeningAddress(let what): "the \(what) started but has no address to reach it by"
        case .noScenarioSource(let mode): "the \(mode) run records the scenarios, but was given nothing to record them with"
        }
    }
}
