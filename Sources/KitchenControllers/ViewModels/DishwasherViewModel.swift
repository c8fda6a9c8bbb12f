import KitchenAPI
import Observation

/// A finished dishwasher cycle, as the controller noticed it.
public struct CompletedCycle: Hashable, Sendable {
    /// The dishwasher.
    public var deviceId: String
    /// The cycle that finished, when the state named it.
    public var cycle: String?

    /// A completion.
    public init(deviceId: String, cycle: String?) {
        self.deviceId = deviceId
        self.cycle = cycle
    }
}

/// The dishwashers' state, start and stop, and cycle-completion detection: a
/// ``CycleCompletionDetector`` per dishwasher sees every state, whatever its
/// source, and a completion is announced once per running → complete.
///
/// ```swift
/// let dishwashers = DishwasherViewModel(api: mock, telemetry: telemetry)
/// await dishwashers.start(cycle: "eco", deviceId: "dishwasher-1")
/// dishwashers.apply(completeState, deviceId: "dishwasher-1", source: .live)
/// dishwashers.completedCycles   // [CompletedCycle(deviceId: "dishwasher-1", cycle: "eco")]
/// ```
@MainActor
@Observable
public final class DishwasherViewModel: DeviceIDStateController {
    typealias State = DishwasherState

    /// The state of every dishwasher seen so far.
    public private(set) var dishwasherStates: [String: DishwasherState] = [:]
    /// Every completion noticed, oldest first.
    public private(set) var completedCycles: [CompletedCycle] = []

    /// Where failures go (set by the coordinator); cancellations are passed on too.
    @ObservationIgnored public var errorHandler: ControllerErrorHandler?

    @ObservationIgnored let api: any APIServiceProtocol
    @ObservationIgnored let telemetry: any TelemetryService
    @ObservationIgnored private let detection: any CycleCompletionRule
    @ObservationIgnored private var detectors: [String: CycleCompletionDetector] = [:]

    /// A dishwasher controller on `api`.
    public init(
        api: any APIServiceProtocol,
        telemetry: any TelemetryService = NoTelemetryService(),
        detection: any CycleCompletionRule = StandardCycleCompletionRule()
    ) {
        self.api = api
        self.telemetry = telemetry
        self.detection = detection
    }

    /// Fetches the state of a dishwasher.
    public func fetchInitialState(for device: DeviceInfo) async {
        guard device.isDishwasher else { return }
        await run(.fetchState, on: DeviceKey(deviceId: device.id), source: .initialLoad) {
            try await $0.getDishwasherState(deviceId: device.id)
        }
    }

    /// Starts `cycle` (a key of ``DishwasherPresenter/cycles``); 409 when already running.
    public func start(cycle: String, deviceId: String) async {
        await run(.dishwasherStart(cycle: cycle), on: DeviceKey(deviceId: deviceId)) {
            try await $0.startDishwasher(deviceId: deviceId, cycle: cycle)
        }
    }

    /// Stops the dishwasher (idempotent on the server).
    public func stop(deviceId: String) async {
        await run(.dishwasherStop, on: DeviceKey(deviceId: deviceId)) { try await $0.stopDishwasher(deviceId: deviceId) }
    }

    /// Stores a state the server reported and announces a completed cycle.
    public func apply(_ state: DishwasherState, deviceId: String, source: StateSource) {
        dishwasherStates[deviceId] = state
        telemetry.record(.stateApplied(deviceType: .dishwasher, device: DeviceKey(deviceId: deviceId), source: source))
        if detectors[deviceId, default: CycleCompletionDetector(rule: detection)].observe(state.status) {
            completedCycles.append(CompletedCycle(deviceId: deviceId, cycle: state.cycle))
            telemetry.record(.cycleCompleted(deviceId: deviceId, cycle: state.cycle))
        }
    }
}
