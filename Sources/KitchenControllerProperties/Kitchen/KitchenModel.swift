import Foundation
import KitchenAPI
import KitchenControllers

/// An in-memory kitchen that follows API.md's rules for the commands the
/// controllers send (ranges, compartments, 404 for unknown devices, 409 for a
/// dishwasher already running) and a few simulation steps, as a value.
///
/// ```swift
/// var kitchen = KitchenModel.standard(at: date)
/// try kitchen.setOvenTemperature(DeviceKey(deviceId: "oven-1"), to: 375, at: date)
/// kitchen.runDishwasher("dishwasher-1", minutes: 200, at: date)   // complete
/// ```
public struct KitchenModel: Hashable, Sendable {
    /// Every device, as `GET /devices` lists them.
    public var devices: [DeviceInfo]
    /// Ovens and compartments.
    public var ovens: [DeviceKey: OvenState]
    /// Fridges.
    public var fridges: [String: FridgeState]
    /// Dishwashers.
    public var dishwashers: [String: DishwasherState]
    /// Ice makers.
    public var iceMakers: [String: IceMakerState]

    /// Cycle lengths in minutes (API.md).
    public static let cycleMinutes: [String: Int] = [
        "normal": 120, "speed_wash": 60, "heavy": 150, "extra_rinse": 135,
        "sanitize": 140, "eco": 180, "rinse_only": 15, "pots_pans": 160,
    ]

    /// The kitchen the server creates on first login (``DeviceInfo/defaultDevices``), every device in its default state.
    public static func standard(at date: Date) -> KitchenModel {
        var kitchen = KitchenModel(devices: DeviceInfo.defaultDevices, ovens: [:], fridges: [:], dishwashers: [:],
                                   iceMakers: [:])
        for device in kitchen.devices {
            switch device.type {
            case .oven:
                let keys = device.isDoubleOven ? (device.compartments ?? []).map { Optional($0.key) } : [nil]
                for compartment in keys {
                    kitchen.ovens[DeviceKey(deviceId: device.id, compartment: compartment)] = OvenState.defaultOvenState.dated(date)
                }
            case .fridge: kitchen.fridges[device.id] = FridgeState.defaultFridgeState.dated(date)
            case .dishwasher: kitchen.dishwashers[device.id] = DishwasherState.defaultDishwasherState.dated(date)
            case .iceMaker: kitchen.iceMakers[device.id] = IceMakerState.defaultIceMakerState.dated(date)
            case .other:
                break
            }
        }
        return kitchen
    }

    // MARK: Commands

    /// The oven state at `key`; 404 for another user's device or a wrong compartment,
    /// 400 when a double oven's compartment is missing (or a single oven's given).
    public func oven(_ key: DeviceKey) throws(AppError) -> OvenState {
        guard let device = devices.first(where: { $0.id == key.deviceId && $0.isOven }) else { throw .notFound }
        if device.isDoubleOven != (key.compartment != nil) {
            throw .badRequest(message: device.isDoubleOven ? "compartment is required" : "compartment is not allowed")
        }
        guard let state = ovens[key] else { throw .notFound }
        return state
    }

    /// `POST …/oven/power`.
    public mutating func setOvenPower(_ key: DeviceKey, isOn: Bool, at date: Date) throws(AppError) -> OvenState {
        _ = try oven(key)
        return try change(\.ovens, key, at: date) { $0.isOn = isOn }
    }

    /// `POST …/oven/temperature`: 170…550 °F.
    public mutating func setOvenTemperature(_ key: DeviceKey, to degrees: Int, at date: Date) throws(AppError)
        -> OvenState
    {
        _ = try oven(key)
        guard OvenPresenter.temperatureRange.contains(degrees) else {
            throw .invalidValue(message: "targetTemperature must be 170…550")
        }
        return try change(\.ovens, key, at: date) { $0.targetTemperature = degrees }
    }

    /// `POST …/oven/mode`: one of ``OvenPresenter/modes``.
    public mutating func setOvenMode(_ key: DeviceKey, to mode: String, at date: Date) throws(AppError) -> OvenState {
        _ = try oven(key)
        guard OvenPresenter.modes.contains(key: mode) else { throw .invalidValue(message: "unknown mode \(mode)") }
        return try change(\.ovens, key, at: date) { $0.mode = mode }
    }

    /// `POST …/fridge/temperature` (33…45 °F) or `…/fridge/freezer/temperature` (-10…10 °F).
    public mutating func setFridgeTemperature(_ deviceId: String, freezer: Bool, to degrees: Int, at date: Date)
        throws(AppError) -> FridgeState
    {
        let range = freezer ? FridgePresenter.freezerTemperatureRange : FridgePresenter.fridgeTemperatureRange
        return try change(\.fridges, deviceId, at: date) { state throws(AppError) in
            guard range.contains(degrees) else { throw .invalidValue(message: "temperature out of range") }
            if freezer { state.freezerTargetTemperature = degrees } else { state.targetTemperature = degrees }
        }
    }

