import Testing
@testable import KitchenSimulator

/// The simulation rules of API.md on the world value itself, tick by tick.
@Suite(.timeLimit(.minutes(2))) struct SimulationRuleTests {
    func world(seed: UInt64 = 1, doorsPerHour: Double = 0) -> KitchenWorld {
        var world = KitchenWorld(configuration: SimulatorConfiguration(seed: seed, manualClock: true,
                                                                      householdDoorOpeningsPerHour: doorsPerHour))
        _ = world.login(username: "demo", password: "demo")
        return world
    }

    func key(_ world: KitchenWorld, _ kind: DeviceKind, compartment: String? = nil, single: Bool = false) -> StateKey {
        let device = world.kitchen(of: "demo").first { $0.kind == kind && (kind != .oven || $0.isDoubleOven != single) }!
        return StateKey(deviceID: device.id, compartment: compartment)
    }

    @Test func ovenHeatsBy25TowardTheTargetAndCoolsBy10Toward75() {
        var world = world()
        let oven = key(world, .oven, single: true)
        _ = world.update(oven) { if case .oven(var s) = $0 { s.isOn = true; s.targetTemperature = 170; $0 = .oven(s) } }
        var seen: [Int] = []
        for _ in 0..<5 {
            _ = world.tick()
            if case .oven(let s)? = world.states[oven] { seen.append(s.currentTemperature) }
        }
        #expect(seen == [100, 125, 150, 170, 170])
        _ = world.update(oven) { if case .oven(var s) = $0 { s.isOn = false; $0 = .oven(s) } }
        seen = []
        for _ in 0..<11 {
            _ = world.tick()
            if case .oven(let s)? = world.states[oven] { seen.append(s.currentTemperature) }
        }
        #expect(seen == [160, 150, 140, 130, 120, 110, 100, 90, 80, 75, 75])
    }

    @Test func fridgeMovesOneDegreeTowardTargetsAndRisesWhileTheDoorIsOpen() {
        var world = world()
        let fridge = key(world, .fridge)
        _ = world.update(fridge) { if case .fridge(var s) = $0 { s.targetTemperature = 35; s.freezerTargetTemperature = 2; $0 = .fridge(s) } }
        _ = world.tick()
        guard case .fridge(let afterOne)? = world.states[fridge] else { Issue.record(); return }
        #expect(afterOne.currentTemperature == 36 && afterOne.freezerCurrentTemperature == 1)
        _ = world.update(fridge) { if case .fridge(var s) = $0 { s.isDoorOpen = true; $0 = .fridge(s) } }
        _ = world.tick()
        _ = world.tick()
        guard case .fridge(let open)? = world.states[fridge] else { Issue.record(); return }
        #expect(open.currentTemperature == 38 && open.freezerCurrentTemperature == 3)
    }

    @Test func dishwasherCountsDownAMinuteATickThenStaysComplete() {
        var world = world()
        let dishwasher = key(world, .dishwasher)
        _ = world.update(dishwasher) { $0 = .dishwasher(DishwasherState(status: .running, cycle: "rinse_only", remainingMinutes: 2, lastUpdated: 0)) }
        let first = world.tick().filter { $0.device.kind == .dishwasher }
        #expect(first.count == 1)
        _ = world.tick()
        guard case .dishwasher(let done)? = world.states[dishwasher] else { Issue.record(); return }
        #expect(done.status == .complete && done.cycle == "rinse_only" && done.remainingMinutes == 0)
        #expect(world.tick().filter { $0.device.kind == .dishwasher }.isEmpty)
    }

    @Test(arguments: [("low", 1), ("medium", 2), ("high", 3)])
    func iceMakerFillsByItsRateAndStopsFullAt100(_ rate: String, _ step: Int) {
        var world = world()
        let iceMaker = key(world, .iceMaker)
        _ = world.update(iceMaker) { if case .iceMaker(var s) = $0 { s.productionRate = rate; s.binLevel = 97; $0 = .iceMaker(s) } }
        _ = world.tick()
        guard case .iceMaker(let once)? = world.states[iceMaker] else { Issue.record(); return }
        #expect(once.binLevel == min(100, 97 + step))
        for _ in 0..<3 { _ = world.tick() }
        guard case .iceMaker(let full)? = world.states[iceMaker] else { Issue.record(); return }
        #expect(full.binLevel == 100 && full.isBinFull)
    }

    @Test func theSameSeedGivesTheSameRunAndAnotherSeedAnotherOne() {
        func doorTimeline(seed: UInt64) -> [Bool] {
            var world = world(seed: seed, doorsPerHour: 600)
            let fridge = key(world, .fridge)
            return (0..<400).map { _ in
                _ = world.tick()
                if case .fridge(let state)? = world.states[fridge] { return state.isDoorOpen }
                return false
            }
        }
        let first = doorTimeline(seed: 7)
        #expect(first == doorTimeline(seed: 7))
        #expect(first != doorTimeline(seed: 8))
        #expect(first.contains(true) && first.contains(false))
    }

    @Test func tokensAndIdsFollowTheSeed() {
        #expect(world(seed: 3).kitchen(of: "demo").map(\.id) == world(seed: 3).kitchen(of: "demo").map(\.id))
        #expect(world(seed: 3).kitchen(of: "demo").map(\.id) != world(seed: 4).kitchen(of: "demo").map(\.id))
    }
}

extension KitchenWorld {
    /// The state at `key` as `change` leaves it, put back through `update(_:to:)`.
    mutating func update(_ key: StateKey, _ change: (inout DeviceState) -> Void) -> (state: DeviceState, change: Change?) {
        guard var state = states[key] else { preconditionFailure("no state at \(key)") }
        change(&state)
        return update(key, to: state)
    }
}
