/// One appliance in the user's kitchen, as `GET /devices` lists it.
///
/// ```swift
/// let devices = try await api.fetchDevices()
/// for oven in devices where oven.isDoubleOven {
///     for compartment in oven.compartments ?? [] { print(compartment.key) }   // upper, lower
/// }
/// ```
public struct DeviceInfo: Codable, Equatable, Hashable, Sendable {
    /// The device id, unique across users.
    public var id: String
    /// The name shown to the user.
    public var name: String
    /// The device type; open to types this client does not know.
    public var type: DeviceKind
    /// The model name.
    public var model: String
    /// Whether the device is reachable.
    public var isOnline: Bool
    /// The compartments of a double oven (`upper`, `lower`); absent for every
    /// other device. Omitted from encoded JSON when `nil` (API.md: `compartments?`).
    public var compartments: [Compartment]?

    /// A device.
    public init(
        id: String, name: String, type: DeviceKind, model: String, isOnline: Bool,
        compartments: [Compartment]? = nil
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.model = model
        self.isOnline = isOnline
        self.compartments = compartments
    }

    /// Whether this is an oven, single or double.
    public var isOven: Bool { type == .oven }
    /// Whether this is an oven with compartments, whose oven routes need a `compartment`.
    public var isDoubleOven: Bool { isOven && !(compartments ?? []).isEmpty }
    /// Whether this is a fridge.
    public var isFridge: Bool { type == .fridge }
    /// Whether this is a dishwasher.
    public var isDishwasher: Bool { type == .dishwasher }
    /// Whether this is an ice maker.
    public var isIceMaker: Bool { type == .iceMaker }
    /// Whether the client knows how to drive this device.
    public var isSupported: Bool { type.isKnown }
}

/// A compartment of a double oven.
public struct Compartment: Codable, Equatable, Hashable, Sendable {
    /// The key sent as `compartment` on oven routes (`upper`, `lower`).
    public var key: String
    /// The label shown to the user.
    public var label: String

    /// A compartment.
    public init(key: String, label: String) {
        self.key = key
        self.label = label
    }
}
