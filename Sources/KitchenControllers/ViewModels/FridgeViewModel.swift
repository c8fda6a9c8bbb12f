import HarnessCore
import KitchenAPI
import Observation

/// The fridges' state, their temperature commands and the door alert.
///
/// The alert follows a ``DoorAlertMachine`` per fridge: raised (and recorded
/// in telemetry once) when the door has been open for the threshold, counted
/// from the server's `doorOpenedAt` when known; cleared when the door closes.
///
/// ```swift
/// let fridges = FridgeViewModel(api: mock, telemetry: telemetry, clock: clock)
/// fridges.apply(openDoorState, deviceId: "fridge-1", source: .live)
/// try await clock.advance(by: .seconds(60))
/// fridges.isDoorAlertRaised(deviceId: "fridge-1")   // true
/// ```
@MainActor
@Observable
public final class FridgeViewModel: DeviceIDStateController {
    typealias State = FridgeState

    /// The state of every fridge seen so far.
    public private(set) var fridgeStates: [String: FridgeState] = [:]
    /// The fridges whose door alert is raised.
    public private(set) var doorAlerts: Set<String> = []

    /// Where failures go (set by the coordinator); cancellations are passed on too.
    @ObservationIgnored public var errorHandler: ControllerErrorHandler?

    @ObservationIgnored let api: any APIServiceProtocol
    @ObservationIgnored let telemetry: any TelemetryService
    @ObservationIgnored private let clock: any SchedulingClock
    @ObservationIgnored private let doorAlert: DoorAlertMachine.Configuration
    @ObservationIgnored private var doors: [String: DoorAlertMachine] = [:]
    @ObservationIgnored private var timers: [String: Task<Void, Never>] = [:]

    /// A fridge controller on `api`; `doorAlert` sets the threshold (60 s by default).
    public init(
        api: any APIServiceProtocol,
        telemetry: any TelemetryService = NoTelemetryService(),
        clock: any SchedulingClock = SystemClock(),
        doorAlert: DoorAlertMachine.Configuration = DoorAlertMachine.Configuration()
    ) {
        self.api = api
        self.telemetry = telemetry
        self.clock = clock
        self.doorAlert = doorAlert
    }

    /// Whether the door alert of `deviceId` is raised.
    public func isDoorAlertRaised(deviceId: String) -> Bool {
        doorAlerts.contains(deviceId)
    }

    /// Fetches the state of a fridge.
    public func fetchInitialState(for device: DeviceInfo) async {
        guard device.isFridge else { return }
        await run(.fetchState, on: DeviceKey(deviceId: device.id), source: .initialLoad) {
            try await $0.getFridgeState(deviceId: device.id)
        }
    }

    /// Sets the fridge compartment's target (°F, 33…45).
    public func setFridgeTemperature(_ degrees: Int, deviceId: String) async {
        await run(.fridgeTemperature(degrees), on: DeviceKey(deviceId: deviceId)) {
            try await $0.setFridgeTemperature(deviceId: deviceId, temperature: degrees)
        }
    }

    /// Sets the freezer's target (°F, -10…10).
    public func setFreezerTemperature(_ degrees: Int, deviceId: String) async {
        await run(.freezerTemperature(degrees), on: DeviceKey(deviceId: deviceId)) {
            try await $0.setFreezerTemperature(deviceId: deviceId, temperature: degrees)
        }
    }

    /// Stores a state the server reported and feeds the door to the alert rule.
    public func apply(_ state: FridgeState, deviceId: String, source: StateSource) {
        fridgeStates[deviceId] = state
        telemetry.record(.stateApplied(deviceType: .fridge, device: DeviceKey(deviceId: deviceId), source: source))
        let effects = doors[deviceId, default: DoorAlertMachine(configuration: doorAlert)].update(
            isDoorOpen: state.isDoorOpen, openedAt: state.doorOpenedAt.map(MachineInstant.init), at: clock.machineNow)
        perform(effects, for: deviceId)
    }

    /// Cancels the door timers.
    public func cancelPendingWork() {
        for timer in timers.values { timer.cancel() }
        timers = [:]
    }

    private func perform(_ effects: [DoorAlertMachine.Effect], for deviceId: String) {
        for effect in effects {
            switch effect {
            case .schedule(let timer, let deadline):
                timers[deviceId]?.cancel()
                timers[deviceId] = clock.startTimer(until: deadline) { [weak self] in self?.timerFired(timer, for: deviceId) }
            case .cancelTimer:
                timers.removeValue(forKey: deviceId)?.cancel()
            case .raise(let openFor):
                doorAlerts.insert(deviceId)
                telemetry.record(.doorAlertRaised(deviceId: deviceId, openFor: openFor))
            case .clear:
                doorAlerts.remove(deviceId)
                telemetry.record(.doorAlertCleared(deviceId: deviceId))
            }
        }
    }

    private func timerFired(_ timer: DoorAlertMachine.TimerID, for deviceId: String) {
        timers[deviceId] = nil
        guard let effects = doors[deviceId]?.timerFired(timer, at: clock.machineNow) else { return }
        perform(effects, for: deviceId)
    }
}
