import HarnessCore

/// A device type as written on the wire.
enum DeviceKind: String, Sendable, CaseIterable {
    case oven
    case fridge
    case dishwasher
    case iceMaker = "ice_maker"
}

/// A device in someone's kitchen: identity and ownership; its state lives in `KitchenWorld`.
struct Device: Sendable {
    let id: String
    let owner: String
    let name: String
    let kind: DeviceKind
    let model: String
    /// The keys of a double oven's compartments; empty for every other device.
    let compartments: [(key: String, label: String)]

    var isDoubleOven: Bool { !compartments.isEmpty }

    /// `DeviceInfo` from API.md; `compartments` is omitted unless there are some.
    var json: JSONValue {
        var object: JSONObject = [
            "id": .string(id), "name": .string(name), "type": .string(kind.rawValue),
            "model": .string(model), "isOnline": true,
        ]
        if isDoubleOven {
            object["compartments"] = .array(compartments.map { ["key": .string($0.key), "label": .string($0.label)] })
        }
        return .object(object)
    }
}

/// Where one state lives: a device, or one compartment of a double oven.
struct StateKey: Hashable, Sendable {
    let deviceID: String
    let compartment: String?
}
