/// An HTTP status code with its reason phrase.
package struct HTTPStatus: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    package var code: Int
    package var reasonPhrase: String

    /// A status with its standard reason phrase (or `reasonPhrase` when given).
    package init(_ code: Int, reasonPhrase: String? = nil) {
        self.code = code
        self.reasonPhrase = reasonPhrase ?? HTTPStatus.standardReason(for: code)
    }

    package init(integerLiteral code: Int) { self.init(code) }

    package static let switchingProtocols = HTTPStatus(101)
    package static let ok = HTTPStatus(200)
    package static let noContent = HTTPStatus(204)
    package static let badRequest = HTTPStatus(400)
    package static let unauthorized = HTTPStatus(401)
    package static let notFound = HTTPStatus(404)
    package static let methodNotAllowed = HTTPStatus(405)
    package static let requestTimeout = HTTPStatus(408)
    package static let conflict = HTTPStatus(409)
    package static let contentTooLarge = HTTPStatus(413)
    package static let uriTooLong = HTTPStatus(414)
    package static let upgradeRequired = HTTPStatus(426)
    package static let requestHeaderFieldsTooLarge = HTTPStatus(431)
    package static let notImplemented = HTTPStatus(501)
    package static let badGateway = HTTPStatus(502)
    package static let serviceUnavailable = HTTPStatus(503)
    package static let httpVersionNotSupported = HTTPStatus(505)

    /// Whether a response with this status never has a body (RFC 9110 §6.4.1: 1xx, 204, 304).
    package var forbidsBody: Bool { (100..<200).contains(code) || code == 204 || code == 304 }

    package var description: String { "\(code) \(reasonPhrase)" }

    static func standardReason(for code: Int) -> String {
        switch code {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 417: "Expectation Failed"
        case 426: "Upgrade Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: ""
        }
    }
}
