import HarnessCore
import KitchenRecording

/// The timeline as two inline SVGs: the lane names, and the plot (axis, HTTP bars, one lane per
/// WebSocket connection, one per extra lane) with every mark a link to its detail.
///
/// Every mark carries what the page's script and the tests read: `class="entry"` and
/// `data-entry` on each exchange and connection, `class="message"` with `data-entry` and
/// `data-message` on each message, `class="close"` with `data-code` and `data-side`,
/// `class="item"` with `data-lane` and `data-item` on each lane event, and `class="finding"`
/// with `data-finding`, `data-entry`, `data-message` and `data-pointer` on each finding.
/// Positions are at zoom 1 (`data-x`, `data-w`); the script scales them.
struct TimelineSVG {
    let model: TimelineModel
    let layout: TimelineLayout
    let findings: [Finding]
    let placement: FindingPlacement
    let configuration: ReportConfiguration

    /// The lanes' tops and heights, top to bottom: HTTP (when there are exchanges), each
    /// connection, each extra lane.
    var laneFrames: [(top: Double, height: Double)] {
        var frames: [(Double, Double)] = []
        var top = Geometry.axisHeight
        func add(_ height: Double) {
            frames.append((top, height))
            top += height
        }
        if !model.exchanges.isEmpty { add(Geometry.laneHeight(rows: layout.httpRows)) }
        for _ in model.connections { add(Geometry.connectionHeight) }
        for rows in layout.laneRows { add(Geometry.laneHeight(rows: rows)) }
        return frames
    }

    var height: Double { laneFrames.last.map { $0.top + $0.height } ?? Geometry.axisHeight }

    /// The lane names.
    func labels() -> String {
        let names = (model.exchanges.isEmpty ? [] : [("HTTP", "\(model.exchanges.count) exchange\(model.exchanges.count == 1 ? "" : "s")")])
            + model.connections.map { ("WebSocket #\($0.entry)", "\($0.target) \($0.status) · \($0.messages.count) messages") }
            + model.lanes.map { ($0.name, "\($0.items.count) event\($0.items.count == 1 ? "" : "s")") }
        var svg = #"<svg class="labels" width="\#(HTMLText.number(Geometry.labelColumn))" height="\#(HTMLText.number(height))" aria-hidden="true">"#
        svg += #"<text class="axis-name" x="8" y="20">time since the first event</text>"#
        // Findings about the whole recording (or an entry it lacks) sit beside the axis.
        svg += FindingMarks.svg(placement.onRecording, findings: findings, entry: nil,
                                x: Geometry.labelColumn - 14, y: 24,
                                extraClass: " recording-level")
        for ((name, detail), frame) in zip(names, laneFrames) {
            svg += #"<g transform="translate(0,\#(HTMLText.number(frame.top)))"><line class="lane-rule" x1="0" x2="\#(HTMLText.number(Geometry.labelColumn))" y1="0" y2="0"/>"#
            svg += #"<text class="lane-name" x="8" y="16">\#(Markup.html.escape(name))</text>"#
            svg += #"<text class="lane-detail" x="8" y="30">\#(Markup.html.escape(detail))</text></g>"#
        }
        return svg + "</svg>"
    }

    /// The plot.
    func plot() -> String {
        let width = layout.axis.width
        var svg = #"<svg id="plot" class="plot" width="\#(HTMLText.number(width + Geometry.rightMargin))" height="\#(HTMLText.number(height))""#
        svg += #" data-width="\#(HTMLText.number(width))" data-margin="\#(HTMLText.number(Geometry.rightMargin))""#
        svg += #" data-minbar="\#(HTMLText.number(configuration.minimumBarWidth))" data-maxzoom="\#(HTMLText.number(configuration.maximumZoom))""#
        svg += #" data-row="\#(HTMLText.number(Geometry.rowHeight))" data-pad="\#(HTMLText.number(Geometry.lanePadding))">"#
        svg += axis()
        var frames = laneFrames[...]
        if !model.exchanges.isEmpty, let frame = frames.popFirst() { svg += httpLane(top: frame.top) }
        for (index, connection) in model.connections.enumerated() {
            guard let frame = frames.popFirst() else { break }
            svg += ConnectionLane(connection: connection, placement: layout.connections[index], findings: findings,
                                  onEntry: placement.onEntry[connection.entry] ?? [], onMessage: placement.onMessage).svg(top: frame.top)
        }
        for (index, lane) in model.lanes.enumerated() {
            guard let frame = frames.popFirst() else { break }
            svg += extraLane(lane, index: index, top: frame.top)
        }
        return svg + "</svg>"
    }

