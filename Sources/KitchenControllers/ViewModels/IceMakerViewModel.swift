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
public final class IceMakerViewModel {
    /// The state of every ice maker seen so far.
    public private(set) var iceMakerStates: [String: IceMakerState] = [:]
    /// The ice maker of every bin-full notice, oldest first.
    public private(set) var binFullDeviceIds: [String] = []

    /// Where failures go (set by the coordinator); cancellations are passed on too.
    @ObservationIgnored public var errorHandler: ControllerErrorHandler?

    @ObservationIgnored private let api: any APIServiceProtocol
    @ObservationIgnored private let telemetry: any TelemetryService
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
        let state = await runCommand(.fetchState, on: DeviceKey(deviceId: device.id), telemetry: telemetry,
                                     report: errorHandler) {
            try await api.getIceMakerState(deviceId: device.id)
        }
        if let state { apply(state, deviceId: device.id, source: .initialLoad) }
    }

    /// Turns the ice maker on or off.
    public func setPower(_ isOn: Bool, deviceId: String) async {
        let state = await runCommand(.iceMakerPower(isOn: isOn), on: DeviceKey(deviceId: deviceId),
                                     telemetry: telemetry, report: errorHandler) {
            try await api.setIceMakerPower(deviceId: deviceId, isOn: isOn)
        }
        if let state { apply(state, deviceId: deviceId, source: .command) }
    }

    /// Turns the ice maker off when it is on, on otherwise.
    public func togglePower(deviceId: String) async {
        await setPower(!(iceMakerStates[deviceId]?.isOn ?? false), deviceId: deviceId)
    }

    /// Sets the production rate (a key of ``IceMakerPresenter/productionRates``).
    public func setRate(_ rate: String, deviceId: String) async {
        let state = await runCommand(.iceMakerRate(rate), on: DeviceKey(deviceId: deviceId), telemetry: telemetry,
                                     report: errorHandler) {
            try await api.setIceMakerRate(deviceId: deviceId, rate: rate)
        }
        if let state { apply(state, deviceId: deviceId, source: .command) }
    }

    /// Stores a state the server reported and announces a bin that just filled.
    public func apply(_ state: IceMakerState, deviceId: String, source: StateSource) {
        iceMakerStates[deviceId] = state
        telemetry.record(.stateApplied(deviceType: .iceMaker, device: DeviceKey(deviceId: deviceId), source: source))
        var detector = detectors[deviceId] ?? BinFullDetector(rule: detection)
        let filled = detector.observe(isBinFull: state.isBinFull)
        detectors[deviceId] = detector
        if filled {
            binFullDeviceIds.append(deviceId)
            telemetry.record(.binFull(deviceId: deviceId))
        }
    }
}
