import HTTPWire

/// The device routes. Each runs under the world lock the responder already holds: resolves
/// the device, validates, applies the command, broadcasts the change, and answers with the state.
extension SimulatorResponder {
    /// A device route: 404 unless `id` is a `kind` device of `username`; then its state, or
    /// the state after the command `action`.
    func device(_ request: HTTPRequest, kind: DeviceKind, id: String, action: String?, username: String,
                world: inout KitchenWorld) -> APIReply {
        do throws(APIError) {
            let device = try world.device(id, ownedBy: username, kind: kind)
            // Every command but a dishwasher's stop has a JSON body.
            let body = action == nil || action == "stop" ? nil : try JSONBody(request)
            var key = StateKey(deviceID: device.id, compartment: nil)
            if kind == .oven {
                // A command names the compartment in its body, a read in its query.
                let compartment = body == nil ? request.queryValue("compartment") : try body?.optional("compartment", JSONBody.string)
                key = try world.ovenKey(device, compartment: compartment)
            }
            guard let before = world.states[key] else { preconditionFailure("no state at \(key)") }
            guard let action else { return .ok(before.json, now: world.now) }
            let (state, change) = world.update(key, to: try Self.state(after: action, body, on: before))
            if let change { simulator.hub.broadcast([change], now: world.now) }
            return .ok(state.json, now: world.now)
        } catch {
            return .error(error, now: world.now)
        }
    }

    /// The state `action` with `body` makes of `state` (API.md): a bad field is 400, starting
    /// a running dishwasher 409. `body` is nil only for a dishwasher's stop.
    private static func state(after action: String, _ body: JSONBody?, on state: DeviceState) throws(APIError) -> DeviceState {
        switch (state, body) {
        case (.oven(var oven), let body?):
            switch action {
            case "power": oven.isOn = try body.bool("isOn")
            case "temperature":
                oven.targetTemperature = try body.int("targetTemperature").checked("targetTemperature", in: Catalog.ovenTemperatureRange)
            default: oven.mode = try body.string("mode").checked("mode", in: Catalog.ovenModes)
            }
            return .oven(oven)
        case (.fridge(var fridge), let body?):
            if action == "freezer" {
                fridge.freezerTargetTemperature = try body.int("temperature").checked("temperature", in: Catalog.freezerTemperatureRange)
            } else {
                fridge.targetTemperature = try body.int("temperature").checked("temperature", in: Catalog.fridgeTemperatureRange)
            }
            return .fridge(fridge)
        case (.dishwasher(let dishwasher), let body?):
            let cycle = try body.string("cycle").checked("cycle", in: Catalog.dishwasherCycles.keys)
            guard dishwasher.status != .running else { throw .conflict("the dishwasher is already running") }
            return .dishwasher(DishwasherState(status: .running, cycle: cycle, remainingMinutes: Catalog.dishwasherCycles[cycle] ?? 0,
                                               lastUpdated: dishwasher.lastUpdated))
        case (.dishwasher(var dishwasher), nil):
            // Stop is idempotent: idle, no cycle, no minutes left.
            (dishwasher.status, dishwasher.cycle, dishwasher.remainingMinutes) = (.idle, nil, 0)
            return .dishwasher(dishwasher)
        case (.iceMaker(var iceMaker), let body?):
            if action == "power" {
                iceMaker.isOn = try body.bool("isOn")
            } else {
                iceMaker.productionRate = try body.string("rate").checked("rate", in: Catalog.iceRates.keys)
            }
            return .iceMaker(iceMaker)
        case (_, nil):
            preconditionFailure("only a dishwasher's stop comes without a body")
        }
    }
}
