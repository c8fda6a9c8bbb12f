extension KitchenWorld {
    /// One tick of the simulation rules (API.md, "Simulation"): the clock moves on a
    /// second, then every state evolves. Returns the states that changed.
    mutating func tick() -> [Change] {
        clock.tick()
        var changes: [Change] = []
        for key in stateOrder {
            guard var state = states[key] else { continue }
            evolve(&state)
            if let change = update(key, to: state).change { changes.append(change) }
        }
        return changes
    }

    private mutating func evolve(_ state: inout DeviceState) {
        switch state {
        case .oven(var oven):
            // On: toward the target by up to 25 °F; off: toward 75 °F by up to 10 °F.
            let (goal, step) = oven.isOn
                ? (oven.targetTemperature, Catalog.ovenHeatingPerTick)
                : (Catalog.ovenIdleTemperature, Catalog.ovenCoolingPerTick)
            oven.currentTemperature = Self.approach(oven.currentTemperature, goal, by: step)
            state = .oven(oven)
        case .fridge(var fridge):
            householdDoor(&fridge)
            // 1 °F a tick toward the target, but rising 1 °F a tick while the door is open.
            if fridge.isDoorOpen {
                fridge.currentTemperature += 1
                fridge.freezerCurrentTemperature += 1
            } else {
                fridge.currentTemperature = Self.approach(fridge.currentTemperature, fridge.targetTemperature, by: 1)
                fridge.freezerCurrentTemperature = Self.approach(
                    fridge.freezerCurrentTemperature, fridge.freezerTargetTemperature, by: 1)
            }
            state = .fridge(fridge)
        case .dishwasher(var dishwasher):
            // A tick is one minute of the cycle; at 0 the cycle is complete (and keeps its cycle name).
            if dishwasher.status == .running {
                dishwasher.remainingMinutes = max(0, dishwasher.remainingMinutes - 1)
                if dishwasher.remainingMinutes == 0 { dishwasher.status = .complete }
            }
            state = .dishwasher(dishwasher)
        case .iceMaker(var iceMaker):
            if iceMaker.isOn, !iceMaker.isBinFull {
                iceMaker.binLevel = min(Catalog.binCapacity, iceMaker.binLevel + (Catalog.iceRates[iceMaker.productionRate] ?? 0))
            }
            state = .iceMaker(iceMaker)
        }
    }

    /// The household's own door openings, drawn from the seeded generator: a closed door opens
    /// with the configured chance per tick and closes again after 5–60 ticks. A door opened
    /// through the controls is left alone.
    private mutating func householdDoor(_ fridge: inout FridgeState) {
        let chance = configuration.householdDoorOpeningsPerHour / 3600
        guard chance > 0 else { return }
        if let ticksLeft = fridge.householdDoorTicksLeft {
            if ticksLeft <= 1 {
                fridge.isDoorOpen = false
                fridge.doorOpenedAt = nil
                fridge.householdDoorTicksLeft = nil
            } else {
                fridge.householdDoorTicksLeft = ticksLeft - 1
            }
        } else if !fridge.isDoorOpen, Double.random(in: 0..<1, using: &householdRandom) < chance {
            fridge.isDoorOpen = true
            fridge.doorOpenedAt = now
            fridge.householdDoorTicksLeft = Int.random(in: 5...60, using: &householdRandom)
        }
    }

    static func approach(_ value: Int, _ goal: Int, by step: Int) -> Int {
        value < goal ? min(goal, value + step) : max(goal, value - step)
    }
}
