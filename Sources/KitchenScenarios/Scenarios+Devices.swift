import KitchenAPI

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
    /// each change seen on the live updates.
    static let ovenControls = Scenario(
        name: "oven-controls", summary: "oven power, temperature and mode on both compartments and on the single oven"
    ) { context in
        let (api, devices) = try await context.loggedIn()
        let live = try await context.openLiveUpdates(token: api.tokenStore.token ?? "", devices: devices)
        let double = try devices.first(.oven, double: true), single = try devices.first(.oven, double: false)
        let targets: [(DeviceInfo, String?)] = [(double, "upper"), (double, "lower"), (single, nil)]
        for (index, (oven, compartment)) in targets.enumerated() {
            let temperature = 350 + 25 * (index + 1), mode = ["convect", "roast", "air_fry"][index]
            func awaitOven(_ what: String, _ check: @escaping @Sendable (OvenState) -> Bool) async throws {
                try await live.waitFor(what) { event in
                    guard case .message(let message) = event, message.deviceId == oven.id,
                          message.compartment == compartment, case .oven(let state) = message.update else { return false }
                    return check(state)
                }
            }
            _ = try await api.setOvenPower(deviceId: oven.id, compartment: compartment, isOn: true)
            try await awaitOven("oven on") { $0.isOn }
            _ = try await api.setOvenTemperature(deviceId: oven.id, compartment: compartment, temperature: temperature)
            try await awaitOven("oven at \(temperature)") { $0.targetTemperature == temperature }
            _ = try await api.setOvenMode(deviceId: oven.id, compartment: compartment, mode: mode)
            try await awaitOven("oven in \(mode)") { $0.mode == mode }
            _ = try await api.getOvenState(deviceId: oven.id, compartment: compartment)
            _ = try await api.setOvenPower(deviceId: oven.id, compartment: compartment, isOn: false)
            try await awaitOven("oven off") { !$0.isOn }
        }
        await live.close()
    }

    /// Fridge and freezer targets.
    static let fridgeTemperatures = Scenario(
        name: "fridge-temperatures", summary: "fridge and freezer target temperatures, seen on the live updates"
    ) { context in
        let (api, devices) = try await context.loggedIn()
        let fridge = try devices.first(.fridge)
        let live = try await context.openLiveUpdates(token: api.tokenStore.token ?? "", devices: devices)
        _ = try await api.setFridgeTemperature(deviceId: fridge.id, temperature: 35)
        try await live.waitForUpdate("fridge at 35", deviceID: fridge.id) { if case .fridge(let s) = $0 { s.targetTemperature == 35 } else { false } }
        _ = try await api.setFreezerTemperature(deviceId: fridge.id, temperature: -4)
        try await live.waitForUpdate("freezer at -4", deviceID: fridge.id) { if case .fridge(let s) = $0 { s.freezerTargetTemperature == -4 } else { false } }
        _ = try await api.getFridgeState(deviceId: fridge.id)
        await live.close()
    }

    /// The door opened, left open for three ticks (temperatures rise), and closed.
    static let fridgeDoor = Scenario(
        name: "fridge-door", summary: "the fridge door opened for three ticks and closed again", needsControls: true
    ) { context in
        let controls = try context.requireControls()
        let (api, devices) = try await context.loggedIn()
        let fridge = try devices.first(.fridge)
        let iceMaker = try devices.first(.iceMaker)
        let live = try await context.openLiveUpdates(token: api.tokenStore.token ?? "", devices: devices)
        // A quiet kitchen: only the fridge changes on ticks.
        _ = try await api.setIceMakerPower(deviceId: iceMaker.id, isOn: false)
        try await live.waitForUpdate("ice maker off", deviceID: iceMaker.id)
        try await controls.setFridgeDoor(deviceID: fridge.id, open: true)
        try await live.waitForUpdate("door open", deviceID: fridge.id) { if case .fridge(let s) = $0 { s.isDoorOpen } else { false } }
        try await controls.advance(ticks: 3)
        try await live.waitForUpdate("warmed by 3 °F", deviceID: fridge.id) { if case .fridge(let s) = $0 { s.currentTemperature == 40 } else { false } }
        _ = try await api.getFridgeState(deviceId: fridge.id)
        try await controls.setFridgeDoor(deviceID: fridge.id, open: false)
        try await live.waitForUpdate("door closed", deviceID: fridge.id) { if case .fridge(let s) = $0 { !s.isDoorOpen } else { false } }
        await live.close()
    }
}
