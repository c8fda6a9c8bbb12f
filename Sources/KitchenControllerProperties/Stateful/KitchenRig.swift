import Foundation
import KitchenAPI
import KitchenControllers
import KitchenReproduce
import VirtualTime

/// The whole coordinator wired to a ``ModelKitchenAPI`` and a
/// ``VirtualLiveUpdates`` source that behaves like the server's socket: a snapshot
/// after every (re)connection, a message for every server-side change.
@MainActor
public final class KitchenRig: CoordinatorRig<ModelKitchenAPI> {
    /// API calls made by the initial load.
    public private(set) var callsAtLoad = 0
    private var streamsServed = 0
    private let stop: @MainActor (DeviceViewModel) -> Void

    /// A rig over the standard kitchen, not yet loaded. `stop` is what leaving
    /// the screen does (`DeviceViewModel.stop()` unless a test plants a broken one).
    public init(configuration: ControllerConfiguration, stop: @escaping @MainActor (DeviceViewModel) -> Void = { $0.stop() }) {
        self.stop = stop
        super.init(api: { ModelKitchenAPI(kitchen: .standard(at: $0.startDate), clock: $0) }, configuration: configuration)
    }

    /// Loads the devices and serves the first connection.
    public func start() async throws {
        await devices.load()
        callsAtLoad = api.calls.count
        try await serveNewConnections()
    }

    /// API calls since the load.
    public var callsSinceLoad: Int { api.calls.count - callsAtLoad }

    /// Performs one action the way the user, the server or time would.
    public func perform(_ action: KitchenAction) async throws {
        let oven = KitchenExpectation.oven
        switch action {
        case .wait(let duration):
            try await clock.advance(by: duration)
        case .slide(let value, let index):
            let key = KitchenExpectation.ovens[index]
            devices.oven.setTemperature(value, deviceId: key.deviceId, compartment: key.compartment)
        case .serverSetsTarget(let value, let index):
            let key = KitchenExpectation.ovens[index]
            serverChanges(key) { (try? $0.setOvenTemperature(key, to: value, at: $1)).map(DeviceUpdate.oven) }
        case .strayMessage(let kind):
            let date = clock.currentDate
            switch kind % 3 {
            case 0: webSocket.push(.unreadable("keyPath: deviceId: expected a string"))
            case 1: webSocket.push(.message(StateMessage(deviceId: "oven-9", sentAt: date, update: .oven(.defaultOvenState))))
            default: webSocket.push(.message(StateMessage(deviceId: oven.deviceId, sentAt: date,
                                                          update: .fridge(.defaultFridgeState))))
            }
        case .toggleOven:
            await devices.oven.togglePower(deviceId: oven.deviceId, compartment: oven.compartment)
        case .startDishwasher(let cycle):
            await devices.dishwasher.start(cycle: cycle, deviceId: KitchenExpectation.dishwasherId)
        case .stopDishwasher:
            await devices.dishwasher.stop(deviceId: KitchenExpectation.dishwasherId)
        case .runDishwasher(let minutes):
            let id = KitchenExpectation.dishwasherId
            serverChanges(DeviceKey(deviceId: id)) { $0.runDishwasher(id, minutes: minutes, at: $1).map(DeviceUpdate.dishwasher) }
        case .door(let open):
            let id = KitchenExpectation.fridgeId
            serverChanges(DeviceKey(deviceId: id)) { $0.setDoor(id, open: open, at: $1).map(DeviceUpdate.fridge) }
        case .dropConnection:
            try await reconnect(snapshot: api.kitchen.snapshot(sentAt: clock.currentDate))
        case .expireSession(let closesSocket):
            api.expireSession()
            if closesSocket { webSocket.push(.unauthorized) }
        case .login(let correct):
            await devices.login(username: "demo", password: correct ? "demo" : "wrong")
        case .stop:
            stop(devices)
        }
        try await clock.settle()
        try await serveNewConnections()
    }

    /// Answers each stream the coordinator opened since the last look with an
    /// open connection and a snapshot, as the server does right after an upgrade.
    /// The server changes `device` in the kitchen by `change` (given the current date) and, when
    /// something changed, sends the new state on the live socket.
    private func serverChanges(_ device: DeviceKey, _ change: (inout KitchenModel, Date) -> DeviceUpdate?) {
        let date = clock.currentDate
        guard let update = api.updateKitchen({ change(&$0, date) }) else { return }
        webSocket.push(.message(StateMessage(deviceId: device.deviceId, compartment: device.compartment, sentAt: date,
                                             update: update)))
    }

    private func serveNewConnections() async throws {
        while streamsServed < webSocket.streamCount {
            streamsServed += 1
            webSocket.push([.connected(attempt: 0)]
                           + api.kitchen.snapshot(sentAt: clock.currentDate).map(LiveEvent.message))
            try await clock.settle()
        }
    }
}
