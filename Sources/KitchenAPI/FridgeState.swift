import Foundation

/// The state of a fridge and its freezer.
///
/// `doorOpenedAt` is `time | null` in the API: it is always present in JSON,
/// `null` while the door is closed, and a payload without it is rejected.
public struct FridgeState: Equatable, Hashable, Sendable {
    /// The fridge target in whole °F (33…45).
    public var targetTemperature: Int
    /// The measured fridge temperature in whole °F.
    public var currentTemperature: Int
    /// The freezer target in whole °F (-10…10).
    public var freezerTargetTemperature: Int
    /// The measured freezer temperature in whole °F.
    public var freezerCurrentTemperature: Int
    /// Whether the fridge door is open.
    public var isDoorOpen: Bool
    /// When the door was opened; `nil` (JSON `null`) while it is closed.
    public var doorOpenedAt: Date?
    /// When the server last changed this state.
    public var lastUpdated: Date

    /// A fridge state.
    public init(
        targetTemperature: Int, currentTemperature: Int,
        freezerTargetTemperature: Int, freezerCurrentTemperature: Int,
        isDoorOpen: Bool, doorOpenedAt: Date?, lastUpdated: Date
    ) {
        self.targetTemperature = targetTemperature
        self.currentTemperature = currentTemperature
        self.freezerTargetTemperature = freezerTargetTemperature
        self.freezerCurrentTemperature = freezerCurrentTemperature
        self.isDoorOpen = isDoorOpen
        self.doorOpenedAt = doorOpenedAt
        self.lastUpdated = lastUpdated
    }
}

extension FridgeState: Codable {
    private enum CodingKeys: String, CodingKey {
        case targetTemperature, currentTemperature, freezerTargetTemperature, freezerCurrentTemperature
        case isDoorOpen, doorOpenedAt, lastUpdated
    }

    /// Decodes a fridge state; `doorOpenedAt` must be present (a date or `null`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        targetTemperature = try container.decode(Int.self, forKey: .targetTemperature)
        currentTemperature = try container.decode(Int.self, forKey: .currentTemperature)
        freezerTargetTemperature = try container.decode(Int.self, forKey: .freezerTargetTemperature)
        freezerCurrentTemperature = try container.decode(Int.self, forKey: .freezerCurrentTemperature)
        isDoorOpen = try container.decode(Bool.self, forKey: .isDoorOpen)
        doorOpenedAt = try container.decodeRequiredNullable(Date.self, forKey: .doorOpenedAt)
        lastUpdated = try container.decode(Date.self, forKey: .lastUpdated)
    }

    /// Encodes a fridge state, writing `doorOpenedAt` as `null` when there is none.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(targetTemperature, forKey: .targetTemperature)
        try container.encode(currentTemperature, forKey: .currentTemperature)
        try container.encode(freezerTargetTemperature, forKey: .freezerTargetTemperature)
        try container.encode(freezerCurrentTemperature, forKey: .freezerCurrentTemperature)
        try container.encode(isDoorOpen, forKey: .isDoorOpen)
        try container.encodeNullable(doorOpenedAt, forKey: .doorOpenedAt)
        try container.encode(lastUpdated, forKey: .lastUpdated)
    }
}
