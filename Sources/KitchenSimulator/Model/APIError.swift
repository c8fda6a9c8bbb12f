import HarnessCore
import HTTPWire

/// An error the API answers with: a status and the body `{"error": CODE, "message": TEXT}`; the
/// in-process controls throw the same error the HTTP controls answer with.
public struct APIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status, e.g. 409.
    public let status: Int
    /// The `error` code of the body, e.g. `conflict`.
    public let code: String
    /// The `message` of the body.
    public let message: String

    static func badRequest(_ message: String) -> APIError { APIError(status: 400, code: "bad_request", message: message) }
    static func invalidValue(_ message: String) -> APIError { APIError(status: 400, code: "invalid_value", message: message) }
    static let unauthorized = APIError(status: 401, code: "unauthorized", message: "missing, unknown, revoked or expired token")
    static let badCredentials = APIError(status: 401, code: "unauthorized", message: "wrong username or password")
    static let notFound = APIError(status: 404, code: "not_found", message: "not found")
    static func methodNotAllowed(_ method: String) -> APIError {
        APIError(status: 405, code: "method_not_allowed", message: "\(method) is not allowed here")
    }
    static func conflict(_ message: String) -> APIError { APIError(status: 409, code: "conflict", message: message) }
    static let payloadTooLarge = APIError(status: 413, code: "payload_too_large", message: "request body over 64 KiB")
    static func `internal`(_ message: String) -> APIError { APIError(status: 500, code: "internal", message: message) }

    /// The error for a request the HTTP layer refused (malformed, or over a limit).
    static func from(_ error: HTTPParseError) -> APIError {
        switch error {
        case .bodyTooLarge: .payloadTooLarge
        default:
            error.status.code >= 500
                ? APIError(status: error.status.code, code: "internal", message: error.description)
                : APIError(status: error.status.code, code: "bad_request", message: error.description)
        }
    }

    var json: JSONValue { ["error": .string(code), "message": .string(message)] }

    /// `409 conflict: the clock is not manual; start with --tick manual`.
    public var description: String { "\(status) \(code): \(message)" }
}

/// An API error (status, code, message) reported by an in-process control.
public typealias APIErrorDescription = APIError
