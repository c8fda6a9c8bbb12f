import HarnessCore
import KitchenAPI
import Observation

/// The ovens' state and commands: per oven, or per compartment of a double
/// oven. Power and mode go straight to the API; the temperature slider is
/// debounced by a ``DebounceMachine`` per oven (see `setTemperature`).
///
/// ```swift
/// let ovens = OvenViewModel(api: mock, telemetry: telemetry, clock: clock)
/// await ovens.fetchInitialState(for: device)
/// ovens.setTemperature(375, deviceId: "oven-1")   // shown at once, sent 500 ms after the last move
/// await ovens.setMode("convect", deviceId: "oven-1")
/// ```
@MainActor
@Observable
public final class OvenViewModel: DeviceStateController {
    /// The state of every oven and compartment seen so far.
    public internal(set) var ovenStates: [DeviceKey: OvenState] = [:]

    /// Where failures go (set by the coordinator); cancellations are passed on too.
    @ObservationIgnored public var errorHandler: ControllerErrorHandler?

    @ObservationIgnored let api: any APIServiceProtocol
    @ObservationIgnored let telemetry: any TelemetryService
    @ObservationIgnored let clock: any SchedulingClock
    @ObservationIgnored let debounce: DebounceMachine.Configuration
    @ObservationIgnored var sliders: [DeviceKey: DebounceMachine] = [:]
    @ObservationIgnored var timers: [DeviceKey: Task<Void, Never>] = [:]
    @ObservationIgnored var requests: [DeviceKey: [DebounceMachine.RequestID: Task<Void, Never>]] = [:]
    @ObservationIgnored var answers: [DeviceKey: [DebounceMachine.RequestID: OvenState]] = [:]

    /// An oven controller on `api`; `debounce` sets the slider's quiet period (500 ms by default).
    public init(
        api: any APIServiceProtocol,
        telemetry: any TelemetryService = NoTelemetryService(),
        clock: any SchedulingClock = SystemClock(),
        debounce: DebounceMachine.Configuration = DebounceMachine.Configuration()
    ) {
        self.api = api
        self.telemetry = telemetry
        self.clock = clock
        self.debounce = debounce
    }

    /// The state of `deviceId` (or of its `compartment`).
    public func state(deviceId: String, compartment: String? = nil) -> OvenState? {
        ovenStates[DeviceKey(deviceId: deviceId, compartment: compartment)]
    }

    /// Fetches the state of an oven, or of each compartment of a double oven.
    public func fetchInitialState(for device: DeviceInfo) async {
        guard device.isOven else { return }
        let compartments: [String?] = device.isDoubleOven ? (device.compartments ?? []).map(\.key) : [nil]
        for compartment in compartments {
            await run(.fetchState, on: DeviceKey(deviceId: device.id, compartment: compartment), source: .initialLoad) {
                try await $0.getOvenState(deviceId: device.id, compartment: compartment)
            }
        }
    }

    /// Stores a state the server reported. The target temperature stays the
    /// user's while a slider change is waiting or unanswered.
    public func apply(_ state: OvenState, to key: DeviceKey, source: StateSource) {
        _ = sliders[key, default: DebounceMachine(configuration: debounce)].serverReported(state.targetTemperature)
        var shown = state
        shown.targetTemperature = sliders[key]?.shown ?? state.targetTemperature
        ovenStates[key] = shown
        telemetry.record(.stateApplied(deviceType: .oven, device: key, source: source))
    }

    /// Turns the oven (or compartment) on or off.
    public func setPower(_ isOn: Bool, deviceId: String, compartment: String? = nil) async {
        await run(.ovenPower(isOn: isOn), on: DeviceKey(deviceId: deviceId, compartment: compartment)) {
            try await $0.setOvenPower(deviceId: deviceId, compartment: compartment, isOn: isOn)
        }
    }

    /// Turns the oven (or compartment) off when it is on, on otherwise.
    public func togglePower(deviceId: String, compartment: String? = nil) async {
        let isOn = state(deviceId: deviceId, compartment: compartment)?.isOn ?? false
        await setPower(!isOn, deviceId: deviceId, compartment: compartment)
    }

    /// Sets the cooking mode (a key of ``OvenPresenter/modes``).
    public func setMode(_ mode: String, deviceId: String, compartment: String? = nil) async {
        await run(.ovenMode(mode), on: DeviceKey(deviceId: deviceId, compartment: compartment)) {
            try await $0.setOvenMode(deviceId: deviceId, compartment: compartment, mode: mode)
        }
    }

    /// Cancels waiting slider timers and unanswered temperature requests; a burst
    /// that was waiting is dropped and the confirmed target shown again.
    public func cancelPendingWork() {
        for timer in timers.values { timer.cancel() }
        timers = [:]
        dropWaitingBursts()
        for task in requests.values.flatMap(\.values) { task.cancel() }
    }
}
