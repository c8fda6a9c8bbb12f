import HarnessCore
import KitchenAPI

/// A rule of the Kitchen API that holds across the members of an answer — something a
/// schema cannot say — with the words of API.md (or the contract) that state it.
///
/// Check 4 holds the mock to every rule in ``all``: the value each `APIServiceProtocol`
/// method answers by default, and every answer of `MockAPIService(recording:)`. Ranges and
/// enums (`binLevel` 0…100, oven modes, cycle names) are the schema's, checked by the default
/// stub cases; rules that depend on the call's arguments (`setOvenPower(isOn: true)` answers
/// `isOn: true`) are not checked, since the mock answers fixed values by design.
///
/// ```swift
/// APIInvariant.all.map(\.rule)   // ["an ice maker's bin is full exactly at level 100", …]
/// ```
public struct APIInvariant: Sendable {
    /// The rule, in a few words.
    public let rule: String
    /// Where the API states it, quoted.
    public let source: String
    /// The operations whose answers it applies to.
    public let operations: Set<APIOperation>
    /// What in `value` breaks the rule: pointers inside the value.
    let violations: @Sendable (ClientValue) -> [MeaningDifference]

    /// Whether `value`, answered by `operation`, keeps the rule; the violations when not.
    func check(_ value: ClientValue, answering operation: APIOperation) -> [MeaningDifference] {
        operations.contains(operation) ? violations(value) : []
    }
}

extension APIInvariant {
    /// A rule about the answers of `operations` that are a `State` (`[DeviceInfo]`,
    /// `DishwasherState`, …); `violations` reads the state itself.
    init<State>(rule: String, source: String, operations: Set<APIOperation>,
                _ violations: @escaping @Sendable (State) -> [MeaningDifference]) {
        self.init(rule: rule, source: source, operations: operations, violations: { value in
            (value.value as? State).map(violations) ?? []
        })
    }

    /// Every cross-member rule API.md and the contract state, in the order API.md gives them.
    public static let all: [APIInvariant] = [
        firstLoginKitchen, uniqueDeviceIds, onlyDoubleOvensHaveCompartments,
        doorOpenedAtWhileOpen,
        idleDishwasher, runningDishwasher, completeDishwasher, startAnswersRunning, stopAnswersIdle,
        binFullAtOneHundred,
    ]

    /// The cycles and their lengths in minutes, from API.md.
    static let cycleMinutes = [
        "normal": 120, "speed_wash": 60, "heavy": 150, "extra_rinse": 135, "sanitize": 140, "eco": 180,
        "rinse_only": 15, "pots_pans": 160,
    ]

    static let dishwasherOperations: Set<APIOperation> = [.getDishwasherState, .startDishwasher, .stopDishwasher]

    private static func at(_ tokens: String...) -> JSONPointer { JSONPointer(tokens: tokens) }

    static let firstLoginKitchen = APIInvariant(
        rule: "a kitchen is one double oven, one single oven, one fridge, one dishwasher and one ice maker",
        source: "API.md, Devices: \"On a user's first login the server creates their kitchen: one double oven, one single "
            + "oven, one fridge, one dishwasher, one ice maker.\"",
        operations: [.listDevices]
    ) { (devices: [DeviceInfo]) in
        let expected = "dishwasher, double oven, fridge, ice_maker, single oven"
        let found = devices.map { $0.isDoubleOven ? "double oven" : $0.type == .oven ? "single oven" : $0.type.rawValue }
            .sorted().joined(separator: ", ")
        return found == expected ? [] : [MeaningDifference(pointer: .root, expected: expected, found: found.isEmpty ? "no devices" : found)]
    }

    static let uniqueDeviceIds = everyDevice(
        rule: "device ids are unique",
        source: "API.md, Devices: \"Device ids are unique across users.\""
    ) { index, device, devices in
        guard let first = devices.firstIndex(where: { $0.id == device.id }), first < index else { return nil }
        return MeaningDifference(pointer: at(String(index), "id"), expected: "an id of its own",
                                 found: "\"\(device.id)\", the id of device \(first) too")
    }

    static let onlyDoubleOvensHaveCompartments = everyDevice(
        rule: "only a double oven has compartments, keyed upper and lower",
        source: "API.md, Devices: \"Only a double oven has `compartments` (keys `upper`, `lower`).\""
    ) { index, device, _ in
        guard let compartments = device.compartments else { return nil }
        let keys = compartments.map(\.key)
        if device.type != .oven {
            return MeaningDifference(pointer: at(String(index), "compartments"), expected: "no compartments on a \(device.type)",
                                     found: "[\(keys.joined(separator: ", "))]")
        }
        guard keys.sorted() == ["lower", "upper"] else {
            return MeaningDifference(pointer: at(String(index), "compartments"), expected: "compartments upper and lower",
                                     found: "[\(keys.joined(separator: ", "))]")
        }
        return nil
    }

    /// A rule each device of a `listDevices` answer keeps on its own: `violation` sees the
    /// device, its index and the whole list.
    private static func everyDevice(
        rule: String, source: String, _ violation: @escaping @Sendable (Int, DeviceInfo, [DeviceInfo]) -> MeaningDifference?
    ) -> APIInvariant {
        APIInvariant(rule: rule, source: source, operations: [.listDevices]) { (devices: [DeviceInfo]) in
            devices.enumerated().compactMap { violation($0.offset, $0.element, devices) }
        }
    }

