/// Vertical sizes of the timeline, in CSS pixels; the page's script reads the ones it needs
/// from the plot's data attributes.
enum Geometry {
    /// The axis: tick labels and marks.
    static let axisHeight = 34.0
    /// One row of bars or lane events.
    static let rowHeight = 18.0
    /// A bar's height inside its row.
    static let barHeight = 12.0
    /// Space above and below a lane's rows.
    static let lanePadding = 6.0
    /// A WebSocket lane: sends above its middle line, receives below.
    static let connectionHeight = 56.0
    /// The middle line of a WebSocket lane.
    static let connectionMiddle = 25.0
    /// The column of lane names left of the plot.
    static let labelColumn = 230.0
    /// Room right of the axis for the last labels.
    static let rightMargin = 320.0
    /// The least distance between two tick labels.
    static let tickSpacing = 64.0

    /// The height of a lane of `rows` rows.
    static func laneHeight(rows: Int) -> Double {
        Double(rows) * rowHeight + 2 * lanePadding
    }
}
