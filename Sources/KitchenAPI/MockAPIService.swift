import Synchronization

/// An ``APIServiceProtocol`` for tests: each operation returns its stub's
/// result and records the call. No logic, no state beyond that.
///
/// Every method is `nonisolated(nonsending)` and synchronous inside, so a
/// `@MainActor` view model calling it stays on the main actor throughout.
///
/// ```swift
/// let mock = MockAPIService()
/// mock.setFridgeTemperatureStub.result = .success(cooler)
/// await fridge.setTemperature(deviceId: "fridge-1", to: 36)
/// #expect(mock.setFridgeTemperatureStub.calls == [.setFridgeTemperature(deviceId: "fridge-1", temperature: 36)])
/// ```
public final class MockAPIService: APICallRouting {
    /// `login(username:password:)`; default ``LoginResponse/defaultLoginResponse``.
    public let loginStub = Stub<LoginResponse>(.login, answering: .defaultLoginResponse)
    /// `logout()`; default success.
    public let logoutStub = Stub<Void>(.logout, answering: ())
    /// `fetchDevices()`; default ``DeviceInfo/defaultDevices``.
    public let fetchDevicesStub = Stub<[DeviceInfo]>(.fetchDevices, answering: DeviceInfo.defaultDevices)
    /// `getOvenState(deviceId:compartment:)`; default ``OvenState/defaultOvenState``.
    public let getOvenStateStub = Stub<OvenState>(.getOvenState, answering: .defaultOvenState)
    /// `setOvenPower(deviceId:compartment:isOn:)`.
    public let setOvenPowerStub = Stub<OvenState>(.setOvenPower, answering: .defaultOvenState)
    /// `setOvenTemperature(deviceId:compartment:temperature:)`.
    public let setOvenTemperatureStub = Stub<OvenState>(.setOvenTemperature, answering: .defaultOvenState)
    /// `setOvenMode(deviceId:compartment:mode:)`.
    public let setOvenModeStub = Stub<OvenState>(.setOvenMode, answering: .defaultOvenState)
    /// `getFridgeState(deviceId:)`; default ``FridgeState/defaultFridgeState``.
    public let getFridgeStateStub = Stub<FridgeState>(.getFridgeState, answering: .defaultFridgeState)
    /// `setFridgeTemperature(deviceId:temperature:)`.
    public let setFridgeTemperatureStub = Stub<FridgeState>(.setFridgeTemperature, answering: .defaultFridgeState)
    /// `setFreezerTemperature(deviceId:temperature:)`.
    public let setFreezerTemperatureStub = Stub<FridgeState>(.setFreezerTemperature, answering: .defaultFridgeState)
    /// `getDishwasherState(deviceId:)`; default ``DishwasherState/defaultDishwasherState``.
    public let getDishwasherStateStub = Stub<DishwasherState>(.getDishwasherState, answering: .defaultDishwasherState)
    /// `startDishwasher(deviceId:cycle:)`; default ``DishwasherState/startedDishwasherState``
    /// (running, as the contract says a start answers; an idle answer would break that rule).
    public let startDishwasherStub = Stub<DishwasherState>(.startDishwasher, answering: .startedDishwasherState)
    /// `stopDishwasher(deviceId:)`.
    public let stopDishwasherStub = Stub<DishwasherState>(.stopDishwasher, answering: .defaultDishwasherState)
    /// `getIceMakerState(deviceId:)`; default ``IceMakerState/defaultIceMakerState``.
    public let getIceMakerStateStub = Stub<IceMakerState>(.getIceMakerState, answering: .defaultIceMakerState)
    /// `setIceMakerPower(deviceId:isOn:)`.
    public let setIceMakerPowerStub = Stub<IceMakerState>(.setIceMakerPower, answering: .defaultIceMakerState)
    /// `setIceMakerRate(deviceId:rate:)`.
    public let setIceMakerRateStub = Stub<IceMakerState>(.setIceMakerRate, answering: .defaultIceMakerState)

    private let log = Mutex<[APICall]>([])

    /// A mock whose every operation succeeds with the default values.
    public init() {}

    /// The stub for `operation`, or `nil` for ``APIOperation/openLiveUpdates``
    /// (live updates are ``MockWebSocket``'s job).
    public func stub(for operation: APIOperation) -> (any AnyStub)? {
        stubs.first { $0.operation == operation }
    }

    /// Every stub, in the protocol's order.
    private var stubs: [any AnyStub] {
        [loginStub, logoutStub, fetchDevicesStub, getOvenStateStub, setOvenPowerStub, setOvenTemperatureStub,
         setOvenModeStub, getFridgeStateStub, setFridgeTemperatureStub, setFreezerTemperatureStub,
         getDishwasherStateStub, startDishwasherStub, stopDishwasherStub, getIceMakerStateStub, setIceMakerPowerStub,
         setIceMakerRateStub]
    }

    /// Every call so far, in order, across all stubs.
    public var calls: [APICall] { log.withLock { $0 } }

    /// The operations called so far, in order, across all stubs.
    public var operationLog: [APIOperation] { calls.map(\.operation) }

    /// Records `call` and answers it from its method's stub.
    nonisolated(nonsending) public func route<Answer: Sendable>(
        _ call: APICall, forward: nonisolated(nonsending) (any APIServiceProtocol) async throws -> Answer
    ) async throws -> Answer {
        guard let stub = stub(for: call.operation) as? Stub<Answer> else {
            preconditionFailure("\(call.method.rawValue) has no stub answering \(Answer.self)")
        }
        log.withLock { $0.append(call) }
        return try stub.answer(call)
    }
}
