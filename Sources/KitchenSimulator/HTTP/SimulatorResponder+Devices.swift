import HTTPWire

/// The device routes. Each runs under the world lock the responder already holds: resolves
/// the device, validates, applies the command, broadcasts the change, and answers with the state.
extension SimulatorResponder {
    typealias Outcome = (state: DeviceState, change: KitchenWorld.Change?)

    /// Runs a device route: 404 unless `deviceID` is a `kind` device of `username`, then `body`.
    private func command(
        _ deviceID: String, kind: DeviceKind, username: String, world: inout KitchenWorld,
        _ body: (inout KitchenWorld, Device) throws(APIError) -> Outcome
    ) -> APIReply {
        do throws(APIError) {
            let device = try world.device(deviceID, ownedBy: username, kind: kind).get()
            let outcome = try body(&world, device)
            if let change = outcome.change { simulator.hub.broadcast([change], now: world.now) }
            return .ok(outcome.state.json, now: world.now)
        } catch {
            return .error(error, now: world.now)
        }
    }

    private func current(_ world: KitchenWorld, _ key: StateKey) -> Outcome {
        guard let state = world.states[key] else { preconditionFailure("no state at \(key)") }
        return (state, nil)
    }

    func oven(_ request: HTTPRequest, deviceID: String, action: String?, username: String,
                world: inout KitchenWorld) -> APIReply {
        command(deviceID, kind: .oven, username: username, world: &world) { (world, device) throws(APIError) -> Outcome in
            guard let action else {
                return current(world, try world.ovenKey(device, compartment: request.queryValue("compartment")).get())
            }
            let body = try JSONBody(request)
            let key = try world.ovenKey(device, compartment: try body.optionalString("compartment")).get()
            let apply: (inout OvenState) -> Void
            switch action {
            case "power":
                let isOn = try body.bool("isOn")
                apply = { $0.isOn = isOn }
            case "temperature":
                let target = try body.int("targetTemperature").checked("targetTemperature", in: Catalog.ovenTemperatureRange)
                apply = { $0.targetTemperature = target }
            default:
                let mode = try body.string("mode").checked("mode", in: Catalog.ovenModes)
                apply = { $0.mode = mode }
            }
            return world.update(key) { state in
                if case .oven(var oven) = state { apply(&oven); state = .oven(oven) }
            }
        }
    }

    func fridge(_ request: HTTPRequest, deviceID: String, action: String?, username: String,
                world: inout KitchenWorld) -> APIReply {
        command(deviceID, kind: .fridge, username: username, world: &world) { (world, device) throws(APIError) -> Outcome in
            let key = StateKey(deviceID: device.id, compartment: nil)
            guard let action else { return current(world, key) }
            let body = try JSONBody(request)
            let isFreezer = action == "freezer"
            let temperature = try body.int("temperature").checked(
                "temperature", in: isFreezer ? Catalog.freezerTemperatureRange : Catalog.fridgeTemperatureRange)
            return world.update(key) { state in
                guard case .fridge(var fridge) = state else { return }
                if isFreezer { fridge.freezerTargetTemperature = temperature } else { fridge.targetTemperature = temperature }
                state = .fridge(fridge)
            }
        }
    }

    func dishwasher(_ request: HTTPRequest, deviceID: String, action: String?, username: String,
                world: inout KitchenWorld) -> APIReply {
        command(deviceID, kind: .dishwasher, username: username, world: &world) { (world, device) throws(APIError) -> Outcome in
            let key = StateKey(deviceID: device.id, compartment: nil)
            switch action {
            case nil:
                return current(world, key)
            case "start":
                let cycle = try JSONBody(request).string("cycle").checked("cycle", in: Catalog.dishwasherCycles.keys)
                if case .dishwasher(let state)? = world.states[key], state.status == .running {
                    throw .conflict("the dishwasher is already running")
                }
                return world.update(key) { state in
                    state = .dishwasher(DishwasherState(status: .running, cycle: cycle,
                                                        remainingMinutes: Catalog.dishwasherCycles[cycle] ?? 0, lastUpdated: 0))
                }
            default:
                // Stop is idempotent: idle, no cycle, no minutes left.
                return world.update(key) { state in
                    guard case .dishwasher(var dishwasher) = state else { return }
                    (dishwasher.status, dishwasher.cycle, dishwasher.remainingMinutes) = (.idle, nil, 0)
                    state = .dishwasher(dishwasher)
                }
            }
        }
    }

    func iceMaker(_ request: HTTPRequest, deviceID: String, action: String?, username: String,
                world: inout KitchenWorld) -> APIReply {
        command(deviceID, kind: .iceMaker, username: username, world: &world) { (world, device) throws(APIError) -> Outcome in
            let key = StateKey(deviceID: device.id, compartment: nil)
            guard let action else { return current(world, key) }
            let body = try JSONBody(request)
            let apply: (inout IceMakerState) -> Void
            if action == "power" {
                let isOn = try body.bool("isOn")
                apply = { $0.isOn = isOn }
            } else {
                let rate = try body.string("rate").checked("rate", in: Catalog.iceRates.keys)
                apply = { $0.productionRate = rate }
            }
            return world.update(key) { state in
                if case .iceMaker(var iceMaker) = state { apply(&iceMaker); state = .iceMaker(iceMaker) }
            }
        }
    }
}
