import HarnessCore
import KitchenRecording

/// The list of findings under the timeline: each with its subject (a link to the entry or
/// message it is marked on), JSON pointer, expected and found, rule and reproduce command.
struct FindingsSection {
    let findings: [Finding]
    let placement: FindingPlacement
    /// Findings in the findings file that are about other recordings (not shown).
    let elsewhere: Int

    func html() -> String {
        guard !findings.isEmpty || elsewhere > 0 else { return "" }
        var html = #"<section id="findings"><h2>Findings (\#(findings.count))</h2>"#
        if elsewhere > 0 {
            html += #"<p class="note">\#(elsewhere) more finding\#(elsewhere == 1 ? " is" : "s are") about other recordings or about none, and not shown here.</p>"#
        }
        html += "<ol>"
        for (index, finding) in findings.enumerated() {
            html += #"<li class="finding-row" id="finding-\#(index)" data-finding="\#(index)">"#
            html += Self.subjectLink(finding, entry: placement.entryOf[index]) + " " + Self.describe(finding, index: index)
            if let note = placement.notes[index] { html += #" <span class="note">(\#(Markup.html.escape(note)))</span>"# }
            if let rule = finding.rule { html += #"<div class="rule">rule: <code>\#(Markup.html.escape(rule))</code></div>"# }
            if let reproduce = finding.reproduce { html += #"<div class="reproduce">reproduce: <code>\#(Markup.html.escape(reproduce))</code></div>"# }
            html += "</li>"
        }
        return html + "</ol></section>"
    }

    /// `[check] <code>pointer</code>: expected …, found …`, escaped.
    static func describe(_ finding: Finding, index: Int) -> String {
        #"<span class="check">[\#(Markup.html.escape(finding.check))]</span> <code class="pointer">\#(Markup.html.escape(finding.location))</code>: "#
            + #"expected <span class="expected">\#(Markup.html.escape(finding.expected))</span>, found <span class="found">\#(Markup.html.escape(finding.actual))</span>"#
    }

    private static func subjectLink(_ finding: Finding, entry: Int?) -> String {
        guard let entry else { return #"<span class="subject">(recording)</span>"# }
        if let message = finding.message {
            return ##"<a class="subject" href="#entry-\##(entry)-message-\##(message)">#\##(entry) message \##(message)</a>"##
        }
        return ##"<a class="subject" href="#entry-\##(entry)">#\##(entry)</a>"##
    }
}
