/// A command a controller sends to one device, as telemetry names it.
///
/// ```swift
/// LogEvent.commandSent(.ovenTemperature(375), device: DeviceKey(deviceId: "oven-1"))
/// DeviceCommand.ovenTemperature(375).description   // "oven temperature 375°F"
/// ```
public enum DeviceCommand: Hashable, Sendable, CustomStringConvertible {
    /// `GET` of a device's state (the initial load).
    case fetchState
    /// Oven power on or off.
    case ovenPower(isOn: Bool)
    /// Oven target temperature in °F (the debounced slider's send).
    case ovenTemperature(Int)
    /// Oven cooking mode.
    case ovenMode(String)
    /// Fridge target temperature in °F.
    case fridgeTemperature(Int)
    /// Freezer target temperature in °F.
    case freezerTemperature(Int)
    /// Dishwasher start with a cycle.
    case dishwasherStart(cycle: String)
    /// Dishwasher stop.
    case dishwasherStop
    /// Ice maker power on or off.
    case iceMakerPower(isOn: Bool)
    /// Ice maker production rate.
    case iceMakerRate(String)

    /// A short phrase, e.g. `dishwasher start eco`.
    public var description: String {
        switch self {
        case .fetchState: "fetch state"
        case .ovenPower(let isOn): "oven power \(isOn ? "on" : "off")"
        case .ovenTemperature(let degrees): "oven temperature \(degrees)°F"
        case .ovenMode(let mode): "oven mode \(mode)"
        case .fridgeTemperature(let degrees): "fridge temperature \(degrees)°F"
        case .freezerTemperature(let degrees): "freezer temperature \(degrees)°F"
        case .dishwasherStart(let cycle): "dishwasher start \(cycle)"
        case .dishwasherStop: "dishwasher stop"
        case .iceMakerPower(let isOn): "ice maker power \(isOn ? "on" : "off")"
        case .iceMakerRate(let rate): "ice maker rate \(rate)"
        }
    }
}

/// Where a state a controller applied came from.
public enum StateSource: String, Hashable, Sendable {
    /// The `GET` after the device list loaded.
    case initialLoad = "initial load"
    /// A WebSocket `state` message (snapshot or change).
    case live
    /// The answer to a command.
    case command
}

/// What made the session need a new sign-in.
public enum ReauthenticationTrigger: String, Hashable, Sendable {
    /// An HTTP answer was 401.
    case httpUnauthorized = "HTTP 401"
    /// The WebSocket was closed with 4001 or its upgrade refused with 401.
    case webSocketUnauthorized = "WebSocket 4001"
}
