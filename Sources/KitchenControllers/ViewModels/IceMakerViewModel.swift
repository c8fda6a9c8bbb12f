import KitchenAPI
import Observation

/// The ice makers' state, power and production rate, and the bin-full notice:
/// a ``BinFullDetector`` per ice maker announces each not-full → full once.
///
/// ```swift
/// let iceMakers = IceMakerViewModel(api: mock, telemetry: telemetry)
/// await iceMakers.setRate("high", deviceId: "icemaker-1")
/// iceMakers.apply(fullBinState, deviceId: "icemaker-1", source: .live)
/// iceMakers.binFullDeviceIds   // ["icemaker-1"]
/// ```
@MainActor
@Observable
public final class IceMakerViewModel: DeviceIDStateController {
    typealias State = IceMakerState

    /// The state of every ice maker seen so far.
    public private(set) var iceMakerStates: [String: IceMakerState] = [:]
    /// The ice maker of every bin-full notice, oldest first.
    public private(set) var binFullDeviceIds: [String] = []

    /// Where failures go (set by the coordinator); cancellations are passed on too.
    @ObservationIgnored public var errorHandler: ControllerErrorHandler?

    @ObservationIgnored let api: any APIServiceProtocol
    @ObservationIgnored let telemetry: any TelemetryService
    @ObservationIgnored private let detection: any BinFullRule
    @ObservationIgnored private var detectors: [String: BinFullDetector] = [:]

    /// An ice maker controller on `api`.
    public init(
        api: any APIServiceProtocol,
        telemetry: any TelemetryService = NoTelemetryService(),
        detection: any BinFullRule = StandardBinFullRule()
    ) {
        self.api = api
        self.telemetry = telemetry
        self.detection = detection
    }

    /// Fetches the state of an ice maker.
    public func fetchInitialState(for device: DeviceInfo) async {
        guard device.isIceMaker else { return }
        await run(.fetchState, on: DeviceKey(deviceId: device.id), source: .initialLoad) {
            try await $0.getIceMakerState(deviceId: device.id)
        }
    }

    /// Turns the ice maker on or off.
    public func setPower(_ isOn: Bool, deviceId: String) async {
        await run(.iceMakerPower(isOn: isOn), on: DeviceKey(deviceId: deviceId)) {
            try await $0.setIceMakerPower(deviceId: deviceId, isOn: isOn)
        }
    }

    /// Turns the ice maker off when it is on, on otherwise.
    public func togglePower(deviceId: String) async {
        await setPower(!(iceMakerStates[deviceId]?.isOn ?? false), deviceId: deviceId)
    }

    /// Sets the production rate (a key of ``IceMakerPresenter/productionRates``).
    public func setRate(_ rate: String, deviceId: String) async {
        await run(.iceMakerRate(rate), on: DeviceKey(deviceId: deviceId)) {
            try await $0.setIceMakerRate(deviceId: deviceId, rate: rate)
        }
    }

    /// Stores a state the server reported and announces a bin that just filled.
    public func apply(_ state: IceMakerState, deviceId: String, source: StateSource) {
        iceMakerStates[deviceId] = state
        telemetry.record(.stateApplied(deviceType: .iceMaker, device: DeviceKey(deviceId: deviceId), source: source))
        if detectors[deviceId, default: BinFullDetector(rule: detection)].observe(isBinFull: state.isBinFull) {
            binFullDeviceIds.append(deviceId)
            telemetry.record(.binFull(deviceId: deviceId))
        }
    }
}
