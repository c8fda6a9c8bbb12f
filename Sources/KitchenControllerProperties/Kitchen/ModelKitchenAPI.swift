import Foundation
import KitchenAPI
import KitchenControllers
import Synchronization
import VirtualTime

/// An ``KitchenAPI/APIServiceProtocol`` served by a ``KitchenModel`` on virtual
/// time: commands change the model as the server would, and a test can make
/// answers slow or failing, or end the session (every call then gets 401
/// until a sign-in with `demo`/`demo`). Every call is recorded with its instant.
///
/// ```swift
/// let api = ModelKitchenAPI(kitchen: .standard(at: clock.startDate), clock: clock)
/// api.setStandingAnswer(PlannedAnswer(latency: .seconds(1), failure: .server(status: 500)), for: .setOvenTemperature)
/// api.expireSession()
/// ```
public final class ModelKitchenAPI: APIServiceProtocol {
    /// One call the API received.
    public struct Call: Hashable, Sendable, CustomStringConvertible {
        /// The operation.
        public var operation: APIOperation
        /// When, in virtual time since the clock started.
        public var at: MachineInstant
        /// The arguments, e.g. `oven-1 375`.
        public var detail: String

        /// `setOvenTemperature oven-1 375 at 500 ms`.
        public var description: String { "\(operation.rawValue) \(detail) at \(at)" }
    }

    private struct State {
        var kitchen: KitchenModel
        var sessionValid = true
        var standing: [APIOperation: PlannedAnswer] = [:]
        var calls: [Call] = []
    }

    /// The clock answers wait on and calls are stamped with.
    public let clock: VirtualClock
    private let state: Mutex<State>

    /// An API serving `kitchen`, signed in.
    public init(kitchen: KitchenModel, clock: VirtualClock) {
        self.clock = clock
        self.state = Mutex(State(kitchen: kitchen))
    }

    /// The kitchen as it is now.
    public var kitchen: KitchenModel { state.withLock { $0.kitchen } }

    /// Changes the kitchen as the server's simulation would; returns what `change` returns.
    public func updateKitchen<Result: Sendable>(_ change: (inout KitchenModel) -> Result) -> Result {
        state.withLock { change(&$0.kitchen) }
    }

    /// Every call so far, in order.
    public var calls: [Call] { state.withLock { $0.calls } }

    /// From now on every call of `operation` takes `answer.latency` and fails
    /// with `answer.failure` if it has one; `nil` restores immediate answers.
    public func setStandingAnswer(_ answer: PlannedAnswer?, for operation: APIOperation) {
        state.withLock { $0.standing[operation] = answer }
    }

    /// The token expires: every call but login gets 401 until a sign-in succeeds.
    public func expireSession() {
        state.withLock { $0.sessionValid = false }
    }

    private nonisolated(nonsending) func answer<Answer: Sendable>(
        _ operation: APIOperation,
        _ detail: String,
        _ body: (inout KitchenModel, Date) throws(AppError) -> Answer
    ) async throws -> Answer {
        let now = MachineInstant(sinceEpoch: clock.now.offset)
        let plan = state.withLock { state -> PlannedAnswer? in
            state.calls.append(Call(operation: operation, at: now, detail: detail))
            return state.standing[operation]
        }
        if let latency = plan?.latency, latency > .zero {
            try await clock.sleep(for: latency, label: "\(operation.rawValue) answer")
        }
        if let failure = plan?.failure { throw failure }
        let date = clock.currentDate
        return try state.withLock { state throws(AppError) -> Answer in
            guard state.sessionValid || operation == .login else { throw .unauthorized }
            return try body(&state.kitchen, date)
        }
    }

    // MARK: APIServiceProtocol

    /// `demo`/`demo` signs in (and revives the session); anything else is 401.
    nonisolated(nonsending) public func login(username: String, password: String) async throws -> LoginResponse {
        let session = try await answer(.login, username) { _, _ throws(AppError) in
            guard username == "demo", password == "demo" else { throw .unauthorized }
            return LoginResponse.defaultLoginResponse
        }
        state.withLock { $0.sessionValid = true }
        return session
    }

    /// Ends the session.
    nonisolated(nonsending) public func logout() async throws {
        try await answer(.logout, "") { _, _ throws(AppError) in () }
        state.withLock { $0.sessionValid = false }
    }

    /// The kitchen's devices.
    nonisolated(nonsending) public func fetchDevices() async throws -> [DeviceInfo] {
        try await answer(.listDevices, "") { kitchen, _ throws(AppError) in kitchen.devices }
    }

