import Foundation
import HarnessCore
import KitchenAPI
import KitchenControllers
import KitchenRecording
import VirtualTime

/// What the user did in a recorded session: each recorded device command, turned back into
/// the view-model call that makes it, at the instant it was recorded. Replaying them lets a
/// reproduction drive the app exactly as the user did.
struct RecordedUser {
    /// One user action: the view-model call a recorded command was made by.
    typealias Action = @MainActor @Sendable (DeviceViewModel) async -> Void

    let actions: [(at: Date, action: Action)]

    init(_ recording: HAR.Document) {
        let basePath = recording.apiBasePath
        actions = recording.log.entries.compactMap { entry in
            let path = APIOperation.strip(basePath, from: entry.request.urlPath)
            guard case let (operation, id?)? = APIOperation.matching(method: entry.request.method, path: path),
                  let at = Timestamp.date(from: entry.startedDateTime),
                  let action = Self.action(operation, deviceId: id, body: (try? entry.request.bodyJSON) ?? nil) else { return nil }
            return (at, action)
        }
    }

    /// The view-model call that makes the device command `operation` with `body`; `nil` for a
    /// read, or a body that does not say what the command set.
    static func action(_ operation: APIOperation, deviceId id: String, body: JSONValue?) -> Action? {
        let compartment = body?["compartment"]?.stringValue
        switch operation {
        case .setOvenPower:
            return body?["isOn"]?.boolValue.map { isOn -> Action in { await $0.oven.setPower(isOn, deviceId: id, compartment: compartment) } }
        case .setOvenTemperature:
            return body?["targetTemperature"]?.intValue.map { degrees -> Action in
                { $0.oven.setTemperature(degrees, deviceId: id, compartment: compartment) }
            }
        case .setOvenMode:
            return body?["mode"]?.stringValue.map { mode -> Action in { await $0.oven.setMode(mode, deviceId: id, compartment: compartment) } }
        case .setFridgeTemperature:
            return body?["temperature"]?.intValue.map { degrees -> Action in { await $0.fridge.setFridgeTemperature(degrees, deviceId: id) } }
        case .setFreezerTemperature:
            return body?["temperature"]?.intValue.map { degrees -> Action in { await $0.fridge.setFreezerTemperature(degrees, deviceId: id) } }
        case .startDishwasher:
            return body?["cycle"]?.stringValue.map { cycle -> Action in { await $0.dishwasher.start(cycle: cycle, deviceId: id) } }
        case .stopDishwasher: return { await $0.dishwasher.stop(deviceId: id) }
        case .setIceMakerPower:
            return body?["isOn"]?.boolValue.map { isOn -> Action in { await $0.iceMaker.setPower(isOn, deviceId: id) } }
        case .setIceMakerRate:
            return body?["rate"]?.stringValue.map { rate -> Action in { await $0.iceMaker.setRate(rate, deviceId: id) } }
        default: return nil
        }
    }

    /// Makes each action through `devices` at its recorded instant on `clock`.
    @MainActor
    func play(on devices: DeviceViewModel, clock: VirtualClock) async {
        for (at, action) in actions {
            // Parked even when due now: the live events of the same instant (already pushed) are
            // handled first, as they were in the recorded session.
            let wait = max(0, at.timeIntervalSince(clock.currentDate))
            guard (try? await clock.sleep(for: .milliseconds(Int64((wait * 1000).rounded())))) != nil else { return }
            await action(devices)
        }
    }
}
