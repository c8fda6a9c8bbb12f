import Foundation
import KitchenTesting

/// A generated non-2xx answer: a status and a body of one of the shapes a
/// server (or a proxy in front of it) sends.
public struct ErrorAnswer: Hashable, Sendable, CustomStringConvertible {
    /// The body's shape.
    public enum Body: Hashable, Sendable {
        /// API.md's `{"error": CODE, "message": TEXT}`, with any code (known or not).
        case coded(code: String, message: String)
        /// `{"message": TEXT}`: no code.
        case messageOnly(String)
        /// No body at all.
        case empty
        /// Not JSON (a proxy's HTML page).
        case notJSON
        /// JSON whose `error` is a number, not a code.
        case numericCode(Int)
    }

    /// The HTTP status.
    public var status: Int
    /// The body.
    public var body: Body

    /// The body's bytes.
    public var bodyData: Data {
        switch body {
        case .coded(let code, let message): Data(#"{"error":"\#(code)","message":"\#(message)","requestId":"r-1"}"#.utf8)
        case .messageOnly(let message): Data(#"{"message":"\#(message)"}"#.utf8)
        case .empty: Data()
        case .notJSON: Data("<html><body>502 Bad Gateway</body></html>".utf8)
        case .numericCode(let code): Data(#"{"error":\#(code),"message":"numeric"}"#.utf8)
        }
    }

    /// The body's code, when it has one.
    public var code: String? {
        if case .coded(let code, _) = body { code } else { nil }
    }

    /// E.g. `401 {"error":"unauthorized","message":""}`.
    public var description: String {
        "\(status) " + (body == .empty ? "(no body)" : String(decoding: bodyData, as: UTF8.self))
    }

    /// API.md's codes, codes it does not list (or spells otherwise), for statuses
    /// that match them or not.
    public static let codes = [
        "bad_request", "invalid_value", "unauthorized", "not_found", "method_not_allowed", "conflict",
        "payload_too_large", "internal", "forbidden", "UNAUTHORIZED", "token_expired", "",
    ]

    /// Statuses API.md names, others a server or proxy sends, and any 4xx or 5xx.
    public static let statuses: Gen<Int> = Gen.frequency([
        (weight: 3, generator: Gen.element(of: [400, 401, 403, 404, 405, 407, 409, 413, 419, 429, 440, 500, 502, 503])),
        (weight: 1, generator: Gen.int(in: 400...599)),
    ])

    /// Any answer.
    public static let generator: Gen<ErrorAnswer> = Gen.zip(
        statuses, Gen.element(of: Array(0..<5)), Gen.element(of: codes),
        Gen.element(of: ["", "targetTemperature must be 170…550", "token expired"]), Gen.int(in: 400...599)
    ).map { status, shape, code, message, number in
        let body: Body = switch shape {
        case 0, 1: .coded(code: code, message: message)
        case 2: .messageOnly(message)
        case 3: .empty
        default: number % 2 == 0 ? .notJSON : .numericCode(number)
        }
        return ErrorAnswer(status: status, body: body)
    }
}
