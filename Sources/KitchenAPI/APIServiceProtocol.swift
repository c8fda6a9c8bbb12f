/// Everything the app can ask of the Kitchen API over REST. ``APIService``
/// is the real client; ``MockAPIService`` is the test double.
///
/// Every requirement is `nonisolated(nonsending)`: the call runs in the
/// caller's isolation, even through `any APIServiceProtocol`. A `@MainActor`
/// view model that calls the mock therefore never leaves the main actor,
/// which is what keeps the controllers' virtual-time tests deterministic.
/// Implementations declare their methods `nonisolated(nonsending)` too.
///
/// All methods throw ``AppError`` for failures and `CancellationError` when
/// the calling task is cancelled.
///
/// Each requirement calls exactly one contract operation; ``APIMethod`` declares which.
/// A new requirement needs its ``APIMethod`` case too (a unit test checks the two agree).
///
/// ```swift
/// @MainActor func toggle(api: any APIServiceProtocol, id: String, isOn: Bool) async throws {
///     ovens[id] = try await api.setOvenPower(deviceId: id, isOn: !isOn)
/// }
/// ```
public protocol APIServiceProtocol: Sendable {
    /// `POST /auth/login`; stores the returned token for later calls.
    nonisolated(nonsending) func login(username: String, password: String) async throws -> LoginResponse
    /// `POST /auth/logout`; forgets the stored token.
    nonisolated(nonsending) func logout() async throws
    /// `GET /devices` (operation `listDevices`).
    nonisolated(nonsending) func fetchDevices() async throws -> [DeviceInfo]

    /// `GET /devices/{id}/oven`; `compartment` is required for a double oven and must be nil otherwise.
    nonisolated(nonsending) func getOvenState(deviceId: String, compartment: String?) async throws -> OvenState
    /// `POST /devices/{id}/oven/power`.
    nonisolated(nonsending) func setOvenPower(deviceId: String, compartment: String?, isOn: Bool) async throws
        -> OvenState
    /// `POST /devices/{id}/oven/temperature`; `temperature` in °F, 170…550.
    nonisolated(nonsending) func setOvenTemperature(deviceId: String, compartment: String?, temperature: Int)
        async throws -> OvenState
    /// `POST /devices/{id}/oven/mode`.
    nonisolated(nonsending) func setOvenMode(deviceId: String, compartment: String?, mode: String) async throws
        -> OvenState

    /// `GET /devices/{id}/fridge`.
    nonisolated(nonsending) func getFridgeState(deviceId: String) async throws -> FridgeState
    /// `POST /devices/{id}/fridge/temperature`; °F, 33…45.
    nonisolated(nonsending) func setFridgeTemperature(deviceId: String, temperature: Int) async throws
        -> FridgeState
    /// `POST /devices/{id}/fridge/freezer/temperature`; °F, -10…10.
    nonisolated(nonsending) func setFreezerTemperature(deviceId: String, temperature: Int) async throws
        -> FridgeState

    /// `GET /devices/{id}/dishwasher`.
    nonisolated(nonsending) func getDishwasherState(deviceId: String) async throws -> DishwasherState
    /// `POST /devices/{id}/dishwasher/start`; 409 (`conflict`) when already running.
    nonisolated(nonsending) func startDishwasher(deviceId: String, cycle: String) async throws -> DishwasherState
    /// `POST /devices/{id}/dishwasher/stop`; idempotent.
    nonisolated(nonsending) func stopDishwasher(deviceId: String) async throws -> DishwasherState

    /// `GET /devices/{id}/icemaker`.
    nonisolated(nonsending) func getIceMakerState(deviceId: String) async throws -> IceMakerState
    /// `POST /devices/{id}/icemaker/power`.
    nonisolated(nonsending) func setIceMakerPower(deviceId: String, isOn: Bool) async throws -> IceMakerState
    /// `POST /devices/{id}/icemaker/rate`; `low`, `medium` or `high`.
    nonisolated(nonsending) func setIceMakerRate(deviceId: String, rate: String) async throws -> IceMakerState
}

// Single-oven call sites leave the compartment out.
extension APIServiceProtocol {
    /// `GET /devices/{id}/oven` for a single oven.
    nonisolated(nonsending) public func getOvenState(deviceId: String) async throws -> OvenState {
        try await getOvenState(deviceId: deviceId, compartment: nil)
    }

    /// `POST /devices/{id}/oven/power` for a single oven.
    nonisolated(nonsending) public func setOvenPower(deviceId: String, isOn: Bool) async throws -> OvenState {
        try await setOvenPower(deviceId: deviceId, compartment: nil, isOn: isOn)
    }

    /// `POST /devices/{id}/oven/temperature` for a single oven.
    nonisolated(nonsending) public func setOvenTemperature(deviceId: String, temperature: Int) async throws
        -> OvenState
    {
        try await setOvenTemperature(deviceId: deviceId, compartment: nil, temperature: temperature)
    }

    /// `POST /devices/{id}/oven/mode` for a single oven.
    nonisolated(nonsending) public func setOvenMode(deviceId: String, mode: String) async throws -> OvenState {
        try await setOvenMode(deviceId: deviceId, compartment: nil, mode: mode)
    }
}
