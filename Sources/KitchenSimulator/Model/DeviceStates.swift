import HarnessCore

/// The state of an oven or of one compartment of a double oven.
struct OvenState: Sendable, Equatable {
    var isOn = false
    var targetTemperature = 350
    var currentTemperature = Catalog.ovenIdleTemperature
    var mode = "bake"
    var lastUpdated: Int64

    var json: JSONValue {
        ["isOn": .bool(isOn), "targetTemperature": .int(targetTemperature),
         "currentTemperature": .int(currentTemperature), "mode": .string(mode),
         "lastUpdated": .string(Timestamp.format(milliseconds: lastUpdated))]
    }
}

/// A fridge with its freezer and its one door.
struct FridgeState: Sendable, Equatable {
    var targetTemperature = 37
    var currentTemperature = 37
    var freezerTargetTemperature = 0
    var freezerCurrentTemperature = 0
    var isDoorOpen = false
    var doorOpenedAt: Int64?
    var lastUpdated: Int64
    /// Ticks until a door opened by the simulated household closes again (not on the wire).
    var householdDoorTicksLeft: Int?

    var json: JSONValue {
        ["targetTemperature": .int(targetTemperature), "currentTemperature": .int(currentTemperature),
         "freezerTargetTemperature": .int(freezerTargetTemperature),
         "freezerCurrentTemperature": .int(freezerCurrentTemperature),
         "isDoorOpen": .bool(isDoorOpen),
         "doorOpenedAt": doorOpenedAt.map { .string(Timestamp.format(milliseconds: $0)) } ?? .null,
         "lastUpdated": .string(Timestamp.format(milliseconds: lastUpdated))]
    }
}

/// A dishwasher and its cycle.
struct DishwasherState: Sendable, Equatable {
    enum Status: String, Sendable { case idle, running, complete }
    var status = Status.idle
    var cycle: String?
    var remainingMinutes = 0
    var lastUpdated: Int64

    var json: JSONValue {
        ["status": .string(status.rawValue), "cycle": cycle.map(JSONValue.string) ?? .null,
         "remainingMinutes": .int(remainingMinutes),
         "lastUpdated": .string(Timestamp.format(milliseconds: lastUpdated))]
    }
}

/// An ice maker and its bin.
struct IceMakerState: Sendable, Equatable {
    var isOn = true
    var productionRate = "medium"
    var binLevel = 40
    var lastUpdated: Int64

    var isBinFull: Bool { binLevel >= Catalog.binCapacity }

    var json: JSONValue {
        ["isOn": .bool(isOn), "productionRate": .string(productionRate), "binLevel": .int(binLevel),
         "isBinFull": .bool(isBinFull), "lastUpdated": .string(Timestamp.format(milliseconds: lastUpdated))]
    }
}

/// Any device's state.
enum DeviceState: Sendable, Equatable {
    case oven(OvenState)
    case fridge(FridgeState)
    case dishwasher(DishwasherState)
    case iceMaker(IceMakerState)

    var json: JSONValue {
        switch self {
        case .oven(let state): state.json
        case .fridge(let state): state.json
        case .dishwasher(let state): state.json
        case .iceMaker(let state): state.json
        }
    }
}
