/// One extra lane under the recording: named events at instants, e.g. the app's controllers'
/// telemetry and state changes from `kitchen reproduce`.
///
/// ```swift
/// let lane = ReportLane(name: "app (controllers)", items: [
///     .init(time: start + 15_000, label: "cycle completed", detail: "cycle completed: dishwasher-1 eco", kind: "alert"),
/// ])
/// ```
public struct ReportLane: Sendable, Hashable {
    /// One event of the lane.
    public struct Item: Sendable, Hashable {
        /// When it happened, in milliseconds since 1970 (the recording's clock).
        public var time: Int64
        /// A short label drawn beside its mark when there is room.
        public var label: String
        /// The full text, shown on hover and in its detail.
        public var detail: String
        /// A class for its colour: letters, digits and `-` (others are dropped), e.g. `alert`.
        public var kind: String

        /// An event at `time`.
        public init(time: Int64, label: String, detail: String, kind: String = "event") {
            self.time = time
            self.label = label
            self.detail = detail
            self.kind = kind
        }
    }

    /// The lane's name, shown at its left.
    public var name: String
    /// Its events, in the order they happened.
    public var items: [Item]

    /// A lane called `name`.
    public init(name: String, items: [Item]) {
        self.name = name
        self.items = items
    }
}
