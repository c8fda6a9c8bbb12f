import Foundation
import HarnessCore
import KitchenAPI
import KitchenSimulator
import Synchronization
import KitchenTestSupport

/// A simulator on a free port (manual clock, controls on) and clients pointed at it.
final class LiveSimulator: Sendable {
    let running: RunningSimulator
    var simulator: Simulator { running.simulator }
    var baseURL: URL { running.baseURL }

    init(tokenTTLSeconds: Int = 3600) throws {
        var configuration = SimulatorConfiguration.forTests
        configuration.tokenTTLSeconds = tokenTTLSeconds
        running = try RunningSimulator(configuration)
    }

    /// A real client with its own token store.
    func client() -> APIService { APIService(baseURL: baseURL) }

    /// A client already logged in as `user`.
    func loggedIn(_ user: String = "demo") async throws -> (APIService, [DeviceInfo]) {
        let api = client()
        _ = try await api.login(username: user, password: user)
        return (api, try await api.fetchDevices())
    }

    /// The real WebSocket service over HTTPWire, with a clock that does not wait.
    func liveUpdates(policy: ReconnectPolicy = ReconnectPolicy()) -> (WebSocketService, InstantClock) {
        let clock = InstantClock()
        let service = WebSocketService(baseURL: baseURL, connector: HTTPWireWebSocketConnector(), policy: policy,
                                       clock: clock, random: SeededGenerator(seed: 1))
        return (service, clock)
    }
}

extension Array where Element == DeviceInfo {
    func first(_ kind: DeviceKind, double: Bool? = nil) -> DeviceInfo {
        first { $0.type == kind && (double == nil || $0.isDoubleOven == double!) }!
    }
}

/// Collects the first `count` events of a live-update stream.
func collect(_ stream: AsyncStream<LiveEvent>, count: Int, until stop: (LiveEvent) -> Bool = { _ in false }) async -> [LiveEvent] {
    var events: [LiveEvent] = []
    for await event in stream {
        events.append(event)
        if events.count == count || stop(event) { break }
    }
    return events
}
