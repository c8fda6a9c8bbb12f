import KitchenAPI
import KitchenControllers

extension Scenario {
    /// Login, the device list, and every device's state.
    static let loginAndDiscovery = Scenario(
        name: "login-and-discovery", summary: "log in, list the devices, read every device's state, log out"
    ) { context in
        let (api, devices) = try await context.loggedIn()
        for device in devices {
            switch device.type {
            case .oven:
                for compartment in device.compartments?.map(\.key) ?? [nil] as [String?] {
                    _ = try await api.getOvenState(deviceId: device.id, compartment: compartment)
                }
            case .fridge: _ = try await api.getFridgeState(deviceId: device.id)
            case .dishwasher: _ = try await api.getDishwasherState(deviceId: device.id)
            case .iceMaker: _ = try await api.getIceMakerState(deviceId: device.id)
            case .other: break
            }
        }
        try await api.logout()
    }

    /// Power, temperature and mode on both compartments of the double oven and on the single oven,
    /// each change seen on the live updates, then each oven put back as it was.
    static let ovenControls = Scenario(
        name: "oven-controls", summary: "oven power, temperature and mode on both compartments and on the single oven"
    ) { context in
        let (api, devices, live) = try await context.loggedInWithLiveUpdates()
        let double = try devices.first(.oven, double: true), single = try devices.first(.oven, double: false)
        let targets: [(DeviceInfo, String?)] = [(double, "upper"), (double, "lower"), (single, nil)]
        for (index, (oven, compartment)) in targets.enumerated() {
            let start = try live.oven(oven.id, compartment: compartment)
            let temperature = Differing.value(350 + 25 * (index + 1), from: start.targetTemperature, in: 170...550, step: 25)
            let mode = Differing.choice(["convect", "roast", "air_fry"][index], from: start.mode, among: OvenPresenter.modes.map(\.key))
            func awaitOven(_ what: String, _ check: @escaping @Sendable (OvenState) -> Bool) async throws {
                try await live.waitForUpdate(what, deviceID: oven.id, compartment: compartment) { if case .oven(let s) = $0 { check(s) } else { false } }
            }
            func power(_ isOn: Bool) async throws {
                _ = try await api.setOvenPower(deviceId: oven.id, compartment: compartment, isOn: isOn)
                try await awaitOven(isOn ? "on" : "off") { $0.isOn == isOn }
            }
            func set(temperature: Int, mode: String) async throws {
                if temperature != (try live.oven(oven.id, compartment: compartment)).targetTemperature {
                    _ = try await api.setOvenTemperature(deviceId: oven.id, compartment: compartment, temperature: temperature)
                    try await awaitOven("at \(temperature) °F") { $0.targetTemperature == temperature }
                }
                if mode != (try live.oven(oven.id, compartment: compartment)).mode {
                    _ = try await api.setOvenMode(deviceId: oven.id, compartment: compartment, mode: mode)
                    try await awaitOven("in \(mode)") { $0.mode == mode }
                }
            }
            // Switching on must be a change: an oven someone left on is switched off first.
            if start.isOn { try await power(false) }
            try await power(true)
            try await set(temperature: temperature, mode: mode)
            _ = try await api.getOvenState(deviceId: oven.id, compartment: compartment)
            try await set(temperature: start.targetTemperature, mode: start.mode)
            if !start.isOn { try await power(false) }
        }
        await live.close()
    }

    /// Fridge and freezer targets, each seen on the live updates, then put back.
    static let fridgeTemperatures = Scenario(
        name: "fridge-temperatures", summary: "fridge and freezer target temperatures, seen on the live updates"
    ) { context in
        let (api, devices, live) = try await context.loggedInWithLiveUpdates()
        let fridge = try devices.first(.fridge)
        let start = try live.fridge(fridge.id)
        func setFridge(_ target: Int) async throws {
            _ = try await api.setFridgeTemperature(deviceId: fridge.id, temperature: target)
            try await live.waitForUpdate("fridge target \(target) °F", deviceID: fridge.id) { if case .fridge(let s) = $0 { s.targetTemperature == target } else { false } }
        }
        func setFreezer(_ target: Int) async throws {
            _ = try await api.setFreezerTemperature(deviceId: fridge.id, temperature: target)
            try await live.waitForUpdate("freezer target \(target) °F", deviceID: fridge.id) { if case .fridge(let s) = $0 { s.freezerTargetTemperature == target } else { false } }
        }
        let fridgeTarget = Differing.value(35, from: start.targetTemperature, in: 33...45)
        let freezerTarget = Differing.value(-4, from: start.freezerTargetTemperature, in: -10...10)
        try await setFridge(fridgeTarget)
        try await setFreezer(freezerTarget)
        _ = try await api.getFridgeState(deviceId: fridge.id)
        try await setFridge(start.targetTemperature)
        try await setFreezer(start.freezerTargetTemperature)
        await live.close()
    }

