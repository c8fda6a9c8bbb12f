/// The type of a device, as the API's `type` / `deviceType` string.
///
/// The set is open: a type this client does not know decodes as
/// ``other(_:)`` instead of failing, so a server that adds an appliance does
/// not break the device list (API.md: additive changes are not breaking).
///
/// ```swift
/// DeviceKind(rawValue: "ice_maker")   // .iceMaker
/// DeviceKind(rawValue: "toaster")     // .other("toaster")
/// ```
public enum DeviceKind: Sendable {
    /// An oven, single or double (see ``DeviceInfo/isDoubleOven``).
    case oven
    /// A fridge with a freezer compartment.
    case fridge
    /// A dishwasher.
    case dishwasher
    /// An ice maker (wire value `ice_maker`).
    case iceMaker
    /// A type this client does not know, carrying the wire value.
    case other(String)

    /// Every type this version of the client knows.
    public static let known: [DeviceKind] = [.oven, .fridge, .dishwasher, .iceMaker]

    /// The kind for a wire value; never fails (unknown values become ``other(_:)``).
    public init(rawValue: String) {
        self = Self.known.first { $0.rawValue == rawValue } ?? .other(rawValue)
    }

    /// The wire value.
    public var rawValue: String {
        switch self {
        case .oven: "oven"
        case .fridge: "fridge"
        case .dishwasher: "dishwasher"
        case .iceMaker: "ice_maker"
        case .other(let value): value
        }
    }

    /// Whether this is a type the client knows.
    public var isKnown: Bool {
        if case .other = self { return false }
        return true
    }
}

// Equality and hashing go through the wire value, so `.other("oven")` built by
// hand is the same kind as `.oven`.
extension DeviceKind: Hashable {
    /// Kinds are equal when their wire values are.
    public static func == (lhs: DeviceKind, rhs: DeviceKind) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Hashes the wire value.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

// The wire string is the coding: the standard library's `Codable` for `RawRepresentable`.
extension DeviceKind: RawRepresentable, Codable {}

extension DeviceKind: CustomStringConvertible {
    /// The wire value.
    public var description: String { rawValue }
}