    static let doorOpenedAtWhileOpen = APIInvariant(
        rule: "a fridge's doorOpenedAt is set exactly while its door is open",
        source: "Contract, FridgeState.doorOpenedAt: \"When the open door was opened …; null while the door is closed.\"",
        operations: [.getFridgeState, .setFridgeTemperature, .setFreezerTemperature]
    ) { (fridge: FridgeState) in
        guard fridge.isDoorOpen != (fridge.doorOpenedAt != nil) else { return [] }
        return [MeaningDifference(
            pointer: at("doorOpenedAt"), expected: fridge.isDoorOpen ? "a time, since isDoorOpen is true" : "null, since isDoorOpen is false",
            found: fridge.doorOpenedAt.map { Timestamp.format($0) } ?? "null")]
    }

    static let idleDishwasher = dishwasher(
        .idle, rule: "an idle dishwasher has no cycle and 0 minutes left",
        source: "API.md, Dishwasher: stop answers \"(idle, cycle null, 0 min)\"; contract: cycle \"null when idle\", "
            + "remainingMinutes \"0 when idle or complete\""
    ) { state in
        let cycle = state.cycle.map { [MeaningDifference(pointer: at("cycle"), expected: "null while idle", found: "\"\($0)\"")] }
        return (cycle ?? []) + noMinutesLeft(state, expected: "0 while idle")
    }

    static let runningDishwasher = dishwasher(
        .running, rule: "a running dishwasher runs a cycle of API.md's table, with 1 to its length in minutes left",
        source: "API.md, Dishwasher and Simulation: \"Cycles and their length in minutes: normal 120, …\"; \"a tick is one "
            + "minute of the cycle: remainingMinutes falls by 1; at 0 the status becomes complete\""
    ) { state in
        guard let cycle = state.cycle, let length = cycleMinutes[cycle] else {
            return [MeaningDifference(pointer: at("cycle"), expected: "a cycle while running",
                                      found: state.cycle.map { "\"\($0)\"" } ?? "null")]
        }
        guard (1...length).contains(state.remainingMinutes) else {
            return [MeaningDifference(pointer: at("remainingMinutes"), expected: "1…\(length) while running \(cycle)",
                                      found: "\(state.remainingMinutes)")]
        }
        return []
    }

    static let completeDishwasher = dishwasher(
        .complete, rule: "a complete dishwasher keeps its cycle, with 0 minutes left",
        source: "API.md, Dishwasher: \"A finished cycle stays `complete` (with its `cycle`) until the next start.\"; "
            + "contract: remainingMinutes \"0 when idle or complete\""
    ) { state in
        let cycle = state.cycle == nil ? [MeaningDifference(pointer: at("cycle"), expected: "the finished cycle", found: "null")] : []
        return cycle + noMinutesLeft(state, expected: "0 when complete")
    }

    /// A rule about every answer of ``dishwasherOperations`` whose dishwasher is in `status`.
    private static func dishwasher(
        _ status: DishwasherStatus, rule: String, source: String,
        _ violations: @escaping @Sendable (DishwasherState) -> [MeaningDifference]
    ) -> APIInvariant {
        APIInvariant(rule: rule, source: source, operations: dishwasherOperations) { (state: DishwasherState) in
            state.status == status ? violations(state) : []
        }
    }

    /// A difference at `remainingMinutes` unless it is 0 (`expected` says when it must be).
    private static func noMinutesLeft(_ state: DishwasherState, expected: String) -> [MeaningDifference] {
        guard state.remainingMinutes != 0 else { return [] }
        return [MeaningDifference(pointer: at("remainingMinutes"), expected: expected, found: "\(state.remainingMinutes)")]
    }

    static let startAnswersRunning = APIInvariant(
        rule: "starting a dishwasher answers it running, with its cycle's full length left",
        source: "Contract, POST /devices/{deviceId}/dishwasher/start → 200: \"The dishwasher's state: running the cycle, "
            + "with its full length remaining.\"",
        operations: [.startDishwasher]
    ) { (state: DishwasherState) in
        guard state.status == .running else {
            return [MeaningDifference(pointer: at("status"), expected: "\"running\" after a start", found: "\"\(state.status.rawValue)\"")]
        }
        guard let cycle = state.cycle, let length = cycleMinutes[cycle], state.remainingMinutes == length else {
            let expected = state.cycle.flatMap { cycleMinutes[$0] }.map { "\($0), the full length of \(state.cycle ?? "")" }
            return [MeaningDifference(pointer: at("remainingMinutes"), expected: expected ?? "the full length of a known cycle",
                                      found: "\(state.remainingMinutes)")]
        }
        return []
    }

    static let stopAnswersIdle = APIInvariant(
        rule: "stopping a dishwasher answers it idle",
        source: "API.md, Dishwasher: \"`POST /devices/{id}/dishwasher/stop` | none | 200 DishwasherState (idle, cycle null, 0 min)\"",
        operations: [.stopDishwasher]
    ) { (state: DishwasherState) in
        guard state.status != .idle else { return [] }
        return [MeaningDifference(pointer: at("status"), expected: "\"idle\" after a stop", found: "\"\(state.status.rawValue)\"")]
    }

    static let binFullAtOneHundred = APIInvariant(
        rule: "an ice maker's bin is full exactly at level 100",
        source: "API.md, Simulation: \"`isBinFull` is `binLevel == 100`\"; contract: isBinFull \"True exactly when binLevel is 100.\"",
        operations: [.getIceMakerState, .setIceMakerPower, .setIceMakerRate]
    ) { (state: IceMakerState) in
        guard state.isBinFull != (state.binLevel == 100) else { return [] }
        return [MeaningDifference(pointer: at("isBinFull"), expected: "\(state.binLevel == 100) at binLevel \(state.binLevel)",
                                  found: "\(state.isBinFull)")]
    }
}
