import Foundation
import KitchenAPI
import KitchenControllers
import KitchenTesting

/// The mapping from an HTTP answer to an ``KitchenAPI/AppError``, and what the
/// coordinator makes of it: the coordinator properties feed `AppError` values in
/// directly, so this is where status and body are exercised.
public enum AppErrorMappingProperties {
    /// The mapping under test: `AppError.from(status:body:)` unless a test plants another.
    public typealias Mapping = @Sendable (_ status: Int, _ body: Data) -> AppError

    /// The reference, from API.md: a known code decides (it is more specific than
    /// the status), else the status; the message is the body's, or empty.
    public static func expectedError(_ answer: ErrorAnswer) -> AppError {
        let message: String = switch answer.body {
        case .coded(_, let message), .messageOnly(let message): message
        case .empty, .notJSON, .numericCode: ""
        }
        switch answer.code {
        case "bad_request": return .badRequest(message: message)
        case "invalid_value": return .invalidValue(message: message)
        case "unauthorized": return .unauthorized
        case "not_found": return .notFound
        case "conflict": return .conflict
        case "payload_too_large": return .payloadTooLarge
        default: break
        }
        return switch answer.status {
        case 400: .badRequest(message: message)
        case 401: .unauthorized
        case 404: .notFound
        case 409: .conflict
        case 413: .payloadTooLarge
        default: .server(status: answer.status)
        }
    }

    /// Whether the answer means "sign in again": only a 401 (that no other known
    /// code overrides) or the `unauthorized` code.
    public static func meansReauthentication(_ answer: ErrorAnswer) -> Bool {
        let otherKnownCodes: Set = ["bad_request", "invalid_value", "not_found", "conflict", "payload_too_large"]
        if answer.code == "unauthorized" { return true }
        return answer.status == 401 && !otherKnownCodes.contains(answer.code ?? "")
    }

    /// For any status and body: the mapping gives the reference's error, and
    /// recorded by the session rules it requires re-authentication exactly when
    /// the answer was a 401 or carried the `unauthorized` code.
    public static func statusAndBodyMapAsAPIMdSays(
        _ mapping: @escaping Mapping = { AppError.from(status: $0, body: $1) }
    ) -> ControllerProperty<ErrorAnswer> {
        ControllerProperty(name: "errors: status and body → AppError", generator: ErrorAnswer.generator) { answer in
            let error = mapping(answer.status, answer.bodyData)
            var session = SessionState()
            session.record(error)
            try expectEqual(session.requiresReauth, meansReauthentication(answer), "requires re-authentication")
            try expectEqual(error, expectedError(answer), "the app error")
        }
    }
}
