extension KitchenWorld {
    /// `id` if it is a device of `kind` in `username`'s kitchen; otherwise 404, so that
    /// another user's device and a route for another device type look alike (API.md).
    func device(_ id: String, ownedBy username: String, kind: DeviceKind) throws(APIError) -> Device {
        guard let device = devices[id], device.owner == username, device.kind == kind else { throw .notFound }
        return device
    }

    /// The state key for an oven command: a double oven needs a compartment, a single oven must not have one.
    func ovenKey(_ device: Device, compartment: String?) throws(APIError) -> StateKey {
        if device.isDoubleOven {
            guard let compartment else { throw .badRequest("compartment is required for a double oven") }
            guard device.compartments.contains(where: { $0.key == compartment }) else {
                throw .invalidValue("compartment must be one of: upper, lower")
            }
        } else if compartment != nil {
            throw .badRequest("compartment is not allowed for a single oven")
        }
        return StateKey(deviceID: device.id, compartment: compartment)
    }

    /// Puts `state` at `key`: when it differs from the state there, stamped with `lastUpdated`
    /// and reported as a change. Returns the state now at `key`.
    mutating func update(_ key: StateKey, to state: DeviceState) -> (state: DeviceState, change: Change?) {
        guard let before = states[key], let device = devices[key.deviceID] else { preconditionFailure("state key \(key) has no state") }
        guard state != before else { return (before, nil) }
        var state = state
        state.stamp(now)
        states[key] = state
        return (state, Change(device: device, compartment: key.compartment, state: state))
    }
}

extension DeviceState {
    /// Sets `lastUpdated`.
    mutating func stamp(_ milliseconds: Int64) {
        switch self {
        case .oven(var state): state.lastUpdated = milliseconds; self = .oven(state)
        case .fridge(var state): state.lastUpdated = milliseconds; self = .fridge(state)
        case .dishwasher(var state): state.lastUpdated = milliseconds; self = .dishwasher(state)
        case .iceMaker(var state): state.lastUpdated = milliseconds; self = .iceMaker(state)
        }
    }
}
