import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension AppError {
    /// The error for a non-2xx answer. The body's `{"error": CODE, "message": TEXT}`
    /// decides when CODE is known (it is more specific than the status);
    /// otherwise the status does: 400 → `badRequest`, 401 → `unauthorized`,
    /// 404 → `notFound`, 409 → `conflict`, 413 → `payloadTooLarge`, else `server(status:)`.
    public static func from(status: Int, body: Data) -> AppError {
        let errorBody = try? JSONDecoder().decode(ErrorBody.self, from: body)
        let known = codedErrors.first { $0.code == errorBody?.error } ?? codedErrors.first { $0.status == status }
        return known?.error(errorBody?.message ?? "") ?? .server(status: status)
    }

    /// API.md's error codes that have a case of their own, with the status each is sent with; a
    /// status's first row is what it means without a code. (`method_not_allowed` and `internal`
    /// have no case of their own.)
    private static let codedErrors: [(code: String, status: Int, error: @Sendable (_ message: String) -> AppError)] = [
        ("bad_request", 400, { .badRequest(message: $0) }),
        ("invalid_value", 400, { .invalidValue(message: $0) }),
        ("unauthorized", 401, { _ in .unauthorized }),
        ("not_found", 404, { _ in .notFound }),
        ("conflict", 409, { _ in .conflict }),
        ("payload_too_large", 413, { _ in .payloadTooLarge }),
    ]

    /// The app error for anything thrown, or `nil` for a cancellation
    /// (`CancellationError`, `URLError(.cancelled)`): a cancelled task is the
    /// user moving on, never something to show.
    public static func from(_ error: any Error) -> AppError? {
        switch error {
        case is CancellationError:
            return nil
        case let appError as AppError:
            return appError
        case let urlError as URLError:
            if urlError.code == .cancelled { return nil }
            return .transport(description: describe(urlError))
        case let decodingError as DecodingError:
            let summary = DecodingErrorSummary(decodingError)
            return .decoding(path: summary.path, description: summary.description)
        case let connectError as WebSocketConnectError:
            switch connectError {
            case .unauthorized: return .unauthorized
            case .failed(let reason): return .transport(description: reason)
            }
        default:
            return .transport(description: String(describing: error))
        }
    }

    /// The error for a closed WebSocket, or `nil` for a normal closure
    /// (1000, 1001). Close code 4001 is the server revoking the session (API.md).
    public static func fromWebSocketClose(code: Int?, reason: String) -> AppError? {
        switch code {
        case 4001: return .unauthorized
        case 1000, 1001: return nil
        default:
            let codeText = code.map(String.init) ?? "no code"
            return .transport(description: "WebSocket closed (\(codeText))" + (reason.isEmpty ? "" : ": \(reason)"))
        }
    }

    static func describe(_ error: URLError) -> String {
        "URLError \(error.code.rawValue): \(error.localizedDescription)"
    }
}

/// The API's error body. Unknown extra fields are ignored.
private struct ErrorBody: Decodable {
    var error: String?
    var message: String?
}

/// A `DecodingError` flattened to a dotted path and a sentence, shared by
/// ``AppError/decoding(path:description:)`` and malformed WebSocket frames.
struct DecodingErrorSummary {
    var path: String
    var description: String

    init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            // The missing key is the interesting part of the path.
            self.init(path: context.codingPath + [key], description: context.debugDescription)
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            self.init(path: context.codingPath, description: context.debugDescription)
        @unknown default:
            self.init(path: [], description: String(describing: error))
        }
    }

    private init(path: [any CodingKey], description: String) {
        self.path = path.map { key in key.intValue.map(String.init) ?? key.stringValue }.joined(separator: ".")
        self.description = description
    }

    /// `path: description`, or just the description at the top level.
    var text: String { path.isEmpty ? description : "\(path): \(description)" }
}
