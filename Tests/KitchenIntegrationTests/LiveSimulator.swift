import Foundation
import HarnessCore
import KitchenAPI
import KitchenSimulator
import Synchronization

/// A simulator on a free port (manual clock, controls on) and clients pointed at it.
final class LiveSimulator: Sendable {
    let simulator: Simulator
    let baseURL: URL

    init(tokenTTLSeconds: Int = 3600) throws {
        simulator = Simulator(configuration: SimulatorConfiguration(
            port: 0, manualClock: true, tokenTTLSeconds: tokenTTLSeconds, controlsEnabled: true,
            householdDoorOpeningsPerHour: 0))
        try simulator.start()
        baseURL = URL(string: simulator.baseURL!)!
    }

    deinit { simulator.stop() }

    /// A real client with its own token store.
    func client() -> APIService { APIService(baseURL: baseURL) }

    /// A client already logged in as `user`.
    func loggedIn(_ user: String = "demo") async throws -> (APIService, [DeviceInfo]) {
        let api = client()
        _ = try await api.login(username: user, password: user)
        return (api, try await api.fetchDevices())
    }

    /// The real WebSocket service over HTTPWire, with a clock that does not wait.
    func liveUpdates(policy: ReconnectPolicy = ReconnectPolicy()) -> (WebSocketService, ImmediateClock) {
        let clock = ImmediateClock()
        let service = WebSocketService(baseURL: baseURL, connector: HTTPWireWebSocketConnector(), policy: policy,
                                       clock: clock, random: SeededGenerator(seed: 1))
        return (service, clock)
    }
}

/// A clock whose sleeps return at once and are remembered (the backoff is asserted, not waited for).
final class ImmediateClock: SchedulingClock {
    private let requested = Mutex<[Duration]>([])
    var currentDate: Date { Date(timeIntervalSince1970: 1_795_168_800) }
    var sleeps: [Duration] { requested.withLock { $0 } }

    // fake clock.sleep: records the duration and returns without waiting.
    nonisolated(nonsending) func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        requested.withLock { $0.append(duration) }
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
