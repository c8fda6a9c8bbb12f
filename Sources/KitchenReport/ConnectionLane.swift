import HarnessCore
import KitchenRecording

/// One WebSocket connection as a lane: a line from its open to its close, each sent message a
/// tick above the line and each received one a tick below, the close a bar with its code and
/// the side that closed.
struct ConnectionLane {
    let connection: TimelineModel.Connection
    let placement: TimelineLayout.ConnectionPlacement
    let findings: [Finding]
    /// Findings on the connection itself (its upgrade exchange).
    let onEntry: [Int]
    let onMessage: [MessageKey: [Int]]

    func svg(top: Double) -> String {
        let entry = connection.entry, middle = Geometry.connectionMiddle
        var classes = "entry ws \(TimelineModel.statusClass(connection.status))"
        if !onEntry.isEmpty { classes += " has-finding" }
        var svg = #"<g class="lane ws" transform="translate(0,\#(HTMLText.number(top)))">"#
        svg += #"<g class="\#(classes)" data-entry="\#(entry)">"#
        let spanWidth = max(placement.closeX - placement.openX, 0)
        svg += #"<g class="span" data-x="\#(HTMLText.number(placement.openX))" data-w="\#(HTMLText.number(spanWidth))" transform="translate(\#(HTMLText.number(placement.openX)),0)">"#
        svg += ##"<a href="#entry-\##(entry)"><title>#\##(entry) \##(Markup.html.escape(connection.label)) · \##(connection.messages.count) messages · \##(Markup.html.escape(connection.closeLabel))</title>"##
        svg += #"<rect class="line" y="\#(HTMLText.number(middle - 1))" height="2" width="\#(HTMLText.number(spanWidth))"/>"#
        svg += #"<rect class="open" x="-1.5" y="\#(HTMLText.number(middle - 8))" width="3" height="16"/></a>"#
        svg += FindingMarks.svg(onEntry, findings: findings, entry: entry, x: 0, y: middle - 12)
        svg += "</g>"
        for (message, tick) in zip(connection.messages, placement.ticks) {
            svg += self.tick(message, tick)
        }
        svg += close()
        return svg + "</g></g>"
    }

    private func tick(_ message: TimelineModel.Connection.Message, _ tick: TimelineLayout.Tick) -> String {
        let entry = connection.entry, middle = Geometry.connectionMiddle
        let marks = onMessage[MessageKey(entry: entry, message: message.index)] ?? []
        let sent = message.direction == .send
        var classes = "message \(sent ? "send" : "receive")"
        if !marks.isEmpty { classes += " pinned has-finding" }
        if tick.hidden { classes += " folded" }
        if tick.aggregates { classes += " agg" }
        let y = sent ? middle - 19 : middle + 3
        var svg = #"<g class="\#(classes)" data-entry="\#(entry)" data-message="\#(message.index)" data-x="\#(HTMLText.number(tick.x))" transform="translate(\#(HTMLText.number(tick.x)),0)">"#
        svg += ##"<a href="#entry-\##(entry)-message-\##(message.index)"><title>#\##(entry) message \##(message.index) \##(sent ? "sent" : "received") · \##(message.bytes) bytes</title>"##
        svg += #"<rect x="-1" y="\#(HTMLText.number(y))" width="2" height="16"/></a>"#
        svg += FindingMarks.svg(marks, findings: findings, entry: entry, x: 0, y: sent ? y - 2 : y + 18)
        return svg + "</g>"
    }

    private func close() -> String {
        let x = HTMLText.number(placement.closeX)
        guard let close = connection.close else {
            // No close recorded: the upgrade was refused (any status but 101), or the connection outlived the recording.
            let refused = connection.status != 101
            let text = refused ? "upgrade refused: \(connection.status)" : "open at the end"
            return #"<g class="close \#(refused ? "refused" : "open-at-end")" data-entry="\#(connection.entry)" data-x="\#(x)" transform="translate(\#(x),0)">"#
                + #"<title>\#(Markup.html.escape(refused ? "the server refused the upgrade with \(connection.status)" : "still open when the recording ended"))</title>"#
                + #"<text class="close-label" x="6" y="14">\#(Markup.html.escape(text))</text></g>"#
        }
        let code = close.code.map(String.init) ?? "none"
        var svg = #"<g class="close by-\#(close.closedBy.rawValue)" data-entry="\#(connection.entry)" data-code="\#(code)" data-side="\#(close.closedBy.rawValue)""#
        svg += ##" data-x="\##(x)" transform="translate(\##(x),0)"><a href="#entry-\##(connection.entry)"><title>\##(Markup.html.escape(connection.closeLabel))</title>"##
        svg += #"<rect x="-2" y="\#(HTMLText.number(Geometry.connectionMiddle - 14))" width="4" height="28"/>"#
        svg += #"<text class="close-label" x="6" y="14">\#(Markup.html.escape("close \(code) by \(close.closedBy.rawValue)"))</text></a></g>"#
        return svg
    }
}

/// The red marks of findings, one element per finding, each naming its subject and pointer.
enum FindingMarks {
    /// Marks for `indices` at (`x`, `y`), on top of each other and showing how many there are;
    /// `entry` is the entry they are marked on (empty for marks beside the axis).
    static func svg(_ indices: [Int], findings: [Finding], entry: Int?, x: Double, y: Double, extraClass: String = "") -> String {
        var svg = ""
        let count = indices.count > 1 ? String(indices.count) : "!"
        for index in indices {
            let finding = findings[index]
            let cx = HTMLText.number(x), cy = HTMLText.number(y)
            svg += #"<g class="finding\#(extraClass)" data-finding="\#(index)" data-entry="\#(entry.map(String.init) ?? "")""#
            svg += #" data-message="\#(finding.message.map(String.init) ?? "")" data-pointer="\#(Markup.html.escape(finding.location))">"#
            svg += ##"<a href="#finding-\##(index)"><title>\##(Markup.html.escape("[\(finding.check)] \(finding.statement)"))</title>"##
            svg += #"<circle cx="\#(cx)" cy="\#(cy)" r="5"/><text x="\#(cx)" y="\#(HTMLText.number(y + 3.5))">\#(count)</text></a></g>"#
        }
        return svg
    }
}
