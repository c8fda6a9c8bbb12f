/// An ``APIServiceProtocol`` that answers every method in one place: each method becomes its
/// ``APICall`` and goes to ``route(_:forward:)``, with a closure that makes the same call on
/// another implementation. A test double answers the call itself; a decorator decides and then
/// forwards to the implementation it wraps.
///
/// ```swift
/// final class Counting: APICallRouting {
///     let base: any APIServiceProtocol
///     let count = Mutex(0)
///     nonisolated(nonsending) func route<Answer: Sendable>(
///         _ call: APICall, forward: nonisolated(nonsending) (any APIServiceProtocol) async throws -> Answer
///     ) async throws -> Answer {
///         count.withLock { $0 += 1 }
///         return try await forward(base)
///     }
/// }
/// ```
public protocol APICallRouting: APIServiceProtocol {
    /// Answers `call`, whose method answers `Answer`. `forward` makes the same call on the
    /// implementation it is given, in the caller's isolation.
    nonisolated(nonsending) func route<Answer: Sendable>(
        _ call: APICall, forward: nonisolated(nonsending) (any APIServiceProtocol) async throws -> Answer
    ) async throws -> Answer
}

extension APICallRouting {
    /// Routes ``APICall/login(username:password:)``.
    nonisolated(nonsending) public func login(username: String, password: String) async throws -> LoginResponse {
        try await route(.login(username: username, password: password)) {
            try await $0.login(username: username, password: password)
        }
    }

    /// Routes ``APICall/logout``.
    nonisolated(nonsending) public func logout() async throws {
        try await route(.logout) { try await $0.logout() }
    }

    /// Routes ``APICall/fetchDevices``.
    nonisolated(nonsending) public func fetchDevices() async throws -> [DeviceInfo] {
        try await route(.fetchDevices) { try await $0.fetchDevices() }
    }

    /// Routes ``APICall/getOvenState(deviceId:compartment:)``.
    nonisolated(nonsending) public func getOvenState(deviceId: String, compartment: String?) async throws
        -> OvenState
    {
        try await route(.getOvenState(deviceId: deviceId, compartment: compartment)) {
            try await $0.getOvenState(deviceId: deviceId, compartment: compartment)
        }
    }

    /// Routes ``APICall/setOvenPower(deviceId:compartment:isOn:)``.
    nonisolated(nonsending) public func setOvenPower(deviceId: String, compartment: String?, isOn: Bool)
        async throws -> OvenState
    {
        try await route(.setOvenPower(deviceId: deviceId, compartment: compartment, isOn: isOn)) {
            try await $0.setOvenPower(deviceId: deviceId, compartment: compartment, isOn: isOn)
        }
    }

    /// Routes ``APICall/setOvenTemperature(deviceId:compartment:temperature:)``.
    nonisolated(nonsending) public func setOvenTemperature(deviceId: String, compartment: String?, temperature: Int)
        async throws -> OvenState
    {
        try await route(.setOvenTemperature(deviceId: deviceId, compartment: compartment, temperature: temperature)) {
            try await $0.setOvenTemperature(deviceId: deviceId, compartment: compartment, temperature: temperature)
        }
    }

    /// Routes ``APICall/setOvenMode(deviceId:compartment:mode:)``.
    nonisolated(nonsending) public func setOvenMode(deviceId: String, compartment: String?, mode: String)
        async throws -> OvenState
    {
        try await route(.setOvenMode(deviceId: deviceId, compartment: compartment, mode: mode)) {
            try await $0.setOvenMode(deviceId: deviceId, compartment: compartment, mode: mode)
        }
    }

    /// Routes ``APICall/getFridgeState(deviceId:)``.
    nonisolated(nonsending) public func getFridgeState(deviceId: String) async throws -> FridgeState {
        try await route(.getFridgeState(deviceId: deviceId)) { try await $0.getFridgeState(deviceId: deviceId) }
    }

    /// Routes ``APICall/setFridgeTemperature(deviceId:temperature:)``.
    nonisolated(nonsending) public func setFridgeTemperature(deviceId: String, temperature: Int) async throws
        -> FridgeState
    {
        try await route(.setFridgeTemperature(deviceId: deviceId, temperature: temperature)) {
            try await $0.setFridgeTemperature(deviceId: deviceId, temperature: temperature)
        }
    }

    /// Routes ``APICall/setFreezerTemperature(deviceId:temperature:)``.
    nonisolated(nonsending) public func setFreezerTemperature(deviceId: String, temperature: Int) async throws
        -> FridgeState
    {
        try await route(.setFreezerTemperature(deviceId: deviceId, temperature: temperature)) {
            try await $0.setFreezerTemperature(deviceId: deviceId, temperature: temperature)
        }
    }

    /// Routes ``APICall/getDishwasherState(deviceId:)``.
    nonisolated(nonsending) public func getDishwasherState(deviceId: String) async throws -> DishwasherState {
        try await route(.getDishwasherState(deviceId: deviceId)) { try await $0.getDishwasherState(deviceId: deviceId) }
    }

    /// Routes ``APICall/startDishwasher(deviceId:cycle:)``.
    nonisolated(nonsending) public func startDishwasher(deviceId: String, cycle: String) async throws
        -> DishwasherState
    {
        try await route(.startDishwasher(deviceId: deviceId, cycle: cycle)) {
            try await $0.startDishwasher(deviceId: deviceId, cycle: cycle)
        }
    }

    /// Routes ``APICall/stopDishwasher(deviceId:)``.
    nonisolated(nonsending) public func stopDishwasher(deviceId: String) async throws -> DishwasherState {
        try await route(.stopDishwasher(deviceId: deviceId)) { try await $0.stopDishwasher(deviceId: deviceId) }
    }

    /// Routes ``APICall/getIceMakerState(deviceId:)``.
    nonisolated(nonsending) public func getIceMakerState(deviceId: String) async throws -> IceMakerState {
        try await route(.getIceMakerState(deviceId: deviceId)) { try await $0.getIceMakerState(deviceId: deviceId) }
    }

    /// Routes ``APICall/setIceMakerPower(deviceId:isOn:)``.
    nonisolated(nonsending) public func setIceMakerPower(deviceId: String, isOn: Bool) async throws -> IceMakerState {
        try await route(.setIceMakerPower(deviceId: deviceId, isOn: isOn)) {
            try await $0.setIceMakerPower(deviceId: deviceId, isOn: isOn)
        }
    }

    /// Routes ``APICall/setIceMakerRate(deviceId:rate:)``.
    nonisolated(nonsending) public func setIceMakerRate(deviceId: String, rate: String) async throws -> IceMakerState {
        try await route(.setIceMakerRate(deviceId: deviceId, rate: rate)) {
            try await $0.setIceMakerRate(deviceId: deviceId, rate: rate)
        }
    }
}
