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
public struct DishwasherState: Codable, Equatable, Hashable, Sendable {
    /// What the dishwasher is doing.
    public var status: DishwasherStatus
    /// The running or finished cycle, e.g. `normal`, `eco`; `nil` when idle.
    @RequiredNullable public var cycle: String?
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
