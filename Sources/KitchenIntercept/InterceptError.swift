import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why an intercepted request got no answer from a recording or the recorder. Handed to the app's
/// `URLSession` as a `URLError` whose description is ``description``.
public enum InterceptError: Error, Sendable, CustomStringConvertible {
    /// A request of a marked session no running test could be named for (see ``InterceptIsolation``).
    case unattributed(String)
    /// A session made for a test that has ended was used again: method and URL.
    case scopeEnded(String)
    /// The recorder in front of the live server could not be reached.
    case recorderUnreachable(String)

    public var description: String {
        switch self {
        case .unattributed(let request):
            "\(request) was made on a marked session, but no running test could be named for it (a task "
                + "the session cannot mark, resumed outside the test's task); resume it inside the test, or use "
                + ".replaying(…, isolation: .process)"
        case .scopeEnded(let request):
            "\(request) was made on a session whose test has ended; make sessions inside the test."
        case .recorderUnreachable(let reason):
            "the recorder did not answer: \(reason)"
        }
    }

    /// The `URLError` the app's session reports.
    var urlError: URLError {
        let code: URLError.Code = switch self {
        case .unattributed, .scopeEnded: .resourceUnavailable
        case .recorderUnreachable: .cannotConnectToHost
        }
        return URLError(code, userInfo: [NSLocalizedDescriptionKey: description])
    }
}