    /// `POST …/dishwasher/start`: 400 for an unknown cycle, 409 while running.
    public mutating func startDishwasher(_ deviceId: String, cycle: String, at date: Date) throws(AppError)
        -> DishwasherState
    {
        try change(\.dishwashers, deviceId, at: date) { state throws(AppError) in
            guard let minutes = Self.cycleMinutes[cycle] else { throw .invalidValue(message: "unknown cycle \(cycle)") }
            guard state.status != .running else { throw .conflict }
            state = DishwasherState(status: .running, cycle: cycle, remainingMinutes: minutes, lastUpdated: date)
        }
    }

    /// `POST …/dishwasher/stop`: idle, no cycle; idempotent.
    public mutating func stopDishwasher(_ deviceId: String, at date: Date) throws(AppError) -> DishwasherState {
        try change(\.dishwashers, deviceId, at: date) {
            $0 = DishwasherState(status: .idle, cycle: nil, remainingMinutes: 0, lastUpdated: date)
        }
    }

    /// `POST …/icemaker/power`.
    public mutating func setIceMakerPower(_ deviceId: String, isOn: Bool, at date: Date) throws(AppError)
        -> IceMakerState
    {
        try change(\.iceMakers, deviceId, at: date) { $0.isOn = isOn }
    }

    /// `POST …/icemaker/rate`: one of ``IceMakerPresenter/productionRates``.
    public mutating func setIceMakerRate(_ deviceId: String, to rate: String, at date: Date) throws(AppError)
        -> IceMakerState
    {
        try change(\.iceMakers, deviceId, at: date) { state throws(AppError) in
            guard IceMakerPresenter.productionRates.contains(key: rate) else {
                throw .invalidValue(message: "unknown rate \(rate)")
            }
            state.productionRate = rate
        }
    }

    /// Changes the state at `key` of `states` with `edit` and dates it `date`; 404 when there is none.
    private mutating func change<Key: Hashable, State: DatedState>(
        _ states: WritableKeyPath<KitchenModel, [Key: State]>, _ key: Key, at date: Date,
        _ edit: (inout State) throws(AppError) -> Void
    ) throws(AppError) -> State {
        guard var state = self[keyPath: states][key] else { throw .notFound }
        try edit(&state)
        state = state.dated(date)
        self[keyPath: states][key] = state
        return state
    }

    // MARK: Simulation

    /// Runs a dishwasher `minutes` further: complete when its time is up. Returns
    /// the new state, or `nil` when it was not running.
    public mutating func runDishwasher(_ deviceId: String, minutes: Int, at date: Date) -> DishwasherState? {
        guard dishwashers[deviceId]?.status == .running else { return nil }
        return try? change(\.dishwashers, deviceId, at: date) {
            $0.remainingMinutes = max(0, $0.remainingMinutes - minutes)
            if $0.remainingMinutes == 0 { $0.status = .complete }
        }
    }

    /// Opens or closes a fridge door (`doorOpenedAt` is the opening's date).
    /// Returns the new state, or `nil` when nothing changed.
    public mutating func setDoor(_ deviceId: String, open: Bool, at date: Date) -> FridgeState? {
        guard let state = fridges[deviceId], state.isDoorOpen != open else { return nil }
        return try? change(\.fridges, deviceId, at: date) {
            $0.isDoorOpen = open
            $0.doorOpenedAt = open ? date : nil
        }
    }

    /// Every device's state as the WebSocket snapshot sends it after an upgrade.
    public func snapshot(sentAt date: Date) -> [StateMessage] {
        devices.flatMap { device -> [StateMessage] in
            let states: [(compartment: String?, update: DeviceUpdate)] = switch device.type {
            case .oven:
                ovens.filter { $0.key.deviceId == device.id }.sorted { $0.key < $1.key }.map { ($0.key.compartment, .oven($0.value)) }
            case .fridge: fridges[device.id].map { [(nil, .fridge($0))] } ?? []
            case .dishwasher: dishwashers[device.id].map { [(nil, .dishwasher($0))] } ?? []
            case .iceMaker: iceMakers[device.id].map { [(nil, .iceMaker($0))] } ?? []
            case .other: []
            }
            return states.map { StateMessage(deviceId: device.id, compartment: $0.compartment, sentAt: date, update: $0.update) }
        }
    }
}

/// A device state stamped with the time the server last changed it.
protocol DatedState {
    var lastUpdated: Date { get set }
}

extension DatedState {
    /// The state stamped `date`.
    func dated(_ date: Date) -> Self {
        var state = self
        state.lastUpdated = date
        return state
    }
}

extension OvenState: DatedState {}
extension FridgeState: DatedState {}
extension DishwasherState: DatedState {}
extension IceMakerState: DatedState {}
