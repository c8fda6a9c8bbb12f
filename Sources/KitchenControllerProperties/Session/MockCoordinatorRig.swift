import KitchenAPI
import KitchenControllers
import KitchenReproduce
import VirtualTime

/// A ``KitchenControllers/DeviceViewModel`` wired to a ``KitchenAPI/MockAPIService``, a
/// ``VirtualLiveUpdates``, a token store and a ``VirtualTime/VirtualClock``,
/// loaded and connected: the shell the coordinator and dishwasher properties drive.
@MainActor
public final class MockCoordinatorRig {
    /// The clock.
    public let clock = VirtualClock()
    /// The API.
    public let api = MockAPIService()
    /// The live-update source.
    public let webSocket: VirtualLiveUpdates
    /// Telemetry, in order.
    public let telemetry = RecordingTelemetryService()
    /// The coordinator under test.
    public let devices: DeviceViewModel

    /// A rig whose API lists `devices`; ``start()`` loads and connects it.
    public init(devices list: [DeviceInfo] = DeviceInfo.defaultDevices, configuration: ControllerConfiguration) {
        webSocket = VirtualLiveUpdates(clock: clock)
        api.fetchDevicesStub.result = .success(list)
        devices = DeviceViewModel(
            api: api, webSocket: webSocket, tokenStore: InMemoryTokenStore(token: "mock-token"),
            telemetry: telemetry, clock: clock, configuration: configuration)
    }

    /// Loads the devices and opens the live updates.
    public func start() async throws {
        await devices.load()
        webSocket.push(.connected(attempt: 0))
        try await clock.settle()
    }

    /// Delivers live events and waits until the coordinator has handled them.
    public func push(_ events: [LiveEvent]) async throws {
        webSocket.push(events)
        try await clock.settle()
    }

    /// A dropped connection that the service reconnects, then `snapshot`.
    public func reconnect(snapshot: [StateMessage]) async throws {
        try await push([.disconnected(code: nil, reason: "connection reset"),
                        .reconnecting(attempt: 1, delay: .milliseconds(500)), .connected(attempt: 1)]
                       + snapshot.map(LiveEvent.message))
    }

    /// Ends live updates and checks that no timer is left.
    public func finish() async throws {
        devices.stop()
        try await clock.run()
        try clock.expectNoPendingSleepers()
    }
}
