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
/// #expect(mock.setFridgeTemperatureStub.calls == [SetTemperatureCall(deviceId: "fridge-1", temperature: 36)])
/// ```
public final class MockAPIService: APIServiceProtocol {
    /// `login(username:password:)`; default ``LoginResponse/defaultLoginResponse``.
    public let loginStub = Stub<LoginCall, LoginResponse>(.login, result: .success(.defaultLoginResponse))
    /// `logout()`; default success.
    public let logoutStub = Stub<NoArgumentsCall, Void>(.logout, result: .success(()))
    /// `fetchDevices()`; default ``DeviceInfo/defaultDevices``.
    public let fetchDevicesStub = Stub<NoArgumentsCall, [DeviceInfo]>(
        .listDevices, result: .success(DeviceInfo.defaultDevices))
    /// `getOvenState(deviceId:compartment:)`; default ``OvenState/defaultOvenState``.
    public let getOvenStateStub = Stub<OvenCall, OvenState>(.getOvenState, result: .success(.defaultOvenState))
    /// `setOvenPower(deviceId:compartment:isOn:)`.
    public let setOvenPowerStub = Stub<SetOvenPowerCall, OvenState>(.setOvenPower, result: .success(.defaultOvenState))
    /// `setOvenTemperature(deviceId:compartment:temperature:)`.
    public let setOvenTemperatureStub = Stub<SetOvenTemperatureCall, OvenState>(
        .setOvenTemperature, result: .success(.defaultOvenState))
    /// `setOvenMode(deviceId:compartment:mode:)`.
    public let setOvenModeStub = Stub<SetOvenModeCall, OvenState>(.setOvenMode, result: .success(.defaultOvenState))
    /// `getFridgeState(deviceId:)`; default ``FridgeState/defaultFridgeState``.
    public let getFridgeStateStub = Stub<DeviceCall, FridgeState>(
        .getFridgeState, result: .success(.defaultFridgeState))
    /// `setFridgeTemperature(deviceId:temperature:)`.
    public let setFridgeTemperatureStub = Stub<SetTemperatureCall, FridgeState>(
        .setFridgeTemperature, result: .success(.defaultFridgeState))
    /// `setFreezerTemperature(deviceId:temperature:)`.
    public let setFreezerTemperatureStub = Stub<SetTemperatureCall, FridgeState>(
        .setFreezerTemperature, result: .success(.defaultFridgeState))
    /// `getDishwasherState(deviceId:)`; default ``DishwasherState/defaultDishwasherState``.
    public let getDishwasherStateStub = Stub<DeviceCall, DishwasherState>(
        .getDishwasherState, result: .success(.defaultDishwasherState))
    /// `startDishwasher(deviceId:cycle:)`; default ``DishwasherState/startedDishwasherState``
    /// (running, as the contract says a start answers; an idle answer would break that rule).
    public let startDishwasherStub = Stub<StartDishwasherCall, DishwasherState>(
        .startDishwasher, result: .success(.startedDishwasherState))
    /// `stopDishwasher(deviceId:)`.
    public let stopDishwasherStub = Stub<DeviceCall, DishwasherState>(
        .stopDishwasher, result: .success(.defaultDishwasherState))
    /// `getIceMakerState(deviceId:)`; default ``IceMakerState/defaultIceMakerState``.
    public let getIceMakerStateStub = Stub<DeviceCall, IceMakerState>(
        .getIceMakerState, result: .success(.defaultIceMakerState))
    /// `setIceMakerPower(deviceId:isOn:)`.
    public let setIceMakerPowerStub = Stub<SetIceMakerPowerCall, IceMakerState>(
        .setIceMakerPower, result: .success(.defaultIceMakerState))
    /// `setIceMakerRate(deviceId:rate:)`.
    public let setIceMakerRateStub = Stub<SetIceMakerRateCall, IceMakerState>(
        .setIceMakerRate, result: .success(.defaultIceMakerState))

    private let log = Mutex<[APIOperation]>([])

    /// A mock whose every operation succeeds with the default values.
    public init() {}

    /// The stub for `operation`, or `nil` for ``APIOperation/openLiveUpdates``
    /// (live updates are ``MockWebSocket``'s job).
    public func stub(for operation: APIOperation) -> (any AnyStub)? {
        switch operation {
        case .login: loginStub
        case .logout: logoutStub
        case .listDevices: fetchDevicesStub
        case .getOvenState: getOvenStateStub
        case .setOvenPower: setOvenPowerStub
        case .setOvenTemperature: setOvenTemperatureStub
        case .setOvenMode: setOvenModeStub
        case .getFridgeState: getFridgeStateStub
        case .setFridgeTemperature: setFridgeTemperatureStub
        case .setFreezerTemperature: setFreezerTemperatureStub
        case .getDishwasherState: getDishwasherStateStub
        case .startDishwasher: startDishwasherStub
        case .stopDishwasher: stopDishwasherStub
        case .getIceMakerState: getIceMakerStateStub
        case .setIceMakerPower: setIceMakerPowerStub
        case .setIceMakerRate: setIceMakerRateStub
        case .openLiveUpdates: nil
        }
    }

