/// The one error type the app's API layer throws and the controllers show.
///
/// Build it with ``from(status:body:)`` for an HTTP answer, ``from(_:)`` for
/// any thrown error (which returns `nil` for a cancellation), or
/// ``fromWebSocketClose(code:reason:)`` for a closed socket.
///
/// ```swift
/// do { try await api.setOvenTemperature(deviceId: id, temperature: 900) }
/// catch { if let appError = AppError.from(error) { self.error = appError } }
/// ```
public enum AppError: Error, Equatable, Hashable, Sendable {
    /// 401: the token is missing, unknown, revoked or expired (or the socket closed with 4001).
    case unauthorized
    /// 404: no such device for this user, or a route for another device type.
    case notFound
    /// 409: the command conflicts with the device's state (a dishwasher already running).
    case conflict
    /// 400 `invalid_value`: out of range or an unknown enum value; `message` is the server's.
    case invalidValue(message: String)
    /// 400 `bad_request`: malformed JSON, a missing field or a wrong type.
    case badRequest(message: String)
    /// 413: the request body was over the server's limit.
    case payloadTooLarge
    /// Any other failure status (405, 500, 503 …).
    case server(status: Int)
    /// The request never got an HTTP answer (no connection, timeout, TLS …).
    case transport(description: String)
    /// A 2xx answer whose body did not have the expected shape; `path` is
    /// the dotted coding path (`state.targetTemperature`, `0.type`).
    case decoding(path: String, description: String)

    /// Whether the user has to sign in again.
    public var isUnauthorized: Bool { self == .unauthorized }

    /// A sentence to show the user.
    public var message: String {
        switch self {
        case .unauthorized:
            "Your session has ended. Please sign in again."
        case .notFound:
            "That appliance could not be found."
        case .conflict:
            "The appliance is busy. Try again when it has finished."
        case .invalidValue(let message):
            message.isEmpty ? "That value is not allowed." : message
        case .badRequest(let message):
            message.isEmpty ? "The request could not be understood." : message
        case .payloadTooLarge:
            "The request was too large."
        case .server(let status):
            "The kitchen service had a problem (HTTP \(status)). Please try again."
        case .transport:
            "Could not reach the kitchen service. Check your connection."
        case .decoding:
            "The kitchen service sent an answer this app cannot read."
        }
    }
}

extension AppError: CustomStringConvertible {
    /// A developer-facing description with the technical detail.
    public var description: String {
        switch self {
        case .unauthorized: "unauthorized"
        case .notFound: "notFound"
        case .conflict: "conflict"
        case .invalidValue(let message): "invalidValue(\(message))"
        case .badRequest(let message): "badRequest(\(message))"
        case .payloadTooLarge: "payloadTooLarge"
        case .server(let status): "server(\(status))"
        case .transport(let description): "transport(\(description))"
        case .decoding(let path, let description): "decoding(\(path): \(description))"
        }
    }
}
