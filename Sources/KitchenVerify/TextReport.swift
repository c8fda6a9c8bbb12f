/// The human rendering of a ``VerifyReport``: each failing case with its findings (file,
/// entry, JSON pointer, expected vs found, the rule, the command that reproduces it), the
/// notices, then a summary that fits on one screen.
///
/// ```swift
/// print(TextReport.render(report))
/// ```
public enum TextReport {
    /// The whole report. `maximumFailures` caps the failing cases listed (the summary still counts all).
    public static func render(_ report: VerifyReport, maximumFailures: Int = .max) -> String {
        var lines: [String] = []
        let failing = report.results.filter { !$0.findings.isEmpty }
        for result in failing.prefix(maximumFailures) {
            lines.append("FAIL [\(result.verifyCase.check.rawValue)] \(result.verifyCase.name)")
            for finding in result.findings {
                lines.append("  at \(finding.location)")
                lines.append("    expected: \(finding.expected)")
                lines.append("    found:    \(finding.actual)")
                if let rule = finding.rule { lines.append("    rule:     \(rule)") }
                if let reproduce = finding.reproduce { lines.append("    reproduce: \(reproduce)") }
            }
            lines.append("")
        }
        if failing.count > maximumFailures {
            lines += ["… and \(failing.count - maximumFailures) more failing case(s) (all of them: --format json or --junit FILE)", ""]
        }
        if !report.notices.isEmpty {
            lines += ["Notices"] + report.notices.map { "  - \($0)" } + [""]
        }
        lines += summary(report)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The summary block: one line per check, the skipped scenarios, the verdict.
    public static func summary(_ report: VerifyReport) -> [String] {
        var lines = ["Summary (\(report.mode): \(report.recordings.count) recording(s) in \(report.recordingsFolder), "
            + "contracts in \(report.contracts))"]
        let width = VerifyCheck.allCases.map(\.title.count).max() ?? 0
        for check in report.checks {
            let tally = report.tally(check)
            var line = "  " + check.title + String(repeating: " ", count: width - check.title.count + 2)
            line += "\(tally.cases) case(s), \(tally.failed) failed"
            if tally.skipped > 0 { line += ", \(tally.skipped) skipped" }
            if check == .coverage, let coverage = report.coverage { line += " — \(coverage.summary)" }
            if check == .shapes, let baseline = report.baseline {
                let additive = report.shapeChanges.filter { $0.severity == "additive" }.count
                line += " — against \(baseline), \(additive) additive change(s)"
            }
            lines.append(line)
        }
        // Which scenarios did not run, and why: grouped by reason (first seen first), since several share one.
        let skippedScenarios = report.skipped.filter { $0.verifyCase.check == .scenarios }
        var reasons: [String] = []
        for result in skippedScenarios where !reasons.contains(result.skipped ?? "") { reasons.append(result.skipped ?? "") }
        for reason in reasons {
            let names = skippedScenarios.filter { $0.skipped == reason }.map { $0.verifyCase.name.replacingOccurrences(of: "record ", with: "") }
            lines.append("  skipped scenarios: " + names.joined(separator: ", ") + " (\(reason))")
        }
        let failed = report.results.filter { !$0.findings.isEmpty }.count
        let total = report.results.count
        lines.append(report.passed
            ? "PASS: \(total) case(s), no violations"
            : "FAIL: \(failed) of \(total) case(s) failed, \(report.findings.count) finding(s)")
        return lines
    }
}
