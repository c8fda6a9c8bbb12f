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
public final class ModelKitchenAPI: APICallRouting {
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

    /// Records `call`, waits out its standing answer's latency, fails as that answer says, and
    /// otherwise answers as the server would: `demo`/`demo` signs in (and revives the session),
    /// anything else is 401; logout ends the session; commands change the kitchen.
    nonisolated(nonsending) public func route<Answer: Sendable>(
        _ call: APICall, forward: nonisolated(nonsending) (any APIServiceProtocol) async throws -> Answer
    ) async throws -> Answer {
        let operation = call.operation
        let now = MachineInstant(sinceEpoch: clock.now.offset)
        let (detail, body) = Self.plan(call)
        let standing = state.withLock { state -> PlannedAnswer? in
            state.calls.append(Call(operation: operation, at: now, detail: detail))
            return state.standing[operation]
        }
        if let latency = standing?.latency, latency > .zero {
            try await clock.sleep(for: latency, label: "\(operation.rawValue) answer")
        }
        if let failure = standing?.failure { throw failure }
        let date = clock.currentDate
        let answer = try state.withLock { state throws(AppError) -> any Sendable in
            guard state.sessionValid || operation == .login else { throw .unauthorized }
            let answer = try body(&state.kitchen, date)
            if operation == .login || operation == .logout { state.sessionValid = operation == .login }
            return answer
        }
        guard let typed = answer as? Answer else { preconditionFailure("\(operation.rawValue) answered \(type(of: answer))") }
        return typed
    }

    private typealias Body = (inout KitchenModel, Date) throws(AppError) -> any Sendable

    /// The call's arguments as ``Call/detail`` shows them, and what it does to the kitchen.
    private static func plan(_ call: APICall) -> (detail: String, body: Body) {
        switch call {
        case .login(let username, let password):
            return (username, { _, _ throws(AppError) in
                guard username == "demo", password == "demo" else { throw .unauthorized }
                return LoginResponse.defaultLoginResponse
            })
        case .logout:
            return ("", { _, _ throws(AppError) in () })
        case .fetchDevices:
            return ("", { kitchen, _ throws(AppError) in kitchen.devices })
        case .getOvenState(let deviceId, let compartment):
            let key = DeviceKey(deviceId: deviceId, compartment: compartment)
            return ("\(key)", { kitchen, _ throws(AppError) in try kitchen.oven(key) })
        case .setOvenPower(let deviceId, let compartment, let isOn):
            let key = DeviceKey(deviceId: deviceId, compartment: compartment)
            return ("\(key) \(isOn)", { kitchen, date throws(AppError) in try kitchen.setOvenPower(key, isOn: isOn, at: date) })
        case .setOvenTemperature(let deviceId, let compartment, let temperature):
            let key = DeviceKey(deviceId: deviceId, compartment: compartment)
            return ("\(key) \(temperature)", { kitchen, date throws(AppError) in
                try kitchen.setOvenTemperature(key, to: temperature, at: date)
            })
        case .setOvenMode(let deviceId, let compartment, let mode):
            let key = DeviceKey(deviceId: deviceId, compartment: compartment)
            return ("\(key) \(mode)", { kitchen, date throws(AppError) in try kitchen.setOvenMode(key, to: mode, at: date) })
        case .getFridgeState(let deviceId):
            return (deviceId, { kitchen, _ throws(AppError) in try found(kitchen.fridges[deviceId]) })
        case .setFridgeTemperature(let deviceId, let temperature):
            return ("\(deviceId) \(temperature)", { kitchen, date throws(AppError) in
                try kitchen.setFridgeTemperature(deviceId, freezer: false, to: temperature, at: date)
            })
        case .setFreezerTemperature(let deviceId, let temperature):
            return ("\(deviceId) \(temperature)", { kitchen, date throws(AppError) in
                try kitchen.setFridgeTemperature(deviceId, freezer: true, to: temperature, at: date)
            })
        case .getDishwasherState(let deviceId):
            return (deviceId, { kitchen, _ throws(AppError) in try found(kitchen.dishwashers[deviceId]) })
        case .startDishwasher(let deviceId, let cycle):
            return ("\(deviceId) \(cycle)", { kitchen, date throws(AppError) in
                try kitchen.startDishwasher(deviceId, cycle: cycle, at: date)
            })
        case .stopDishwasher(let deviceId):
            return (deviceId, { kitchen, date throws(AppError) in try kitchen.stopDishwasher(deviceId, at: date) })
        case .getIceMakerState(let deviceId):
            return (deviceId, { kitchen, _ throws(AppError) in try found(kitchen.iceMakers[deviceId]) })
        case .setIceMakerPower(let deviceId, let isOn):
            return ("\(deviceId) \(isOn)", { kitchen, date throws(AppError) in
                try kitchen.setIceMakerPower(deviceId, isOn: isOn, at: date)
            })
        case .setIceMakerRate(let deviceId, let rate):
            return ("\(deviceId) \(rate)", { kitchen, date throws(AppError) in
                try kitchen.setIceMakerRate(deviceId, to: rate, at: date)
            })
        }
    }

    /// The device's state, or 404.
    private static func found<State>(_ state: State?) throws(AppError) -> State {
        guard let state else { throw .notFound }
        return state
    }
}
