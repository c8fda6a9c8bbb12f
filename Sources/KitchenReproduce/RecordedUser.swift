import Foundation
import HarnessCore
import KitchenControllers
import KitchenRecording
import VirtualTime

/// What the user did in a recorded session: each recorded device command, turned back into
/// the view-model call that makes it, at the instant it was recorded. Replaying them lets a
/// reproduction drive the app exactly as the user did.
struct RecordedUser {
    /// One user action.
    enum Command: Equatable, CustomStringConvertible {
        case ovenPower(deviceId: String, compartment: String?, isOn: Bool)
        case ovenTemperature(deviceId: String, compartment: String?, degrees: Int)
        case ovenMode(deviceId: String, compartment: String?, mode: String)
        case fridgeTemperature(deviceId: String, degrees: Int)
        case freezerTemperature(deviceId: String, degrees: Int)
        case dishwasherStart(deviceId: String, cycle: String)
        case dishwasherStop(deviceId: String)
        case iceMakerPower(deviceId: String, isOn: Bool)
        case iceMakerRate(deviceId: String, rate: String)

        var description: String {
            switch self {
            case .ovenPower(let id, let compartment, let isOn): "oven \(id)\(compartment.map { " \($0)" } ?? "") power \(isOn)"
            case .ovenTemperature(let id, let compartment, let degrees): "oven \(id)\(compartment.map { " \($0)" } ?? "") to \(degrees)°F"
            case .ovenMode(let id, let compartment, let mode): "oven \(id)\(compartment.map { " \($0)" } ?? "") mode \(mode)"
            case .fridgeTemperature(let id, let degrees): "fridge \(id) to \(degrees)°F"
            case .freezerTemperature(let id, let degrees): "freezer \(id) to \(degrees)°F"
            case .dishwasherStart(let id, let cycle): "dishwasher \(id) start \(cycle)"
            case .dishwasherStop(let id): "dishwasher \(id) stop"
            case .iceMakerPower(let id, let isOn): "ice maker \(id) power \(isOn)"
            case .iceMakerRate(let id, let rate): "ice maker \(id) rate \(rate)"
            }
        }
    }

    let commands: [(at: Date, command: Command)]

    init(_ recording: HAR.Document) {
        commands = recording.log.entries.compactMap { entry in
            guard entry.request.method == "POST", let at = Timestamp.date(from: entry.startedDateTime),
                  let command = Self.command(entry.request) else { return nil }
            return (at, command)
        }
    }

    /// The command a recorded request was, if it was one a user makes.
    static func command(_ request: HAR.Request) -> Command? {
        let segments = request.urlPath.split(separator: "/").map { PercentEncoding.decodeStrictly($0) ?? String($0) }
        guard segments.count >= 4, segments[0] == "devices" else { return nil }
        let id = segments[1]
        let body: JSONValue? = (try? request.bodyJSON).flatMap { $0 }
        let compartment = body?["compartment"]?.stringValue
        switch Array(segments[2...]) {
        case ["oven", "power"]: return body?["isOn"]?.boolValue.map { .ovenPower(deviceId: id, compartment: compartment, isOn: $0) }
        case ["oven", "temperature"]:
            return body?["targetTemperature"]?.intValue.map { .ovenTemperature(deviceId: id, compartment: compartment, degrees: $0) }
        case ["oven", "mode"]: return body?["mode"]?.stringValue.map { .ovenMode(deviceId: id, compartment: compartment, mode: $0) }
        case ["fridge", "temperature"]: return body?["temperature"]?.intValue.map { .fridgeTemperature(deviceId: id, degrees: $0) }
        case ["fridge", "freezer", "temperature"]:
            return body?["temperature"]?.intValue.map { .freezerTemperature(deviceId: id, degrees: $0) }
        case ["dishwasher", "start"]: return body?["cycle"]?.stringValue.map { .dishwasherStart(deviceId: id, cycle: $0) }
        case ["dishwasher", "stop"]: return .dishwasherStop(deviceId: id)
        case ["icemaker", "power"]: return body?["isOn"]?.boolValue.map { .iceMakerPower(deviceId: id, isOn: $0) }
        case ["icemaker", "rate"]: return body?["rate"]?.stringValue.map { .iceMakerRate(deviceId: id, rate: $0) }
        default: return nil
        }
    }

    /// Makes each command through `devices` at its recorded instant on `clock`.
    @MainActor
    func play(on devices: DeviceViewModel, clock: VirtualClock) async {
        for (at, command) in commands {
            // Parked even when due now: the live events of the same instant (already pushed) are
            // handled first, as they were in the recorded session.
            let wait = max(0, at.timeIntervalSince(clock.currentDate))
            guard (try? await clock.sleep(for: .milliseconds(Int64((wait * 1000).rounded())))) != nil else { return }
            switch command {
            case .ovenPower(let id, let compartment, let isOn): await devices.oven.setPower(isOn, deviceId: id, compartment: compartment)
            case .ovenTemperature(let id, let compartment, let degrees):
                devices.oven.setTemperature(degrees, deviceId: id, compartment: compartment)
            case .ovenMode(let id, let compartment, let mode): await devices.oven.setMode(mode, deviceId: id, compartment: compartment)
            case .fridgeTemperature(let id, let degrees): await devices.fridge.setFridgeTemperature(degrees, deviceId: id)
            case .freezerTemperature(let id, let degrees): await devices.fridge.setFreezerTemperature(degrees, deviceId: id)
            case .dishwasherStart(let id, let cycle): await devices.dishwasher.start(cycle: cycle, deviceId: id)
            case .dishwasherStop(let id): await devices.dishwasher.stop(deviceId: id)
            case .iceMakerPower(let id, let isOn): await devices.iceMaker.setPower(isOn, deviceId: id)
            case .iceMakerRate(let id, let rate): await devices.iceMaker.setRate(rate, deviceId: id)
            }
        }
    }
}
