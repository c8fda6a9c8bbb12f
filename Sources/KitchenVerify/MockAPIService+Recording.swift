import KitchenAPI
import KitchenRecording
import KitchenReplay
import KitchenReproduce

extension MockAPIService {
    /// A mock that answers the recorded calls with the recorded responses: each HTTP exchange
    /// of `recording` becomes its call (see ``RecordedCall``) with the recorded result scripted
    /// on that operation's stub — the client's decoding of a 2xx body, or the `AppError` the
    /// client makes of the status and body. Identical calls get their answers in recorded
    /// order; calls the recording does not hold get the stubs' defaults.
    ///
    /// ```swift
    /// let mock = MockAPIService(recording: try HARFile.load(from: url))
    /// let oven = try await mock.setOvenPower(deviceId: "oven-1", isOn: true)   // the recorded OvenState
    /// ```
    public convenience init(recording: HAR.Document) {
        self.init()
        let basePath = recording.apiBasePath
        for entry in recording.log.entries {
            guard let call = RecordedCall(entry, basePath: basePath) else { continue }
            script(RecordedCall.recordedOutcome(of: entry, for: call.operation), for: call)
        }
    }

    /// Queues `outcome` on the stub of `call`'s operation, for exactly that call.
    public func script(_ outcome: Result<ClientValue, AppError>, for call: RecordedCall) {
        func queue<Call, Value>(_ stub: Stub<Call, Value>, _ arguments: Call, _ extract: (ClientValue) -> Value?) {
            switch outcome {
            case .success(let value):
                guard let typed = extract(value) else { return }
                stub.enqueue(.success(typed), for: arguments)
            case .failure(let error):
                stub.enqueue(.failure(error), for: arguments)
            }
        }
        switch call {
        case .login(let c): queue(loginStub, c) { if case .login(let v) = $0 { v } else { nil } }
        case .logout: queue(logoutStub, NoArgumentsCall()) { if case .none = $0 { () } else { nil } }
        case .fetchDevices: queue(fetchDevicesStub, NoArgumentsCall()) { if case .devices(let v) = $0 { v } else { nil } }
        case .getOvenState(let c): queue(getOvenStateStub, c, Self.oven)
        case .setOvenPower(let c): queue(setOvenPowerStub, c, Self.oven)
        case .setOvenTemperature(let c): queue(setOvenTemperatureStub, c, Self.oven)
        case .setOvenMode(let c): queue(setOvenModeStub, c, Self.oven)
        case .getFridgeState(let c): queue(getFridgeStateStub, c, Self.fridge)
        case .setFridgeTemperature(let c): queue(setFridgeTemperatureStub, c, Self.fridge)
        case .setFreezerTemperature(let c): queue(setFreezerTemperatureStub, c, Self.fridge)
        case .getDishwasherState(let c): queue(getDishwasherStateStub, c, Self.dishwasher)
        case .startDishwasher(let c): queue(startDishwasherStub, c, Self.dishwasher)
        case .stopDishwasher(let c): queue(stopDishwasherStub, c, Self.dishwasher)
        case .getIceMakerState(let c): queue(getIceMakerStateStub, c, Self.iceMaker)
        case .setIceMakerPower(let c): queue(setIceMakerPowerStub, c, Self.iceMaker)
        case .setIceMakerRate(let c): queue(setIceMakerRateStub, c, Self.iceMaker)
        }
    }

    private static func oven(_ value: ClientValue) -> OvenState? { if case .oven(let v) = value { v } else { nil } }
    private static func fridge(_ value: ClientValue) -> FridgeState? { if case .fridge(let v) = value { v } else { nil } }
    private static func dishwasher(_ value: ClientValue) -> DishwasherState? {
        if case .dishwasher(let v) = value { v } else { nil }
    }
    private static func iceMaker(_ value: ClientValue) -> IceMakerState? { if case .iceMaker(let v) = value { v } else { nil } }
}
