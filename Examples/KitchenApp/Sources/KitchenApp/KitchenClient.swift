import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app's own client for the Smart Kitchen API, on `URLSession.shared` unless told otherwise.
///
/// ```swift
/// let client = KitchenClient()
/// let token = try await client.signIn(username: "demo", password: "demo")
/// let devices = try await client.devices(token: token)
/// ```
public struct KitchenClient: Sendable {
    public var baseURL: URL
    public var session: URLSession

    /// The production server.
    public static let production = URL(string: "https://api.smartkitchen.example")!

    public init(baseURL: URL = KitchenClient.production, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    /// Signs in and returns the bearer token.
    public func signIn(username: String, password: String) async throws -> String {
        var request = URLRequest(url: baseURL.appendingPathComponent("auth/login"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONEncoder().encode(["username": username, "password": password])
        return try await send(request, as: SignIn.self).token
    }

    /// Every device of the signed-in user.
    public func devices(token: String) async throws -> [Device] {
        try await send(authorized(baseURL.appendingPathComponent("devices"), token: token), as: [Device].self)
    }

    /// One oven's state.
    public func oven(id: String, token: String) async throws -> Oven {
        try await send(authorized(baseURL.appendingPathComponent("devices/\(id)/oven"), token: token), as: Oven.self)
    }

    private func authorized(_ url: URL, token: String) -> URLRequest {
        var request = URLRequest(url: url)
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }

    private func send<Value: Decodable>(_ request: URLRequest, as type: Value.Type) async throws -> Value {
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw KitchenClientError(status: status, body: String(decoding: data, as: UTF8.self))
        }
        return try JSONDecoder().decode(Value.self, from: data)
    }

    private struct SignIn: Decodable {
        let token: String
    }
}

/// A response outside 2xx.
public struct KitchenClientError: Error, Sendable, CustomStringConvertible {
    public let status: Int
    public let body: String
    public var description: String { "HTTP \(status): \(body)" }
}
