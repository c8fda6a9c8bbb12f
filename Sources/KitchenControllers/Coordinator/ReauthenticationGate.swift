import KitchenAPI
import Synchronization

/// An ``APIServiceProtocol`` decorator that keeps commands from reaching the
/// API while the session must sign in again: such a call throws
/// `AppError.unauthorized` without calling through (and is recorded as
/// ``LogEvent/commandBlocked(operation:)``). Signing in and out always pass.
///
/// The coordinator owns the rules (``SessionState``) and mirrors them here
/// after every change, so children need no code of their own for it.
///
/// ```swift
/// let gate = ReauthenticationGate(wrapping: api, telemetry: telemetry)
/// var session = SessionState()
/// session.record(AppError.unauthorized)
/// gate.update(session)
/// try await gate.setOvenPower(deviceId: "oven-1", isOn: true)   // throws .unauthorized, api not called
/// ```
public final class ReauthenticationGate: APIServiceProtocol {
    private let base: any APIServiceProtocol
    private let telemetry: any TelemetryService
    private let session = Mutex(SessionState())

    /// A gate in front of `base`, open until told otherwise.
    public init(wrapping base: any APIServiceProtocol, telemetry: any TelemetryService = NoTelemetryService()) {
        self.base = base
        self.telemetry = telemetry
    }

    /// Takes the session's current rules.
    public func update(_ state: SessionState) {
        session.withLock { $0 = state }
    }

    /// Whether a call to `operation` would pass now.
    public func admits(_ operation: APIOperation) -> Bool {
        session.withLock { $0.admits(operation) }
    }

    private func admit(_ operation: APIOperation) throws(AppError) {
        guard admits(operation) else {
            telemetry.record(.commandBlocked(operation: operation.rawValue))
            throw .unauthorized
        }
    }

    // MARK: APIServiceProtocol

    /// Passes through.
    nonisolated(nonsending) public func login(username: String, password: String) async throws -> LoginResponse {
        try admit(.login)
        return try await base.login(username: username, password: password)
    }

    /// Passes through.
    nonisolated(nonsending) public func logout() async throws {
        try admit(.logout)
        try await base.logout()
    }

    /// Gated.
    nonisolated(nonsending) public func fetchDevices() async throws -> [DeviceInfo] {
        try admit(.listDevices)
        return try await base.fetchDevices()
    }

    /// Gated.
    nonisolated(nonsending) public func getOvenState(deviceId: String, compartment: String?) async throws
        -> OvenState
    {
        try admit(.getOvenState)
        return try await base.getOvenState(deviceId: deviceId, compartment: compartment)
    }

    /// Gated.
    nonisolated(nonsending) public func setOvenPower(deviceId: String, compartment: String?, isOn: Bool)
        async throws -> OvenState
    {
        try admit(.setOvenPower)
        return try await base.setOvenPower(deviceId: deviceId, compartment: compartment, isOn: isOn)
    }

    /// Gated.
    nonisolated(nonsending) public func setOvenTemperature(deviceId: String, compartment: String?, temperature: Int)
        async throws -> OvenState
    {
        try admit(.setOvenTemperature)
        return try await base.setOvenTemperature(deviceId: deviceId, compartment: compartment, temperature: temperature)
    }

    /// Gated.
    nonisolated(nonsending) public func setOvenMode(deviceId: String, compartment: String?, mode: String)
        async throws -> OvenState
    {
        try admit(.setOvenMode)
        return try await base.setOvenMode(deviceId: deviceId, compartment: compartment, mode: mode)
    }

    /// Gated.
    nonisolated(nonsending) public func getFridgeState(deviceId: String) async throws -> FridgeState {
        try admit(.getFridgeState)
        return try await base.getFridgeState(deviceId: deviceId)
    }

    /// Gated.
    nonisolated(nonsending) public func setFridgeTemperature(deviceId: String, temperature: Int) async throws
        -> FridgeState
    {
        try admit(.setFridgeTemperature)
        return try await base.setFridgeTemperature(deviceId: deviceId, temperature: temperature)
    }

    /// Gated.
    nonisolated(nonsending) public func setFreezerTemperature(deviceId: String, temperature: Int) async throws
        -> FridgeState
    {
        try admit(.setFreezerTemperature)
        return try await base.setFreezerTemperature(deviceId: deviceId, temperature: temperature)
    }

    /// Gated.
    nonisolated(nonsending) public func getDishwasherState(deviceId: String) async throws -> DishwasherState {
        try admit(.getDishwasherState)
        return try await base.getDishwasherState(deviceId: deviceId)
    }

    /// Gated.
    nonisolated(nonsending) public func startDishwasher(deviceId: String, cycle: String) async throws
        -> DishwasherState
    {
        try admit(.startDishwasher)
        return try await base.startDishwasher(deviceId: deviceId, cycle: cycle)
    }

    /// Gated.
    nonisolated(nonsending) public func stopDishwasher(deviceId: String) async throws -> DishwasherState {
        try admit(.stopDishwasher)
        return try await base.stopDishwasher(deviceId: deviceId)
    }

    /// Gated.
    nonisolated(nonsending) public func getIceMakerState(deviceId: String) async throws -> IceMakerState {
        try admit(.getIceMakerState)
        return try await base.getIceMakerState(deviceId: deviceId)
    }

    /// Gated.
    nonisolated(nonsending) public func setIceMakerPower(deviceId: String, isOn: Bool) async throws -> IceMakerState {
        try admit(.setIceMakerPower)
        return try await base.setIceMakerPower(deviceId: deviceId, isOn: isOn)
    }

    /// Gated.
    nonisolated(nonsending) public func setIceMakerRate(deviceId: String, rate: String) async throws -> IceMakerState {
        try admit(.setIceMakerRate)
        return try await base.setIceMakerRate(deviceId: deviceId, rate: rate)
    }
}
