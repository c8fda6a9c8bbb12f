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

    /// One error API.md documents: its code, the status it is sent with, and the app error that
    /// stands for it (`nil`: none of its own, a server error).
    struct DocumentedError: Sendable {
        var code: String
        var status: Int
        var appError: (@Sendable (_ message: String) -> AppError)?
    }

    /// API.md, "Conventions": "Errors always have the body `{"error": CODE, "message": TEXT}`
    /// with CODE one of" these, in the document's order, each with the status the document
    /// gives it; beside each, the `AppError` case that names that code or status. Transcribed
    /// from the document, not from `AppError.from(status:body:)`, so a wrong row there shows.
    static let documentedErrors: [DocumentedError] = [
        DocumentedError(code: "bad_request", status: 400) { .badRequest(message: $0) },
        DocumentedError(code: "invalid_value", status: 400) { .invalidValue(message: $0) },
        DocumentedError(code: "unauthorized", status: 401) { _ in .unauthorized },
        DocumentedError(code: "not_found", status: 404) { _ in .notFound },
        DocumentedError(code: "method_not_allowed", status: 405, appError: nil),
        DocumentedError(code: "conflict", status: 409) { _ in .conflict },
        DocumentedError(code: "payload_too_large", status: 413) { _ in .payloadTooLarge },
        DocumentedError(code: "internal", status: 500, appError: nil),
    ]

    /// The documented error an answer means: the body's code when it is documented with an app
    /// error of its own (a code is more specific than the status); otherwise the first error
    /// documented for the status (a 400 without a code is `bad_request`: `invalid_value` needs
    /// its code); `nil` for a status API.md gives no code.
    static func meaning(of answer: ErrorAnswer) -> DocumentedError? {
        if let byCode = documentedErrors.first(where: { $0.code == answer.code }), byCode.appError != nil { return byCode }
        return documentedErrors.first { $0.status == answer.status }
    }

    /// The reference, from API.md: the app error of what the answer means (``meaning(of:)``), or
    /// `server(status:)`; the message is the body's, or empty.
    public static func expectedError(_ answer: ErrorAnswer) -> AppError {
        let message: String = switch answer.body {
        case .coded(_, let message), .messageOnly(let message): message
        case .empty, .notJSON, .numericCode: ""
        }
        return meaning(of: answer)?.appError?(message) ?? .server(status: answer.status)
    }

    /// Whether the answer means "sign in again": API.md, "Auth": "A missing, unknown, revoked or
    /// expired token gets 401", the documented `unauthorized`. So: the `unauthorized` code, or a
    /// 401 whose body names no other documented code with an app error of its own.
    public static func meansReauthentication(_ answer: ErrorAnswer) -> Bool {
        meaning(of: answer)?.code == "unauthorized"
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