    /// The operations called so far, in order, across all stubs.
    public var operationLog: [APIOperation] { log.withLock { $0 } }

    private func answer<Call, Value>(_ stub: Stub<Call, Value>, _ call: Call) throws -> Value {
        log.withLock { $0.append(stub.operation) }
        return try stub.answer(call)
    }

    // MARK: APIServiceProtocol

    /// Answers from ``loginStub``.
    nonisolated(nonsending) public func login(username: String, password: String) async throws -> LoginResponse {
        try answer(loginStub, LoginCall(username: username, password: password))
    }

    /// Answers from ``logoutStub``.
    nonisolated(nonsending) public func logout() async throws {
        try answer(logoutStub, NoArgumentsCall())
    }

    /// Answers from ``fetchDevicesStub``.
    nonisolated(nonsending) public func fetchDevices() async throws -> [DeviceInfo] {
        try answer(fetchDevicesStub, NoArgumentsCall())
    }

    /// Answers from ``getOvenStateStub``.
    nonisolated(nonsending) public func getOvenState(deviceId: String, compartment: String?) async throws
        -> OvenState
    {
        try answer(getOvenStateStub, OvenCall(deviceId: deviceId, compartment: compartment))
    }

    /// Answers from ``setOvenPowerStub``.
    nonisolated(nonsending) public func setOvenPower(deviceId: String, compartment: String?, isOn: Bool)
        async throws -> OvenState
    {
        try answer(setOvenPowerStub, SetOvenPowerCall(deviceId: deviceId, compartment: compartment, isOn: isOn))
    }

    /// Answers from ``setOvenTemperatureStub``.
    nonisolated(nonsending) public func setOvenTemperature(deviceId: String, compartment: String?, temperature: Int)
        async throws -> OvenState
    {
        try answer(
            setOvenTemperatureStub,
            SetOvenTemperatureCall(deviceId: deviceId, compartment: compartment, temperature: temperature))
    }

    /// Answers from ``setOvenModeStub``.
    nonisolated(nonsending) public func setOvenMode(deviceId: String, compartment: String?, mode: String)
        async throws -> OvenState
    {
        try answer(setOvenModeStub, SetOvenModeCall(deviceId: deviceId, compartment: compartment, mode: mode))
    }

    /// Answers from ``getFridgeStateStub``.
    nonisolated(nonsending) public func getFridgeState(deviceId: String) async throws -> FridgeState {
        try answer(getFridgeStateStub, DeviceCall(deviceId: deviceId))
    }

    /// Answers from ``setFridgeTemperatureStub``.
    nonisolated(nonsending) public func setFridgeTemperature(deviceId: String, temperature: Int) async throws
        -> FridgeState
    {
        try answer(setFridgeTemperatureStub, SetTemperatureCall(deviceId: deviceId, temperature: temperature))
    }

    /// Answers from ``setFreezerTemperatureStub``.
    nonisolated(nonsending) public func setFreezerTemperature(deviceId: String, temperature: Int) async throws
        -> FridgeState
    {
        try answer(setFreezerTemperatureStub, SetTemperatureCall(deviceId: deviceId, temperature: temperature))
    }

    /// Answers from ``getDishwasherStateStub``.
    nonisolated(nonsending) public func getDishwasherState(deviceId: String) async throws -> DishwasherState {
        try answer(getDishwasherStateStub, DeviceCall(deviceId: deviceId))
    }

    /// Answers from ``startDishwasherStub``.
    nonisolated(nonsending) public func startDishwasher(deviceId: String, cycle: String) async throws
        -> DishwasherState
    {
        try answer(startDishwasherStub, StartDishwasherCall(deviceId: deviceId, cycle: cycle))
    }

    /// Answers from ``stopDishwasherStub``.
    nonisolated(nonsending) public func stopDishwasher(deviceId: String) async throws -> DishwasherState {
        try answer(stopDishwasherStub, DeviceCall(deviceId: deviceId))
    }

    /// Answers from ``getIceMakerStateStub``.
    nonisolated(nonsending) public func getIceMakerState(deviceId: String) async throws -> IceMakerState {
        try answer(getIceMakerStateStub, DeviceCall(deviceId: deviceId))
    }

    /// Answers from ``setIceMakerPowerStub``.
    nonisolated(nonsending) public func setIceMakerPower(deviceId: String, isOn: Bool) async throws -> IceMakerState {
        try answer(setIceMakerPowerStub, SetIceMakerPowerCall(deviceId: deviceId, isOn: isOn))
    }

    /// Answers from ``setIceMakerRateStub``.
    nonisolated(nonsending) public func setIceMakerRate(deviceId: String, rate: String) async throws -> IceMakerState {
        try answer(setIceMakerRateStub, SetIceMakerRateCall(deviceId: deviceId, rate: rate))
    }
}
