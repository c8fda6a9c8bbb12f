import Foundation

/// The state of an oven, or of one compartment of a double oven.
///
/// `mode` is a string on purpose: the list of modes lives in one table in the
/// controllers' presenter, so adding a mode changes that table and nothing here.
public struct OvenState: Codable, Equatable, Hashable, Sendable {
    /// Whether the oven is heating.
    public var isOn: Bool
    /// The target temperature in whole °F (170…550).
    public var targetTemperature: Int
    /// The measured temperature in whole °F.
    public var currentTemperature: Int
    /// The cooking mode, e.g. `bake`, `convect`, `air_fry`.
    public var mode: String
    /// When the server last changed this state (millisecond precision).
    public var lastUpdated: Date

    /// An oven state.
    public init(isOn: Bool, targetTemperature: Int, currentTemperature: Int, mode: String, lastUpdated: Date) {
        self.isOn = isOn
        self.targetTemperature = targetTemperature
        self.currentTemperature = currentTemperature
        self.mode = mode
        self.lastUpdated = lastUpdated
    }
}