    private func axis() -> String {
        var svg = #"<g class="axis">"#
        for instant in layout.axis.instants.indices where layout.axis.slots[instant] > 1 {
            let time = layout.axis.instants[instant]
            let x = layout.axis.x(time, slot: 0), w = layout.axis.slotWidth * Double(layout.axis.slots[instant])
            svg += #"<g class="instant" data-x="\#(HTMLText.number(x))" data-w="\#(HTMLText.number(w))" transform="translate(\#(HTMLText.number(x)),0)">"#
            svg += #"<title>\#(layout.axis.slots[instant]) slots at \#(HTMLText.offset(milliseconds: time - layout.axis.origin))</title>"#
            svg += #"<rect y="22" height="6" width="\#(HTMLText.number(w))"/></g>"#
        }
        let ticks = layout.axis.ticks()
        let folded = RowPacking.foldLabels(ticks.map { ($0.x, $0.minor) }, spacing: Geometry.tickSpacing)
        for (tick, folded) in zip(ticks, folded) {
            svg += #"<g class="tick\#(tick.minor ? " minor" : "")\#(folded ? " folded" : "")" data-x="\#(HTMLText.number(tick.x))" transform="translate(\#(HTMLText.number(tick.x)),0)">"#
            svg += #"<line y1="16" y2="\#(HTMLText.number(height))"/><text x="2" y="12">\#(Markup.html.escape(tick.label))</text></g>"#
        }
        return svg + "</g>"
    }

    private func httpLane(top: Double) -> String {
        var svg = #"<g class="lane http" transform="translate(0,\#(HTMLText.number(top)))" data-rows="\#(layout.httpRows)">"#
        for (exchange, bar) in zip(model.exchanges, layout.bars) {
            let marks = placement.onEntry[exchange.entry] ?? []
            var classes = "entry http \(exchange.statusClass)"
            if !marks.isEmpty { classes += " pinned has-finding" }
            classes += Self.stateClasses(bar.placement)
            let y = Double(bar.placement.row) * Geometry.rowHeight + Geometry.lanePadding
            svg += #"<g class="\#(classes)" data-entry="\#(exchange.entry)" data-x="\#(HTMLText.number(bar.x))" data-w="\#(HTMLText.number(bar.scaledWidth))""#
            svg += #" data-lw="\#(HTMLText.number(HTMLText.labelWidth(exchange.label)))" transform="translate(\#(HTMLText.number(bar.x)),\#(HTMLText.number(y)))">"#
            svg += ##"<a href="#entry-\##(exchange.entry)"><title>#\##(exchange.entry) \##(Markup.html.escape(exchange.label)) \##(Markup.html.escape(exchange.statusText)) · \##(HTMLText.duration(milliseconds: exchange.duration))</title>"##
            svg += #"<rect class="bar" width="\#(HTMLText.number(bar.width))" height="\#(HTMLText.number(Geometry.barHeight))" rx="2"/>"#
            svg += #"<text class="label" x="\#(HTMLText.number(bar.width + RowPacking.labelGap))" y="10">\#(Markup.html.escape(exchange.label))</text></a>"#
            svg += FindingMarks.svg(marks, findings: findings, entry: exchange.entry, x: 0, y: 0)
            svg += "</g>"
        }
        return svg + "</g>"
    }

    private func extraLane(_ lane: ReportLane, index: Int, top: Double) -> String {
        var svg = #"<g class="lane extra" data-lane="\#(index)" transform="translate(0,\#(HTMLText.number(top)))" data-rows="\#(layout.laneRows[index])">"#
        for (itemIndex, (item, mark)) in zip(lane.items, layout.laneMarks[index]).enumerated() {
            let y = Double(mark.placement.row) * Geometry.rowHeight + Geometry.lanePadding
            let kind = String(item.kind.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" })
            svg += #"<g class="item kind-\#(kind)\#(Self.stateClasses(mark.placement))" data-lane="\#(index)" data-item="\#(itemIndex)""#
            svg += #" data-x="\#(HTMLText.number(mark.x))" data-w="\#(HTMLText.number(mark.width))" data-lw="\#(HTMLText.number(HTMLText.labelWidth(item.label)))""#
            svg += #" transform="translate(\#(HTMLText.number(mark.x)),\#(HTMLText.number(y)))">"#
            svg += ##"<a href="#lane-\##(index)-item-\##(itemIndex)"><title>\##(Markup.html.escape(HTMLText.offset(milliseconds: item.time - layout.axis.origin))) \##(Markup.html.escape(item.detail))</title>"##
            svg += #"<rect class="mark" width="8" height="8" y="2" transform="rotate(45 4 6)"/>"#
            svg += #"<text class="label" x="\#(HTMLText.number(mark.width + RowPacking.labelGap))" y="10">\#(Markup.html.escape(item.label))</text></a></g>"#
        }
        return svg + "</g>"
    }

    /// ` nolabel`, ` folded`, ` agg` as the placement says.
    static func stateClasses(_ placement: RowPacking.Placement) -> String {
        (placement.showsLabel ? "" : " nolabel") + (placement.hidden ? " folded" : "") + (placement.aggregates ? " agg" : "")
    }
}
