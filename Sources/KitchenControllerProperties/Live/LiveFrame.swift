import KitchenTesting

/// A generated live-update text frame: a valid `state` message for one device
/// type, or one with a single thing wrong the way a buggy or newer server gets it wrong.
public struct LiveFrame: Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the frame.
    public enum Fault: Hashable, Sendable {
        /// Nothing: a state message as API.md gives it.
        case none
        /// The state field `field` carries a value of the wrong JSON type.
        case mistypedField(String)
        /// The state field `field` is missing.
        case missingField(String)
        /// The envelope's `type` is not `state`.
        case unknownType(String)
        /// The `deviceType` is one this client does not know.
        case unknownDeviceType(String)
        /// The envelope's `deviceId` is a number.
        case numericDeviceId
    }

    /// The device type named in the frame.
    public var deviceType: String
    /// The state's fields, JSON-encoded values by name, in order.
    public var fields: [(name: String, json: String)]
    /// The fault.
    public var fault: Fault

    /// The frame's text.
    public var text: String {
        var state = fields
        switch fault {
        case .mistypedField(let name):
            state = state.map { $0.name == name ? ($0.name, Self.mistyped($0.json)) : $0 }
        case .missingField(let name):
            state.removeAll { $0.name == name }
        default:
            break
        }
        let type = if case .unknownType(let type) = fault { type } else { "state" }
        let kind = if case .unknownDeviceType(let kind) = fault { kind } else { deviceType }
        let deviceId = fault == .numericDeviceId ? "17" : #""\#(deviceType)-1""#
        let body = state.map { #""\#($0.name)":\#($0.json)"# }.joined(separator: ",")
        return #"{"type":"\#(type)","deviceId":\#(deviceId),"deviceType":"\#(kind)","compartment":null,"#
            + #""state":{\#(body)},"sentAt":"2026-01-15T08:00:00.000Z"}"#
    }

    /// The frame.
    public var description: String { text }

    /// A value of another JSON type than `json`'s.
    static func mistyped(_ json: String) -> String {
        if json.hasPrefix("\"") { return "42" }
        if json == "true" || json == "false" { return #""yes""# }
        return #""\#(json)""#
    }

    /// Equal when the frames' texts are.
    public static func == (lhs: LiveFrame, rhs: LiveFrame) -> Bool { lhs.text == rhs.text }
    /// Hashes the text.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    private static let date = #""2026-01-15T08:00:00.000Z""#

    /// The state fields of each device type, with plausible values.
    static func fields(of deviceType: String, _ number: Int) -> [(name: String, json: String)] {
        switch deviceType {
        case "oven":
            [("isOn", "true"), ("targetTemperature", "\(170 + number)"), ("currentTemperature", "\(75 + number)"),
             ("mode", #""bake""#), ("lastUpdated", date)]
        case "fridge":
            [("targetTemperature", "37"), ("currentTemperature", "\(33 + number % 12)"), ("freezerTargetTemperature", "0"),
             ("freezerCurrentTemperature", "\(number % 10)"), ("isDoorOpen", "false"), ("doorOpenedAt", "null"),
             ("lastUpdated", date)]
        case "dishwasher":
            [("status", #""running""#), ("cycle", #""eco""#), ("remainingMinutes", "\(number)"), ("lastUpdated", date)]
        default:
            [("isOn", "true"), ("productionRate", #""high""#), ("binLevel", "\(number % 101)"), ("isBinFull", "false"),
             ("lastUpdated", date)]
        }
    }

    /// Any frame: a third valid, the rest with one fault.
    public static let generator: Gen<LiveFrame> = Gen.zip(
        Gen.element(of: ["oven", "fridge", "dishwasher", "ice_maker"]), Gen.int(in: 0...6), Gen.int(in: 0...380),
        Gen.element(of: ["ping", "hello", "State", "toaster", "iceMaker"])
    ).map { deviceType, faultKind, number, word in
        let fields = fields(of: deviceType, number)
        // Required fields only (nullable ones may be null, so a missing one is no fault to test here).
        let required = fields.filter { $0.json != "null" && $0.name != "cycle" }
        let field = required[number % required.count].name
        let fault: Fault = switch faultKind {
        case 0, 1: .none
        case 2: .mistypedField(field)
        case 3: .missingField(field)
        case 4: .unknownType(word)
        case 5: .unknownDeviceType(word)
        default: .numericDeviceId
        }
        return LiveFrame(deviceType: deviceType, fields: fields, fault: fault)
    }
}
