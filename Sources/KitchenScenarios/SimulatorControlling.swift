import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HarnessCore
import KitchenAPI

/// The simulator's controls, as the scenarios need them (a real server has none).
public protocol SimulatorControlling: Sendable {
    /// Runs `ticks` ticks of the manual clock.
    func advance(ticks: Int) async throws
    /// Opens or closes a fridge door.
    func setFridgeDoor(deviceID: String, open: Bool) async throws
    /// Expires the live tokens of `username`.
    func expireTokens(of username: String) async throws
    /// Drops `username`'s live-update sockets without a close frame.
    func dropWebSockets(of username: String) async throws
}

/// The controls over HTTP (`/_sim/…` on a simulator started with `--controls`).
/// Sent straight to the simulator, not through the recorder: they are not part of the API.
public struct HTTPSimulatorControls: SimulatorControlling {
    public let baseURL: URL
    public let transport: any HTTPTransport

    public init(baseURL: URL, transport: any HTTPTransport = URLSession(configuration: .ephemeral)) {
        self.baseURL = baseURL
        self.transport = transport
    }

    public func advance(ticks: Int) async throws { try await post("clock/advance", ["ticks": .int(ticks)]) }

    public func setFridgeDoor(deviceID: String, open: Bool) async throws {
        try await post("fridge/door", ["deviceId": .string(deviceID), "open": .bool(open)])
    }

    public func expireTokens(of username: String) async throws { try await post("tokens/expire", ["username": .string(username)]) }

    public func dropWebSockets(of username: String) async throws { try await post("websockets/drop", ["username": .string(username)]) }

    private func post(_ path: String, _ body: JSONValue) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("_sim").appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(JSONSerializer.bytes(body))
        let (data, response) = try await transport.send(request)
        guard (200..<300).contains(response.statusCode) else {
            throw ScenarioError.controlFailed(path: path, status: response.statusCode, body: String(decoding: data, as: UTF8.self))
        }
    }
}

/// Controls that do nothing: for replaying a recorded scenario, where the recording already
/// holds what the controls caused.
public struct InertSimulatorControls: SimulatorControlling {
    public init() {}
    public func advance(ticks: Int) async throws {}
    public func setFridgeDoor(deviceID: String, open: Bool) async throws {}
    public func expireTokens(of username: String) async throws {}
    public func dropWebSockets(of username: String) async throws {}
}
