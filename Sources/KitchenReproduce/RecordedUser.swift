import Foundation
import HarnessCore
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
        actions = recording.log.entries.compactMap { entry in
            guard entry.request.method == "POST", let at = Timestamp.date(from: entry.startedDateTime),
                  let action = Self.action(entry.request) else { return nil }
            return (at, action)
        }
    }

    /// The action a recorded request was made by, if it was one a user makes.
    static func action(_ request: HAR.Request) -> Action? {
        let segments = request.urlPath.split(separator: "/").map { PercentEncoding.decodeStrictly($0) ?? String($0) }
        guard segments.count >= 4, segments[0] == "devices" else { return nil }
        let id = segments[1]
        let body: JSONValue? = (try? request.bodyJSON).flatMap { $0 }
        let compartment = body?["compartment"]?.stringValue
        switch Array(segments[2...]) {
        case ["oven", "power"]:
            return body?["isOn"]?.boolValue.map { isOn -> Action in { await $0.oven.setPower(isOn, deviceId: id, compartment: compartment) } }
        case ["oven", "temperature"]:
            return body?["targetTemperature"]?.intValue.map { degrees -> Action in
                { $0.oven.setTemperature(degrees, deviceId: id, compartment: compartment) }
            }
        case ["oven", "mode"]:
            return body?["mode"]?.stringValue.map { mode -> Action in { await $0.oven.setMode(mode, deviceId: id, compartment: compartment) } }
        case ["fridge", "temperature"]:
            return body?["temperature"]?.intValue.map { degrees -> Action in { await $0.fridge.setFridgeTemperature(degrees, deviceId: id) } }
        case ["fridge", "freezer", "temperature"]:
            return body?["temperature"]?.intValue.map { degrees -> Action in { await $0.fridge.setFreezerTemperature(degrees, deviceId: id) } }
        case ["dishwasher", "start"]:
            return body?["cycle"]?.stringValue.map { cycle -> Action in { await $0.dishwasher.start(cycle: cycle, deviceId: id) } }
        case ["dishwasher", "stop"]: return { await $0.dishwasher.stop(deviceId: id) }
        case ["icemaker", "power"]:
            return body?["isOn"]?.boolValue.map { isOn -> Action in { await $0.iceMaker.setPower(isOn, deviceId: id) } }
        case ["icemaker", "rate"]:
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
