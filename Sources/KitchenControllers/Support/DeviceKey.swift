/// Which state a controller keeps: a device, or one compartment of a double oven.
///
/// ```swift
/// let upper = DeviceKey(deviceId: "oven-double-1", compartment: "upper")
/// ovenViewModel.ovenStates[upper]?.targetTemperature
/// upper.description   // "oven-double-1/upper"
/// ```
public struct DeviceKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The device id.
    public var deviceId: String
    /// The oven compartment (`upper`, `lower`); `nil` for every other device.
    public var compartment: String?

    /// A key for `deviceId`, or for one of its compartments.
    public init(deviceId: String, compartment: String? = nil) {
        self.deviceId = deviceId
        self.compartment = compartment
    }

    /// `deviceId` or `deviceId/compartment`.
    public var description: String {
        compartment.map { "\(deviceId)/\($0)" } ?? deviceId
    }

    /// By device id, then compartment (a whole device before its compartments).
    public static func < (lhs: DeviceKey, rhs: DeviceKey) -> Bool {
        if lhs.deviceId != rhs.deviceId { return lhs.deviceId < rhs.deviceId }
        return (lhs.compartment ?? "") < (rhs.compartment ?? "")
    }
}
