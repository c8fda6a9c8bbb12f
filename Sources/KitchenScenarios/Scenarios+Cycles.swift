import KitchenAPI

extension Scenario {
    /// Start, a second start while running (409), stop. A dishwasher someone left running is
    /// stopped first and started again at the end.
    static let dishwasherCommands = Scenario(
        name: "dishwasher-commands", summary: "dishwasher start, start while running (409), stop"
    ) { context in
        let (api, devices, live) = try await context.loggedInWithLiveUpdates()
        let dishwasher = try devices.first(.dishwasher)
        let interrupted = try await live.stopIfRunning(dishwasher.id, api: api)
        _ = try await api.startDishwasher(deviceId: dishwasher.id, cycle: "normal")
        try await live.waitForDishwasher(.running, "dishwasher running", id: dishwasher.id)
        try await expectFailure("start while running", .conflict) { _ = try await api.startDishwasher(deviceId: dishwasher.id, cycle: "eco") }
        _ = try await api.stopDishwasher(deviceId: dishwasher.id)
        try await live.waitForDishwasher(.idle, "dishwasher idle", id: dishwasher.id)
        _ = try await api.stopDishwasher(deviceId: dishwasher.id)  // idempotent: no change, no message
        try await live.restart(interrupted, dishwasher: dishwasher.id, api: api)
        await live.close()
    }

    /// A rinse cycle run to completion by ticks, then stopped.
    static let dishwasherCycle = Scenario(
        name: "dishwasher-cycle", summary: "a dishwasher cycle run to completion by ticks", requires: [.clock]
    ) { context in
        try await context.withCompletedRinseCycle { api, _, _, dishwasher in
            let done = try await api.getDishwasherState(deviceId: dishwasher)
            guard done.status == .complete, done.cycle == "rinse_only" else {
                throw ScenarioError.unexpected(step: "after 15 ticks", detail: "expected complete rinse_only, found \(DeviceUpdate.dishwasher(done).readable)")
            }
        }
    }

    /// The ice maker on high until the bin is full; then its power and rate as they were.
    static let iceMakerFillsBin = Scenario(
        name: "ice-maker-fills-bin", summary: "the ice maker on high until its bin is full", requires: [.clock]
    ) { context in
        let controls = try context.requireControls()
        let (api, devices, live) = try await context.loggedInWithLiveUpdates()
        let iceMaker = try devices.first(.iceMaker)
        let start = try live.iceMaker(iceMaker.id)
        func rate(_ rate: String) async throws {
            _ = try await api.setIceMakerRate(deviceId: iceMaker.id, rate: rate)
            try await live.waitForUpdate("ice maker rate \(rate)", deviceID: iceMaker.id) { if case .iceMaker(let s) = $0 { s.productionRate == rate } else { false } }
        }
        if start.isOn { try await live.switchIceMaker(iceMaker.id, on: false, api: api) }
        // The rate is always set, so the operation is exercised whatever the starting rate.
        if start.productionRate == "high" { try await rate("medium") }
        try await rate("high")
        try await live.switchIceMaker(iceMaker.id, on: true, api: api)
        if !start.isBinFull {
            // On high the bin rises 3 points a tick, capped at 100 (API.md, Simulation).
            let ticks = (100 - start.binLevel + 2) / 3
            try await controls.advance(ticks: ticks)
            try await live.waitForUpdate("bin full after \(ticks) ticks", deviceID: iceMaker.id) { if case .iceMaker(let s) = $0 { s.isBinFull } else { false } }
        }
        let full = try await api.getIceMakerState(deviceId: iceMaker.id)
        guard full.binLevel == 100, full.isBinFull else {
            throw ScenarioError.unexpected(step: "bin", detail: "expected a full bin at 100, found \(DeviceUpdate.iceMaker(full).readable)")
        }
        if start.productionRate != "high" { try await rate(start.productionRate) }
        if !start.isOn { try await live.switchIceMaker(iceMaker.id, on: false, api: api) }
        await live.close()
    }
}

extension ScenarioContext {
    /// Logs in with live updates, makes the dishwasher the only device ticks change (see
    /// `LiveSession.quiet`), and runs a rinse cycle to completion by ticks; then `body` (with the
    /// client, the devices, the live updates and the dishwasher's id), then stops the dishwasher
    /// and puts the kitchen back.
    func withCompletedRinseCycle(_ body: (APIService, [DeviceInfo], LiveSession, String) async throws -> Void) async throws {
        let controls = try requireControls()
        let (api, devices, live) = try await loggedInWithLiveUpdates()
        let dishwasher = try devices.first(.dishwasher).id, iceMaker = try devices.first(.iceMaker).id
        let quiet = try await live.quiet(dishwasher: dishwasher, iceMaker: iceMaker, api: api)
        _ = try await api.startDishwasher(deviceId: dishwasher, cycle: "rinse_only")
        try await live.waitForDishwasher(.running, "dishwasher running", id: dishwasher)
        try await controls.advance(ticks: 15)
        try await live.waitForDishwasher(.complete, "dishwasher complete", id: dishwasher)
        try await body(api, devices, live, dishwasher)
        _ = try await api.stopDishwasher(deviceId: dishwasher)
        try await live.waitForDishwasher(.idle, "dishwasher idle", id: dishwasher)
        try await live.putBack(quiet, api: api)
        await live.close()
    }
}
