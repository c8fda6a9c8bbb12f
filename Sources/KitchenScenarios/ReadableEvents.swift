import Foundation
import KitchenAPI

/// Live-update events and device states in a report's own words: what a person reading a CI
/// log needs, not a Swift debug dump.
extension LiveEvent {
    /// `fridge-1: target 35 °F, current 37 °F, freezer target 0 °F, …, door closed`, or
    /// `connected`, `closed 4001 unauthorized`, ….
    public var readable: String {
        switch self {
        case .connected(let attempt): attempt == 0 ? "connected" : "reconnected (attempt \(attempt))"
        case .message(let message): message.readable
        case .unreadable(let reason): "unreadable frame (\(reason))"
        case .disconnected(let code, let reason): "disconnected" + (code.map { " with close \($0)" } ?? "") + (reason.isEmpty ? "" : " (\(reason))")
        case .reconnecting(let attempt, _): "reconnecting (attempt \(attempt))"
        case .unauthorized: "closed as unauthorized (4001)"
        }
    }
}

extension StateMessage {
    /// `oven-1 upper: on, target 375 °F, current 300 °F, mode convect`.
    public var readable: String {
        deviceId + (compartment.map { " " + $0 } ?? "") + ": " + update.readable
    }
}

extension DeviceUpdate {
    /// The state's fields, in the API's order and units.
    public var readable: String {
        switch self {
        case .oven(let oven):
            "\(oven.isOn ? "on" : "off"), target \(oven.targetTemperature) °F, current \(oven.currentTemperature) °F, mode \(oven.mode)"
        case .fridge(let fridge):
            "target \(fridge.targetTemperature) °F, current \(fridge.currentTemperature) °F, freezer target "
                + "\(fridge.freezerTargetTemperature) °F, freezer current \(fridge.freezerCurrentTemperature) °F, door "
                + (fridge.isDoorOpen ? "open" : "closed")
        case .dishwasher(let dishwasher):
            "\(dishwasher.status.rawValue)" + (dishwasher.cycle.map { ", cycle \($0)" } ?? "")
                + ", \(dishwasher.remainingMinutes) min left"
        case .iceMaker(let iceMaker):
            "\(iceMaker.isOn ? "on" : "off"), rate \(iceMaker.productionRate), bin \(iceMaker.binLevel)%"
                + (iceMaker.isBinFull ? " (full)" : "")
        }
    }
}
