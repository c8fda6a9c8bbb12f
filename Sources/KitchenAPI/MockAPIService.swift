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
public final class MockAPIService: APIServiceProtocol {
    /// `login(username:password:)`; default ``LoginResponse/defaultLoginResponse``.
    public let loginStub = Stub<LoginResponse>(.login, result: .success(.defaultLoginResponse))
    /// `logout()`; default success.
    public let logoutStub = Stub<Void>(.logout, result: .success(()))
    /// `fetchDevices()`; default ``DeviceInfo/defaultDevices``.
    public let fetchDevicesStub = Stub<[DeviceInfo]>(
        .fetchDevices, result: .success(DeviceInfo.defaultDevices))
    /// `getOvenState(deviceId:compartment:)`; default ``OvenState/defaultOvenState``.
    public let getOvenStateStub = Stub<OvenState>(.getOvenState, result: .success(.defaultOvenState))
    /// `setOvenPower(deviceId:compartment:isOn:)`.
    public let setOvenPowerStub = Stub<OvenState>(.setOvenPower, result: .success(.defaultOvenState))
    /// `setOvenTemperature(deviceId:compartment:temperature:)`.
    public let setOvenTemperatureStub = Stub<OvenState>(
        .setOvenTemperature, result: .success(.defaultOvenState))
    /// `setOvenMode(deviceId:compartment:mode:)`.
    public let setOvenModeStub = Stub<OvenState>(.setOvenMode, result: .success(.defaultOvenState))
    /// `getFridgeState(deviceId:)`; default ``FridgeState/defaultFridgeState``.
    public let getFridgeStateStub = Stub<FridgeState>(
        .getFridgeState, result: .success(.defaultFridgeState))
    /// `setFridgeTemperature(deviceId:temperature:)`.
    public let setFridgeTemperatureStub = Stub<FridgeState>(
        .setFridgeTemperature, result: .success(.defaultFridgeState))
    /// `setFreezerTemperature(deviceId:temperature:)`.
    public let setFreezerTemperatureStub = Stub<FridgeState>(
        .setFreezerTemperature, result: .success(.defaultFridgeState))
    /// `getDishwasherState(deviceId:)`; default ``DishwasherState/defaultDishwasherState``.
    public let getDishwasherStateStub = Stub<DishwasherState>(
        .getDishwasherState, result: .success(.defaultDishwasherState))
    /// `startDishwasher(deviceId:cycle:)`; default ``DishwasherState/startedDishwasherState``
    /// (running, as the contract says a start answers; an idle answer would break that rule).
    public let startDishwasherStub = Stub<DishwasherState>(
        .startDishwasher, result: .success(.startedDishwasherState))
    /// `stopDishwasher(deviceId:)`.
    public let stopDishwasherStub = Stub<DishwasherState>(
        .stopDishwasher, result: .success(.defaultDishwasherState))
    /// `getIceMakerState(deviceId:)`; default ``IceMakerState/defaultIceMakerState``.
    public let getIceMakerStateStub = Stub<IceMakerState>(
        .getIceMakerState, result: .success(.defaultIceMakerState))
    /// `setIceMakerPower(deviceId:isOn:)`.
    public let setIceMakerPowerStub = Stub<IceMakerState>(
        .setIceMakerPower, result: .success(.defaultIceMakerState))
    /// `setIceMakerRate(deviceId:rate:)`.
    public let setIceMakerRateStub = Stub<IceMakerState>(
        .setIceMakerRate, result: .success(.defaultIceMakerState))

    private let log = Mutex<[APICall]>([])

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

    /// Every call so far, in order, across all stubs.
    public var calls: [APICall] { log.withLock { $0 } }

    /// The operations called so far, in order, across all stubs.
    public var operationLog: [APIOperation] { calls.map(\.operation) }

    private func answer<Value>(_ stub: Stub<Value>, _ call: APICall) throws -> Value {
        log.withLock { $0.append(call) }
        return try stub.answer(call)
    }

    // MARK: APIServiceProtocol

    /// Answers from ``loginStub``.
    nonisolated(nonsending) public func login(username: String, password: String) async throws -> LoginResponse {
        try answer(loginStub, .login(username: username, password: password))
    }

