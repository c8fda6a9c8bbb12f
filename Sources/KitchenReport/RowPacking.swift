/// Puts labelled marks (HTTP bars, lane events) into rows so that no label covers another
/// mark, at the current zoom. The page's script runs the same steps again when you zoom.
///
/// Each mark goes into the first row that is free where it starts (the mark and its label
/// then reserve the row); when all rows are taken it goes into the row that frees first,
/// without its label, and a mark starting less than a pixel after the last one shown there
/// is folded into it (``Placement/hidden``) unless it is pinned (it carries a finding).
///
/// ```swift
/// let placed = RowPacking.pack([.init(x: 0, width: 10, labelWidth: 50), .init(x: 20, width: 10, labelWidth: 50)], rows: 4)
/// placed.placements.map(\.row)   // [0, 1]
/// ```
enum RowPacking {
    /// A mark to place.
    struct Mark: Sendable {
        var x: Double
        var width: Double
        var labelWidth: Double
        var pinned = false
    }

    /// Where a mark went.
    struct Placement: Sendable, Hashable {
        var row: Int
        var showsLabel: Bool
        /// Folded into the mark before it (denser than a pixel).
        var hidden: Bool
        /// Stands for marks folded into it.
        var aggregates = false
    }

    /// The gap between a mark and its label.
    static let labelGap = 4.0

    /// Places `marks` (in drawing order) into at most `rows` rows; returns the placements and
    /// the number of rows used.
    static func pack(_ marks: [Mark], rows maximum: Int) -> (placements: [Placement], rows: Int) {
        var ends: [Double] = [], lastShown: [Int] = []
        var placements: [Placement] = []
        placements.reserveCapacity(marks.count)
        for (index, mark) in marks.enumerated() {
            if let row = ends.firstIndex(where: { $0 <= mark.x }) ?? (ends.count < maximum ? ends.count : nil) {
                if row == ends.count {
                    ends.append(0)
                    lastShown.append(index)
                }
                ends[row] = mark.x + mark.width + labelGap + mark.labelWidth
                lastShown[row] = index
                placements.append(Placement(row: row, showsLabel: true, hidden: false))
                continue
            }
            var row = 0
            for candidate in ends.indices where ends[candidate] < ends[row] { row = candidate }
            let hidden = !mark.pinned && mark.x - marks[lastShown[row]].x < 1
            if hidden {
                placements[lastShown[row]].aggregates = true
            } else {
                lastShown[row] = index
                ends[row] = max(ends[row], mark.x + mark.width + 1)
            }
            placements.append(Placement(row: row, showsLabel: false, hidden: hidden))
        }
        return (placements, max(ends.count, 1))
    }

    /// Folds ticks (message marks at `xs`, in order) that start less than a pixel after the
    /// last one shown; pinned ticks are always shown. Returns, per tick, whether it is hidden
    /// and whether it stands for hidden ones.
    static func foldTicks(_ xs: [Double], pinned: [Bool]) -> [(hidden: Bool, aggregates: Bool)] {
        var result = xs.map { _ in (hidden: false, aggregates: false) }
        var last: Int?
        for (index, x) in xs.enumerated() {
            if let previous = last, !pinned[index], x - xs[previous] < 1 {
                result[index].hidden = true
                result[previous].aggregates = true
            } else {
                last = index
            }
        }
        return result
    }

    /// Which axis labels to hide so that none is closer than `spacing` to another: major ticks
    /// first, left to right; then minor ones where they fit between the labels shown.
    static func foldLabels(_ ticks: [(x: Double, minor: Bool)], spacing: Double) -> [Bool] {
        var folded = ticks.map { _ in true }
        var majors: [Double] = []
        for (index, tick) in ticks.enumerated() where !tick.minor && tick.x - (majors.last ?? -.infinity) >= spacing {
            folded[index] = false
            majors.append(tick.x)
        }
        var next = 0, last = -Double.infinity
        for (index, tick) in ticks.enumerated() {
            while next < majors.count, majors[next] < tick.x { last = max(last, majors[next]); next += 1 }
            if !folded[index] { last = max(last, tick.x); continue }
            guard tick.minor, tick.x - last >= spacing, (next < majors.count ? majors[next] : .infinity) - tick.x >= spacing else { continue }
            folded[index] = false
            last = tick.x
        }
        return folded
    }
}
