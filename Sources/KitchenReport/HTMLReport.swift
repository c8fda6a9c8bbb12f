import HarnessCore
import KitchenRecording

/// A recording as one self-contained HTML page: a single time axis with the HTTP exchanges as
/// bars, each WebSocket connection as a lane of message ticks, extra lanes (the app's
/// telemetry from `kitchen reproduce`), and the findings of `kitchen verify` marked where
/// they apply. Inline CSS and SVG and a small inline script of its own (zoom, selection); no
/// external resource, so it opens from a CI artifact. Clicking a mark shows its headers and
/// body, as aliased and escaped as the recording has them.
///
/// The same input always gives the same bytes.
///
/// ```swift
/// let document = try HARFile.load(from: URL(fileURLWithPath: "Recordings/oven-controls.har"))
/// let html = HTMLReport.render(document, name: "oven-controls.har", findings: findings)
/// try Data(html.utf8).write(to: URL(fileURLWithPath: "report.html"))
/// ```
public enum HTMLReport {
    /// The page for `document` (called `name` on the page), with `findings` marked (those
    /// about this recording; `elsewhere` counts the ones left out) and `lanes` under the recording.
    public static func render(_ document: HAR.Document, name: String, findings: [Finding] = [], elsewhere: Int = 0,
                              lanes: [ReportLane] = [], configuration: ReportConfiguration = ReportConfiguration()) -> String {
        let model = TimelineModel(document: document, lanes: lanes)
        let placement = FindingPlacement(findings: findings, model: model)
        let layout = TimelineLayout(model: model, configuration: configuration, pinned: placement.pinned)
        let timeline = TimelineSVG(model: model, layout: layout, findings: findings, placement: placement, configuration: configuration)
        let details = DetailSections(document: document, model: model, findings: findings, placement: placement, configuration: configuration)

        var html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        html += #"<meta name="viewport" content="width=device-width, initial-scale=1">"#
        html += #"<meta name="generator" content="kitchen report">"#
        html += "<title>\(Markup.html.escape(name)) — kitchen report</title><style>\(ReportAssets.css)</style></head>\n<body>"
        html += header(name: name, model: model, layout: layout, findings: findings, placement: placement)
        html += #"<main id="timeline">"# + timeline.labels() + #"<div id="scroll">"# + timeline.plot() + "</div></main>\n"
        // The script comes before the details so the timeline works while a long page still loads.
        html += "<script>\(ReportAssets.script)</script>\n"
        html += #"<section id="panel"><p class="hint">Click a bar, a tick or a mark to see its headers and body here; "#
        html += "hover for a summary. Ctrl + wheel (or the buttons) zooms around the pointer.</p>"
        html += details.html()
        html += FindingsSection(findings: findings, placement: placement, elsewhere: elsewhere).html()
        if !model.undatedEntries.isEmpty {
            html += #"<p class="note">Entries without a readable startedDateTime, drawn at the instant before them: "#
            html += model.undatedEntries.map { "#\($0)" }.joined(separator: ", ") + "</p>"
        }
        html += "</section>\n</body></html>\n"
        return html
    }

    private static func header(name: String, model: TimelineModel, layout: TimelineLayout, findings: [Finding],
                               placement: FindingPlacement) -> String {
        let messages = model.connections.reduce(0) { $0 + $1.messages.count }
        var facts = ["\(model.exchanges.count) HTTP exchange\(model.exchanges.count == 1 ? "" : "s")",
                     "\(model.connections.count) WebSocket connection\(model.connections.count == 1 ? "" : "s") (\(messages) messages)"]
        for lane in model.lanes { facts.append("\(lane.items.count) \(lane.name) events") }
        if !findings.isEmpty { facts.append("\(findings.count) finding\(findings.count == 1 ? "" : "s") (\(placement.marked) marked)") }
        let span = Int64((layout.axis.end - Double(layout.axis.origin)).rounded())
        facts.append("from \(Timestamp.format(milliseconds: layout.axis.origin)) over \(HTMLText.offset(milliseconds: span).dropFirst())")
        var html = #"<header><h1>\#(Markup.html.escape(name))</h1><p class="summary">\#(Markup.html.escape(facts.joined(separator: " · ")))</p>"#
        html += #"<div class="bar-row"><span class="zoom"><button id="zoom-out" type="button" title="zoom out">−</button>"#
        html += #"<button id="zoom-fit" type="button" title="zoom to fit">fit</button><button id="zoom-in" type="button" title="zoom in">+</button>"#
        html += #"<span id="zoom-level">1×</span></span>"#
        html += #"<span class="legend"><i class="sw s2xx"></i>2xx <i class="sw s1xx"></i>1xx <i class="sw s3xx"></i>3xx "#
        html += #"<i class="sw s4xx"></i>4xx <i class="sw s5xx"></i>5xx <i class="sw s0"></i>no response "#
        html += #"<i class="tk send"></i>sent <i class="tk receive"></i>received <i class="tk tk-close"></i>close "#
        html += #"<i class="fd"></i>finding</span></div>"#
        html += #"<p class="axis-note">Time runs left to right. Events recorded at the same instant sit side by side, in the "#
        html += "order the recording lists them within each lane (across lanes, their order at one instant is not recorded); "
        html += "the grey band under the axis spans such an instant.</p></header>\n"
        return html
    }
}
