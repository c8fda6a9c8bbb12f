import Foundation

/// The state of an ice maker.
///
/// `productionRate` is a string (`low`, `medium`, `high`) so the rate table
/// lives once, in the controllers' presenter.
public struct IceMakerState: Codable, Equatable, Hashable, Sendable {
    /// Whether the ice maker is producing.
    public var isOn: Bool
    /// The production rate: `low`, `medium` or `high`.
    public var productionRate: String
    /// How full the bin is, 0…100.
    public var binLevel: Int
    /// Whether the bin is full (`binLevel == 100`).
    public var isBinFull: Bool
    /// When the server last changed this state.
    public var lastUpdated: Date

    /// An ice maker state.
    public init(isOn: Bool, productionRate: String, binLevel: Int, isBinFull: Bool, lastUpdated: Date) {
        self.isOn = isOn
        self.productionRate = productionRate
        self.binLevel = binLevel
        self.isBinFull = isBinFull
        self.lastUpdated = lastUpdated
    }
}