    /// The door opened, left open for three ticks (temperatures rise), and closed.
    static let fridgeDoor = Scenario(
        name: "fridge-door", summary: "the fridge door opened for three ticks and closed again", requires: [.fridgeDoor, .clock]
    ) { context in
        let controls = try context.requireControls()
        let (api, devices, live) = try await context.loggedInWithLiveUpdates()
        let fridge = try devices.first(.fridge)
        let iceMaker = try devices.first(.iceMaker)
        // A quiet kitchen: only the fridge changes on ticks.
        let iceMakerWasOn = try live.iceMaker(iceMaker.id).isOn
        if iceMakerWasOn { try await live.switchIceMaker(iceMaker.id, on: false, api: api) }
        func door(_ open: Bool) async throws {
            try await controls.setFridgeDoor(deviceID: fridge.id, open: open)
            try await live.waitForUpdate(open ? "door open" : "door closed", deviceID: fridge.id) { if case .fridge(let s) = $0 { s.isDoorOpen == open } else { false } }
        }
        if try live.fridge(fridge.id).isDoorOpen { try await door(false) }
        try await door(true)
        // The fridge warms 1 °F a tick while its door is open (API.md, Simulation).
        let warmed = try live.fridge(fridge.id).currentTemperature + 3
        try await controls.advance(ticks: 3)
        try await live.waitForUpdate("warmed to \(warmed) °F", deviceID: fridge.id) { if case .fridge(let s) = $0 { s.currentTemperature == warmed } else { false } }
        _ = try await api.getFridgeState(deviceId: fridge.id)
        try await door(false)
        if iceMakerWasOn { try await live.switchIceMaker(iceMaker.id, on: true, api: api) }
        await live.close()
    }
}

extension LiveSession {
    /// Switches the ice maker on or off and waits for the change (it must be a change).
    func switchIceMaker(_ id: String, on isOn: Bool, api: APIService) async throws {
        _ = try await api.setIceMakerPower(deviceId: id, isOn: isOn)
        try await waitForUpdate(isOn ? "ice maker on" : "ice maker off", deviceID: id) { if case .iceMaker(let s) = $0 { s.isOn == isOn } else { false } }
    }

    /// Waits for the state message of dishwasher `id` with `status`.
    func waitForDishwasher(_ status: DishwasherStatus, _ what: String, id: String) async throws {
        try await waitForUpdate(what, deviceID: id) { if case .dishwasher(let s) = $0 { s.status == status } else { false } }
    }

    /// What ``quiet(dishwasher:iceMaker:api:)`` changed, for ``putBack(_:api:)``.
    struct QuietDishwasher {
        var dishwasher: String
        var iceMaker: String
        var interrupted: String?
        var iceMakerWasOn: Bool
    }

    /// Makes the dishwasher the only device ticks change, stopped: the ice maker switched off
    /// and a running cycle stopped (see ``stopIfRunning(_:api:)``).
    func quiet(dishwasher: String, iceMaker: String, api: APIService) async throws -> QuietDishwasher {
        let iceMakerWasOn = try self.iceMaker(iceMaker).isOn
        if iceMakerWasOn { try await switchIceMaker(iceMaker, on: false, api: api) }
        let interrupted = try await stopIfRunning(dishwasher, api: api)
        return QuietDishwasher(dishwasher: dishwasher, iceMaker: iceMaker, interrupted: interrupted, iceMakerWasOn: iceMakerWasOn)
    }

    /// Restarts the interrupted cycle, then switches the ice maker back on if it was on.
    func putBack(_ quiet: QuietDishwasher, api: APIService) async throws {
        try await restart(quiet.interrupted, dishwasher: quiet.dishwasher, api: api)
        if quiet.iceMakerWasOn { try await switchIceMaker(quiet.iceMaker, on: true, api: api) }
    }

    /// Stops a running dishwasher and waits until it is idle; does nothing otherwise.
    /// Returns the cycle it was running, to restart when the scenario is done.
    func stopIfRunning(_ id: String, api: APIService) async throws -> String? {
        let state = try dishwasher(id)
        guard state.status == .running else { return nil }
        _ = try await api.stopDishwasher(deviceId: id)
        try await waitForDishwasher(.idle, "dishwasher idle", id: id)
        return state.cycle
    }

    /// Restarts the cycle `stopIfRunning` stopped (the remaining minutes start over: the API
    /// cannot put them back).
    func restart(_ cycle: String?, dishwasher id: String, api: APIService) async throws {
        guard let cycle else { return }
        _ = try await api.startDishwasher(deviceId: id, cycle: cycle)
        try await waitForDishwasher(.running, "dishwasher running \(cycle) again", id: id)
    }
}
