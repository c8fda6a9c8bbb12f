import HarnessCore
import HTTPWire

/// An answer decided under the world lock and turned into bytes after it is released.
struct APIReply: Sendable {
    let status: Int
    let body: JSONValue?
    let now: Int64
    let isUnauthorized: Bool

    static func ok(_ body: JSONValue, now: Int64) -> APIReply { APIReply(status: 200, body: body, now: now, isUnauthorized: false) }
    static func error(_ error: APIError, now: Int64) -> APIReply {
        APIReply(status: error.status, body: error.json, now: now, isUnauthorized: error.status == 401)
    }
    static func noContent(now: Int64) -> APIReply { APIReply(status: 204, body: nil, now: now, isUnauthorized: false) }

    var response: HTTPResponse {
        guard let body else { return Replies.noContent(now: now) }
        var response = Replies.json(status, body, now: now)
        if isUnauthorized { response.headers.add("WWW-Authenticate", "Bearer") }
        return response
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
