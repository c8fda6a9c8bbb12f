import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HarnessCore

/// One REST call before it meets a base URL and a token: the operation, the
/// device it addresses, its query and its encoded JSON body. Every call of
/// ``APIService`` goes through this one type, so headers, paths and
/// encoding are decided in one place.
struct APIRequest {
    var operation: APIOperation
    var deviceId: String?
    var query: [(name: String, value: String)] = []
    var body: Data?

    /// The request that makes `call`: API.md's route, and its body encoded by ``KitchenJSON``.
    init(_ call: APICall) throws(AppError) {
        operation = call.operation
        var body: RequestBody?
        switch call {
        case .login(let username, let password):
            body = RequestBody(username: username, password: password)
        case .logout, .fetchDevices:
            break
        case .getOvenState(let deviceId, let compartment):
            self.deviceId = deviceId
            query = compartment.map { [(name: "compartment", value: $0)] } ?? []
        case .setOvenPower(let deviceId, let compartment, let isOn):
            self.deviceId = deviceId
            body = RequestBody(isOn: isOn, compartment: compartment)
        case .setOvenTemperature(let deviceId, let compartment, let temperature):
            self.deviceId = deviceId
            body = RequestBody(targetTemperature: temperature, compartment: compartment)
        case .setOvenMode(let deviceId, let compartment, let mode):
            self.deviceId = deviceId
            body = RequestBody(mode: mode, compartment: compartment)
        case .setFridgeTemperature(let deviceId, let temperature), .setFreezerTemperature(let deviceId, let temperature):
            self.deviceId = deviceId
            body = RequestBody(temperature: temperature)
        case .getFridgeState(let deviceId), .getDishwasherState(let deviceId), .stopDishwasher(let deviceId),
            .getIceMakerState(let deviceId):
            self.deviceId = deviceId
        case .startDishwasher(let deviceId, let cycle):
            self.deviceId = deviceId
            body = RequestBody(cycle: cycle)
        case .setIceMakerPower(let deviceId, let isOn):
            self.deviceId = deviceId
            body = RequestBody(isOn: isOn)
        case .setIceMakerRate(let deviceId, let rate):
            self.deviceId = deviceId
            body = RequestBody(rate: rate)
        }
        guard let body else { return }
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

/// Every JSON body of API.md, one member per field any of them has. The synthesized
/// `encode(to:)` leaves out the members that are nil, so each call sends exactly its own
/// fields (`compartment?` in the contract is left out for a single oven).
private struct RequestBody: Encodable {
    var username: String?
    var password: String?
    var isOn: Bool?
    var targetTemperature: Int?
    var temperature: Int?
    var mode: String?
    var cycle: String?
    var rate: String?
    var compartment: String?
}
