extension KitchenWorld {
    /// `id` if it is a device of `kind` in `username`'s kitchen; otherwise 404, so that
    /// another user's device and a route for another device type look alike (API.md).
    func device(_ id: String, ownedBy username: String, kind: DeviceKind) -> Result<Device, APIError> {
        guard let device = devices[id], device.owner == username, device.kind == kind else { return .failure(.notFound) }
        return .success(device)
    }

    /// The state key for an oven command: a double oven needs a compartment, a single oven must not have one.
    func ovenKey(_ device: Device, compartment: String?) -> Result<StateKey, APIError> {
        if device.isDoubleOven {
            guard let compartment else { return .failure(.badRequest("compartment is required for a double oven")) }
            guard device.compartments.contains(where: { $0.key == compartment }) else {
                return .failure(.invalidValue("compartment must be one of: upper, lower"))
            }
        } else if compartment != nil {
            return .failure(.badRequest("compartment is not allowed for a single oven"))
        }
        return .success(StateKey(deviceID: device.id, compartment: compartment))
    }

    /// Applies `change` to the state at `key`; stamps `lastUpdated` and reports a change only
    /// when something actually changed.
    mutating func update(_ key: StateKey, _ change: (inout DeviceState) -> Void) -> (state: DeviceState, change: Change?) {
        guard let before = states[key], let device = devices[key.deviceID] else {
            preconditionFailure("state key \(key) has no state")
        }
        var after = before
        change(&after)
        guard after != before else { return (before, nil) }
        after.stamp(now)
        states[key] = after
        return (after, Change(device: device, compartment: key.compartment, state: after))
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
