// The arguments of one call to ``MockAPIService``, one small value per shape,
// so a test can compare calls and script results for a particular call.

/// A call with no arguments (`logout`, `fetchDevices`).
public struct NoArgumentsCall: Hashable, Sendable {
    /// The call.
    public init() {}
}

/// `login(username:password:)`.
public struct LoginCall: Hashable, Sendable {
    /// The user name.
    public var username: String
    /// The password.
    public var password: String
    /// The call.
    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }
}

/// A call that names only a device (`getFridgeState`, `stopDishwasher` …).
public struct DeviceCall: Hashable, Sendable {
    /// The device id.
    public var deviceId: String
    /// The call.
    public init(deviceId: String) { self.deviceId = deviceId }
}

/// `getOvenState(deviceId:compartment:)`.
public struct OvenCall: Hashable, Sendable {
    /// The device id.
    public var deviceId: String
    /// The compartment, for a double oven.
    public var compartment: String?
    /// The call.
    public init(deviceId: String, compartment: String?) {
        self.deviceId = deviceId
        self.compartment = compartment
    }
}

/// `setOvenPower(deviceId:compartment:isOn:)`.
public struct SetOvenPowerCall: Hashable, Sendable {
    /// The device id.
    public var deviceId: String
    /// The compartment, for a double oven.
    public var compartment: String?
    /// The requested power.
    public var isOn: Bool
    /// The call.
    public init(deviceId: String, compartment: String?, isOn: Bool) {
        self.deviceId = deviceId
        self.compartment = compartment
        self.isOn = isOn
    }
}

/// `setOvenTemperature(deviceId:compartment:temperature:)`.
public struct SetOvenTemperatureCall: Hashable, Sendable {
    /// The device id.
    public var deviceId: String
    /// The compartment, for a double oven.
    public var compartment: String?
    /// The requested target in °F.
    public var temperature: Int
    /// The call.
    public init(deviceId: String, compartment: String?, temperature: Int) {
        self.deviceId = deviceId
        self.compartment = compartment
        self.temperature = temperature
    }
}

/// `setOvenMode(deviceId:compartment:mode:)`.
public struct SetOvenModeCall: Hashable, Sendable {
    /// The device id.
    public var deviceId: String
    /// The compartment, for a double oven.
    public var compartment: String?
    /// The requested mode.
    public var mode: String
    /// The call.
    public init(deviceId: String, compartment: String?, mode: String) {
        self.deviceId = deviceId
        self.compartment = compartment
        self.mode = mode
    }
}

/// `setFridgeTemperature` and `setFreezerTemperature`.
public struct SetTemperatureCall: Hashable, Sendable {
    /// The device id.
    public var deviceId: String
    /// The requested target in °F.
    public var temperature: Int
    /// The call.
    public init(deviceId: String, temperature: Int) {
        self.deviceId = deviceId
        self.temperature = temperature
    }
}

/// `startDishwasher(deviceId:cycle:)`.
public struct StartDishwasherCall: Hashable, Sendable {
    /// The device id.
    public var deviceId: String
    /// The requested cycle.
    public var cycle: String
    /// The call.
    public init(deviceId: String, cycle: String) {
        self.deviceId = deviceId
        self.cycle = cycle
    }
}

/// `setIceMakerPower(deviceId:isOn:)`.
public struct SetIceMakerPowerCall: Hashable, Sendable {
    /// The device id.
    public var deviceId: String
    /// The requested power.
    public var isOn: Bool
    /// The call.
    public init(deviceId: String, isOn: Bool) {
        self.deviceId = deviceId
        self.isOn = isOn
    }
}

/// `setIceMakerRate(deviceId:rate:)`.
public struct SetIceMakerRateCall: Hashable, Sendable {
    /// The device id.
    public var deviceId: String
    /// The requested rate.
    public var rate: String
    /// The call.
    public init(deviceId: String, rate: String) {
        self.deviceId = deviceId
        self.rate = rate
    }
}
