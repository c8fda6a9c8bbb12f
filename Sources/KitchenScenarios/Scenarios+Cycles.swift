import KitchenAPI

extension Scenario {
    /// Start, a second start while running (409), stop.
    static let dishwasherCommands = Scenario(
        name: "dishwasher-commands", summary: "dishwasher start, start while running (409), stop"
    ) { context in
        let (api, devices) = try await context.loggedIn()
        let dishwasher = try devices.first(.dishwasher)
        let live = try await context.openLiveUpdates(token: api.tokenStore.token ?? "", devices: devices)
        _ = try await api.startDishwasher(deviceId: dishwasher.id, cycle: "normal")
        try await live.waitForUpdate("running", deviceID: dishwasher.id) { if case .dishwasher(let s) = $0 { s.status == .running } else { false } }
        try await expectFailure("start while running", .conflict) { _ = try await api.startDishwasher(deviceId: dishwasher.id, cycle: "eco") }
        _ = try await api.stopDishwasher(deviceId: dishwasher.id)
        try await live.waitForUpdate("idle", deviceID: dishwasher.id) { if case .dishwasher(let s) = $0 { s.status == .idle } else { false } }
        _ = try await api.stopDishwasher(deviceId: dishwasher.id)  // idempotent: no change, no message
        await live.close()
    }

    /// A rinse cycle run to completion by ticks, then a new start from complete.
    static let dishwasherCycle = Scenario(
        name: "dishwasher-cycle", summary: "a dishwasher cycle run to completion by ticks", needsControls: true
    ) { context in
        let controls = try context.requireControls()
        let (api, devices) = try await context.loggedIn()
        let dishwasher = try devices.first(.dishwasher), iceMaker = try devices.first(.iceMaker)
        let live = try await context.openLiveUpdates(token: api.tokenStore.token ?? "", devices: devices)
        _ = try await api.setIceMakerPower(deviceId: iceMaker.id, isOn: false)
        try await live.waitForUpdate("ice maker off", deviceID: iceMaker.id)
        _ = try await api.startDishwasher(deviceId: dishwasher.id, cycle: "rinse_only")
        try await live.waitForUpdate("running", deviceID: dishwasher.id) { if case .dishwasher(let s) = $0 { s.status == .running } else { false } }
        try await controls.advance(ticks: 15)
        try await live.waitForUpdate("complete", deviceID: dishwasher.id) { if case .dishwasher(let s) = $0 { s.status == .complete } else { false } }
        let done = try await api.getDishwasherState(deviceId: dishwasher.id)
        guard done.status == .complete, done.cycle == "rinse_only" else {
            throw ScenarioError.unexpected(step: "after 15 ticks", detail: "\(done)")
        }
        _ = try await api.stopDishwasher(deviceId: dishwasher.id)
        try await live.waitForUpdate("idle", deviceID: dishwasher.id) { if case .dishwasher(let s) = $0 { s.status == .idle } else { false } }
        await live.close()
    }

    /// The ice maker on high until the bin is full.
    static let iceMakerFillsBin = Scenario(
        name: "ice-maker-fills-bin", summary: "the ice maker on high until its bin is full", needsControls: true
    ) { context in
        let controls = try context.requireControls()
        let (api, devices) = try await context.loggedIn()
        let iceMaker = try devices.first(.iceMaker)
        let live = try await context.openLiveUpdates(token: api.tokenStore.token ?? "", devices: devices)
        _ = try await api.setIceMakerPower(deviceId: iceMaker.id, isOn: false)
        try await live.waitForUpdate("off", deviceID: iceMaker.id) { if case .iceMaker(let s) = $0 { !s.isOn } else { false } }
        _ = try await api.setIceMakerRate(deviceId: iceMaker.id, rate: "high")
        try await live.waitForUpdate("high", deviceID: iceMaker.id) { if case .iceMaker(let s) = $0 { s.productionRate == "high" } else { false } }
        _ = try await api.setIceMakerPower(deviceId: iceMaker.id, isOn: true)
        try await live.waitForUpdate("on", deviceID: iceMaker.id) { if case .iceMaker(let s) = $0 { s.isOn } else { false } }
        try await controls.advance(ticks: 25)
        try await live.waitForUpdate("bin full", deviceID: iceMaker.id) { if case .iceMaker(let s) = $0 { s.isBinFull } else { false } }
        let full = try await api.getIceMakerState(deviceId: iceMaker.id)
        guard full.binLevel == 100, full.isBinFull else { throw ScenarioError.unexpected(step: "bin", detail: "\(full)") }
        _ = try await api.setIceMakerPower(deviceId: iceMaker.id, isOn: false)
        try await live.waitForUpdate("off again", deviceID: iceMaker.id) { if case .iceMaker(let s) = $0 { !s.isOn } else { false } }
        await live.close()
    }
}
