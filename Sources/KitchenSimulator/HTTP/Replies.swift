import HarnessCore
import HTTPWire

/// An answer decided under the world lock and turned into bytes after it is released.
enum APIReply: Sendable {
    case ok(JSONValue, now: Int64)
    case error(APIError, now: Int64)
    case noContent(now: Int64)

    var response: HTTPResponse {
        switch self {
        case .ok(let body, let now): Replies.json(200, body, now: now)
        case .error(let error, let now): Replies.error(error, now: now)
        case .noContent(let now): Replies.noContent(now: now)
        }
    }
}

/// Responses in the API's shape: JSON bodies and a `Date` from the simulation clock.
enum Replies {
    static func json(_ status: Int, _ value: JSONValue, now: Int64) -> HTTPResponse {
        HTTPResponse(status: HTTPStatus(status),
                     headers: ["Content-Type": "application/json", "Date": HTTPDate.format(millisecondsSince1970: now)],
                     body: JSONSerializer.bytes(value))
    }

    static func error(_ error: APIError, now: Int64) -> HTTPResponse {
        var response = json(error.status, error.json, now: now)
        // RFC 6750 §3: a 401 for a bearer-protected resource names the scheme.
        if error.status == 401 { response.headers.add("WWW-Authenticate", "Bearer") }
        return response
    }

    static func noContent(now: Int64) -> HTTPResponse {
        HTTPResponse(status: .noContent, headers: ["Date": HTTPDate.format(millisecondsSince1970: now)])
    }
}
