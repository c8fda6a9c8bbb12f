import Foundation

/// The state of a fridge and its freezer.
///
/// `doorOpenedAt` is `time | null` in the API: it is always present in JSON,
/// `null` while the door is closed, and a payload without it is rejected.
public struct FridgeState: Codable, Equatable, Hashable, Sendable {
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
    @RequiredNullable public var doorOpenedAt: Date?
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
