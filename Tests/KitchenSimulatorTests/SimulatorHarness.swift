import HarnessCore
import HTTPWire
@testable import KitchenSimulator
import KitchenTestSupport

/// A simulator on a free port with a manual clock and controls, plus a tiny
/// JSON client over HTTPWire for driving it in tests.
final class SimulatorHarness {
    let running: RunningSimulator
    var simulator: Simulator { running.simulator }
    var port: Int { running.port }

    init(_ configure: (inout SimulatorConfiguration) -> Void = { _ in }) throws {
        var configuration = SimulatorConfiguration.forTests
        configure(&configuration)
        running = try RunningSimulator(configuration)
    }

    struct Reply {
        let status: Int
        let headers: HTTPHeaders
        let json: JSONValue?
        let body: [UInt8]

        var errorCode: String? { json?["error"]?.stringValue }
    }

    /// Sends one request on a fresh connection.
    func send(_ method: HTTPMethod, _ target: String, token: String? = nil, body: JSONValue? = nil,
              rawBody: [UInt8]? = nil, headers: HTTPHeaders = [:]) throws -> Reply {
        let connection = try HTTPClientConnection(host: "127.0.0.1", port: port)
        defer { connection.close() }
        var fields = headers
        if let token { fields.add("Authorization", "Bearer \(token)") }
        var bytes: [UInt8] = []
        if let body {
            bytes = JSONSerializer.bytes(body)
            fields.add("Content-Type", "application/json")
        }
        if let rawBody { bytes = rawBody }
        let response = try connection.send(HTTPRequest(method: method, target: target, headers: fields, body: bytes))
        let payload = response.bodyBytes ?? []
        return Reply(status: response.status.code, headers: response.headers,
                     json: payload.isEmpty ? nil : try? JSONValue(parsing: payload), body: payload)
    }

    /// Logs in and returns the token.
    func login(_ user: String = "demo") throws -> String {
        let reply = try send(.post, "/auth/login", body: ["username": .string(user), "password": .string(user)])
        guard reply.status == 200, let token = reply.json?["token"]?.stringValue else {
            throw HarnessError.unexpected("login as \(user) answered \(reply.status)")
        }
        return token
    }

    /// The user's devices, by type (the double oven is `oven` with compartments; the single oven `singleOven`).
    func devices(token: String) throws -> [String: String] {
        let list = try send(.get, "/devices", token: token).json?.arrayValue ?? []
        var byKind: [String: String] = [:]
        for device in list {
            guard let id = device["id"]?.stringValue, let type = device["type"]?.stringValue else { continue }
            let key = type == "oven" && device["compartments"] == nil ? "singleOven" : type
            byKind[key] = id
        }
        return byKind
    }

    /// Opens the live-update socket.
    func openLiveUpdates(token: String, viaQuery: Bool = false) async throws -> WebSocketConnection {
        let connection = try await WebSocketClient.connect(
            host: "127.0.0.1", port: port, target: viaQuery ? "/ws?token=\(token)" : "/ws",
            headers: viaQuery ? [:] : ["Authorization": "Bearer \(token)"])
        // A missing message fails the test within seconds instead of hanging it.
        connection.setReceiveTimeout(.seconds(10))
        return connection
    }
}

enum HarnessError: Error { case unexpected(String) }

extension WebSocketConnection {
    /// The next `count` messages as JSON (a socket read timeout keeps a hung test from hanging).
    func nextMessages(_ count: Int) async -> [JSONValue] {
        var messages: [JSONValue] = []
        for _ in 0..<count {
            guard case .message(.text(let text)) = await receive() else { continue }
            if let message = try? JSONValue(parsing: text) { messages.append(message) }
        }
        return messages
    }
}
