import Foundation

/// What a dishwasher is doing.
///
/// A closed set: the API defines exactly these three, and the dishwasher
/// controller's completion logic depends on them.
public enum DishwasherStatus: String, Codable, Hashable, Sendable, CaseIterable {
    /// Not running; no cycle selected.
    case idle
    /// Running a cycle.
    case running
    /// A cycle finished; stays so (with its `cycle`) until the next start.
    case complete
}

/// The state of a dishwasher.
///
/// `cycle` is `str | null` in the API: always present, `null` when idle. It is
/// a string so the cycle table lives once, in the controllers' presenter.
public struct DishwasherState: Equatable, Hashable, Sendable {
    /// What the dishwasher is doing.
    public var status: DishwasherStatus
    /// The running or finished cycle, e.g. `normal`, `eco`; `nil` when idle.
    public var cycle: String?
    /// Minutes left in the running cycle; 0 when idle or complete.
    public var remainingMinutes: Int
    /// When the server last changed this state.
    public var lastUpdated: Date

    /// A dishwasher state.
    public init(status: DishwasherStatus, cycle: String?, remainingMinutes: Int, lastUpdated: Date) {
        self.status = status
        self.cycle = cycle
        self.remainingMinutes = remainingMinutes
        self.lastUpdated = lastUpdated
    }
}

extension DishwasherState: Codable {
    private enum CodingKeys: String, CodingKey {
        case status, cycle, remainingMinutes, lastUpdated
    }

    /// Decodes a dishwasher state; `cycle` must be present (a string or `null`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decode(DishwasherStatus.self, forKey: .status)
        cycle = try container.decodeRequiredNullable(String.self, forKey: .cycle)
        remainingMinutes = try container.decode(Int.self, forKey: .remainingMinutes)
        lastUpdated = try container.decode(Date.self, forKey: .lastUpdated)
    }

    /// Encodes a dishwasher state, writing `cycle` as `null` when there is none.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encodeNullable(cycle, forKey: .cycle)
        try container.encode(remainingMinutes, forKey: .remainingMinutes)
        try container.encode(lastUpdated, forKey: .lastUpdated)
    }
}