    /// Answers from ``logoutStub``.
    nonisolated(nonsending) public func logout() async throws {
        try answer(logoutStub, .logout)
    }

    /// Answers from ``fetchDevicesStub``.
    nonisolated(nonsending) public func fetchDevices() async throws -> [DeviceInfo] {
        try answer(fetchDevicesStub, .fetchDevices)
    }

    /// Answers from ``getOvenStateStub``.
    nonisolated(nonsending) public func getOvenState(deviceId: String, compartment: String?) async throws
        -> OvenState
    {
        try answer(getOvenStateStub, .getOvenState(deviceId: deviceId, compartment: compartment))
    }

    /// Answers from ``setOvenPowerStub``.
    nonisolated(nonsending) public func setOvenPower(deviceId: String, compartment: String?, isOn: Bool)
        async throws -> OvenState
    {
        try answer(setOvenPowerStub, .setOvenPower(deviceId: deviceId, compartment: compartment, isOn: isOn))
    }

    /// Answers from ``setOvenTemperatureStub``.
    nonisolated(nonsending) public func setOvenTemperature(deviceId: String, compartment: String?, temperature: Int)
        async throws -> OvenState
    {
        try answer(
            setOvenTemperatureStub,
            .setOvenTemperature(deviceId: deviceId, compartment: compartment, temperature: temperature))
    }

    /// Answers from ``setOvenModeStub``.
    nonisolated(nonsending) public func setOvenMode(deviceId: String, compartment: String?, mode: String)
        async throws -> OvenState
    {
        try answer(setOvenModeStub, .setOvenMode(deviceId: deviceId, compartment: compartment, mode: mode))
    }

    /// Answers from ``getFridgeStateStub``.
    nonisolated(nonsending) public func getFridgeState(deviceId: String) async throws -> FridgeState {
        try answer(getFridgeStateStub, .getFridgeState(deviceId: deviceId))
    }

    /// Answers from ``setFridgeTemperatureStub``.
    nonisolated(nonsending) public func setFridgeTemperature(deviceId: String, temperature: Int) async throws
        -> FridgeState
    {
        try answer(setFridgeTemperatureStub, .setFridgeTemperature(deviceId: deviceId, temperature: temperature))
    }

    /// Answers from ``setFreezerTemperatureStub``.
    nonisolated(nonsending) public func setFreezerTemperature(deviceId: String, temperature: Int) async throws
        -> FridgeState
    {
        try answer(setFreezerTemperatureStub, .setFreezerTemperature(deviceId: deviceId, temperature: temperature))
    }

    /// Answers from ``getDishwasherStateStub``.
    nonisolated(nonsending) public func getDishwasherState(deviceId: String) async throws -> DishwasherState {
        try answer(getDishwasherStateStub, .getDishwasherState(deviceId: deviceId))
    }

    /// Answers from ``startDishwasherStub``.
    nonisolated(nonsending) public func startDishwasher(deviceId: String, cycle: String) async throws
        -> DishwasherState
    {
        try answer(startDishwasherStub, .startDishwasher(deviceId: deviceId, cycle: cycle))
    }

    /// Answers from ``stopDishwasherStub``.
    nonisolated(nonsending) public func stopDishwasher(deviceId: String) async throws -> DishwasherState {
        try answer(stopDishwasherStub, .stopDishwasher(deviceId: deviceId))
    }

    /// Answers from ``getIceMakerStateStub``.
    nonisolated(nonsending) public func getIceMakerState(deviceId: String) async throws -> IceMakerState {
        try answer(getIceMakerStateStub, .getIceMakerState(deviceId: deviceId))
    }

    /// Answers from ``setIceMakerPowerStub``.
    nonisolated(nonsending) public func setIceMakerPower(deviceId: String, isOn: Bool) async throws -> IceMakerState {
        try answer(setIceMakerPowerStub, .setIceMakerPower(deviceId: deviceId, isOn: isOn))
    }

    /// Answers from ``setIceMakerRateStub``.
    nonisolated(nonsending) public func setIceMakerRate(deviceId: String, rate: String) async throws -> IceMakerState {
        try answer(setIceMakerRateStub, .setIceMakerRate(deviceId: deviceId, rate: rate))
    }
}