    /// An oven's state.
    nonisolated(nonsending) public func getOvenState(deviceId: String, compartment: String?) async throws
        -> OvenState
    {
        let key = DeviceKey(deviceId: deviceId, compartment: compartment)
        return try await answer(.getOvenState, "\(key)") { kitchen, _ throws(AppError) in try kitchen.oven(key) }
    }

    /// Oven power.
    nonisolated(nonsending) public func setOvenPower(deviceId: String, compartment: String?, isOn: Bool)
        async throws -> OvenState
    {
        let key = DeviceKey(deviceId: deviceId, compartment: compartment)
        return try await answer(.setOvenPower, "\(key) \(isOn)") { kitchen, date throws(AppError) in
            try kitchen.setOvenPower(key, isOn: isOn, at: date)
        }
    }

    /// Oven temperature.
    nonisolated(nonsending) public func setOvenTemperature(deviceId: String, compartment: String?, temperature: Int)
        async throws -> OvenState
    {
        let key = DeviceKey(deviceId: deviceId, compartment: compartment)
        return try await answer(.setOvenTemperature, "\(key) \(temperature)") { kitchen, date throws(AppError) in
            try kitchen.setOvenTemperature(key, to: temperature, at: date)
        }
    }

    /// Oven mode.
    nonisolated(nonsending) public func setOvenMode(deviceId: String, compartment: String?, mode: String)
        async throws -> OvenState
    {
        let key = DeviceKey(deviceId: deviceId, compartment: compartment)
        return try await answer(.setOvenMode, "\(key) \(mode)") { kitchen, date throws(AppError) in
            try kitchen.setOvenMode(key, to: mode, at: date)
        }
    }

    /// A fridge's state.
    nonisolated(nonsending) public func getFridgeState(deviceId: String) async throws -> FridgeState {
        try await answer(.getFridgeState, deviceId) { kitchen, _ throws(AppError) in
            guard let state = kitchen.fridges[deviceId] else { throw .notFound }
            return state
        }
    }

    /// Fridge temperature.
    nonisolated(nonsending) public func setFridgeTemperature(deviceId: String, temperature: Int) async throws
        -> FridgeState
    {
        try await answer(.setFridgeTemperature, "\(deviceId) \(temperature)") { kitchen, date throws(AppError) in
            try kitchen.setFridgeTemperature(deviceId, freezer: false, to: temperature, at: date)
        }
    }

    /// Freezer temperature.
    nonisolated(nonsending) public func setFreezerTemperature(deviceId: String, temperature: Int) async throws
        -> FridgeState
    {
        try await answer(.setFreezerTemperature, "\(deviceId) \(temperature)") { kitchen, date throws(AppError) in
            try kitchen.setFridgeTemperature(deviceId, freezer: true, to: temperature, at: date)
        }
    }

    /// A dishwasher's state.
    nonisolated(nonsending) public func getDishwasherState(deviceId: String) async throws -> DishwasherState {
        try await answer(.getDishwasherState, deviceId) { kitchen, _ throws(AppError) in
            guard let state = kitchen.dishwashers[deviceId] else { throw .notFound }
            return state
        }
    }

    /// Dishwasher start.
    nonisolated(nonsending) public func startDishwasher(deviceId: String, cycle: String) async throws
        -> DishwasherState
    {
        try await answer(.startDishwasher, "\(deviceId) \(cycle)") { kitchen, date throws(AppError) in
            try kitchen.startDishwasher(deviceId, cycle: cycle, at: date)
        }
    }

    /// Dishwasher stop.
    nonisolated(nonsending) public func stopDishwasher(deviceId: String) async throws -> DishwasherState {
        try await answer(.stopDishwasher, deviceId) { kitchen, date throws(AppError) in
            try kitchen.stopDishwasher(deviceId, at: date)
        }
    }

    /// An ice maker's state.
    nonisolated(nonsending) public func getIceMakerState(deviceId: String) async throws -> IceMakerState {
        try await answer(.getIceMakerState, deviceId) { kitchen, _ throws(AppError) in
            guard let state = kitchen.iceMakers[deviceId] else { throw .notFound }
            return state
        }
    }

    /// Ice maker power.
    nonisolated(nonsending) public func setIceMakerPower(deviceId: String, isOn: Bool) async throws -> IceMakerState {
        try await answer(.setIceMakerPower, "\(deviceId) \(isOn)") { kitchen, date throws(AppError) in
            try kitchen.setIceMakerPower(deviceId, isOn: isOn, at: date)
        }
    }

    /// Ice maker rate.
    nonisolated(nonsending) public func setIceMakerRate(deviceId: String, rate: String) async throws -> IceMakerState {
        try await answer(.setIceMakerRate, "\(deviceId) \(rate)") { kitchen, date throws(AppError) in
            try kitchen.setIceMakerRate(deviceId, to: rate, at: date)
        }
    }
}
