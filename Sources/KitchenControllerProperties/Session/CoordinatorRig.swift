import KitchenAPI
import KitchenControllers
import KitchenReproduce
import VirtualTime

/// A ``KitchenControllers/DeviceViewModel`` wired to an API, a ``VirtualLiveUpdates``, a token
/// store and a ``VirtualTime/VirtualClock``: the shell the coordinator, dishwasher and
/// stateful properties drive.
@MainActor
public class CoordinatorRig<API: APIServiceProtocol> {
    /// The clock.
    public let clock = VirtualClock()
    /// The API.
    public let api: API
    /// The live-update source.
    public let webSocket: VirtualLiveUpdates
    /// Telemetry with virtual timestamps.
    public let telemetry: TimedTelemetry
    /// The coordinator under test.
    public let devices: DeviceViewModel

    /// A rig on the API `makeAPI` builds on the rig's clock, not yet loaded.
    public init(api makeAPI: (VirtualClock) -> API, configuration: ControllerConfiguration) {
        api = makeAPI(clock)
        webSocket = VirtualLiveUpdates(clock: clock)
        telemetry = TimedTelemetry(clock: clock)
        devices = DeviceViewModel(
            api: api, webSocket: webSocket, tokenStore: InMemoryTokenStore(token: "mock-token"),
            telemetry: telemetry, clock: clock, configuration: configuration)
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

/// The rig on a ``KitchenAPI/MockAPIService``.
public typealias MockCoordinatorRig = CoordinatorRig<MockAPIService>

extension CoordinatorRig where API == MockAPIService {
    /// A rig whose mock API lists `devices`; ``start()`` loads and connects it.
    public convenience init(devices list: [DeviceInfo] = DeviceInfo.defaultDevices, configuration: ControllerConfiguration) {
        self.init(api: { _ in MockAPIService() }, configuration: configuration)
        api.fetchDevicesStub.result = .success(list)
    }

    /// Loads the devices and opens the live updates.
    public func start() async throws {
        await devices.load()
        try await push([.connected(attempt: 0)])
    }
}
