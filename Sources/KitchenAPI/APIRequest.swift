import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HarnessCore

/// One REST call before it meets a base URL and a token: the operation, the
/// device it addresses, its query and its encoded JSON body. Every operation
/// of ``APIService`` goes through this one type, so headers, paths and
/// encoding are decided in one place.
struct APIRequest {
    var operation: APIOperation
    var deviceId: String?
    var query: [(name: String, value: String)] = []
    var body: Data?

    init(_ operation: APIOperation, deviceId: String? = nil, query: [(name: String, value: String)] = []) {
        self.operation = operation
        self.deviceId = deviceId
        self.query = query
    }

    /// A request with `body` encoded by ``KitchenJSON`` (optional fields left out when nil).
    init(_ operation: APIOperation, deviceId: String? = nil, body: some Encodable) throws(AppError) {
        self.init(operation, deviceId: deviceId)
        do {
            self.body = try KitchenJSON.makeEncoder().encode(body)
        } catch {
            throw AppError.badRequest(message: "The request body could not be encoded: \(error)")
        }
    }

    /// The `User-Agent` the client sends.
    static let userAgent = "KitchenAPI/1"

    /// The `URLRequest` against `baseURL` (scheme, host, port and an optional
    /// path prefix), with the bearer `token` when the route needs one.
    func urlRequest(baseURL: URL, token: String?) -> URLRequest {
        var request = URLRequest(url: url(baseURL: baseURL))
        request.httpMethod = operation.method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        // Our own name, not the transport's default (which names the process and libcurl's version).
        request.setValue(Self.userAgent, forHTTPHeaderField: "User-Agent")
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = body
        }
        if operation.requiresAuthorization, let token {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        return request
    }

    func url(baseURL: URL) -> URL {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        var path = operation.pathTemplate
        if let deviceId {
            path = path.replacingOccurrences(of: "{deviceId}", with: Self.pathSegment(deviceId))
        }
        precondition(!path.contains("{"), "\(operation) needs a device id")
        text += path
        if !query.isEmpty {
            text += "?" + query.map { "\(PercentEncoding.encode($0.name))=\(PercentEncoding.encode($0.value))" }
                .joined(separator: "&")
        }
        // Every byte outside RFC 3986's unreserved set is escaped above, so the text is a valid URL.
        guard let url = URL(string: text) else { preconditionFailure("Invalid URL built from \(baseURL): \(text)") }
        return url
    }

    /// One path segment. A segment of only `.` or `..` would be removed by
    /// dot-segment normalization (RFC 3986 §5.2.4), so its dots are escaped too.
    static func pathSegment(_ text: String) -> String {
        text == "." || text == ".." ? String(repeating: "%2E", count: text.count) : PercentEncoding.encode(text)
    }
}

// The JSON bodies of API.md, one per shape. Optional members are omitted when
// nil by the synthesized `encode(to:)` (`compartment?` in the contract).

struct LoginBody: Encodable {
    var username: String
    var password: String
}

/// Oven and ice maker power: `{"isOn": bool, "compartment"?: K}`.
struct PowerBody: Encodable {
    var isOn: Bool
    var compartment: String?
}

struct OvenTemperatureBody: Encodable {
    var targetTemperature: Int
    var compartment: String?
}

struct OvenModeBody: Encodable {
    var mode: String
    var compartment: String?
}

/// Fridge and freezer: `{"temperature": int}`.
struct TemperatureBody: Encodable {
    var temperature: Int
}

struct CycleBody: Encodable {
    var cycle: String
}

struct RateBody: Encodable {
    var rate: String
}
