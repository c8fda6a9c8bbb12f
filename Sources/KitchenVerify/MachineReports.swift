import Foundation
import KitchenRecording

/// `--format json`: the report as one JSON document (sorted keys), with the verdict and the
/// per-check tallies up front for scripts.
public enum JSONReport {
    private struct Document: Encodable {
        struct Tally: Encodable {
            var check: String
            var cases: Int
            var failed: Int
            var skipped: Int
        }

        var passed: Bool
        var tallies: [Tally]
        var findings: [Finding]
        var report: VerifyReport
    }

    /// The JSON text, ending in a newline.
    public static func render(_ report: VerifyReport) -> String {
        let document = Document(
            passed: report.passed,
            tallies: report.checks.map { check in
                let tally = report.tally(check)
                return .init(check: check.rawValue, cases: tally.cases, failed: tally.failed, skipped: tally.skipped)
            },
            findings: report.findings, report: report)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Every member is a string, number, Boolean, array or object of those: encoding cannot fail.
        let data = (try? encoder.encode(document)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// `--junit FILE`: JUnit XML as CI systems read it — one `testsuite` per check, one
/// `testcase` per case, a `failure` per failing case holding its findings, `skipped` for
/// scenarios that could not run.
public enum JUnitReport {
    /// The XML text.
    public static func render(_ report: VerifyReport) -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        let failed = report.results.filter { !$0.findings.isEmpty }.count
        lines.append(#"<testsuites name="kitchen verify" tests="\#(report.results.count)" failures="\#(failed)">"#)
        for check in report.checks {
            let tally = report.tally(check)
            lines.append(#"  <testsuite name="\#(escape(check.title))" tests="\#(tally.cases)" failures="\#(tally.failed)" skipped="\#(tally.skipped)">"#)
            for result in report.results where result.verifyCase.check == check {
                let open = #"    <testcase classname="kitchen.verify.\#(check.rawValue)" name="\#(escape(result.verifyCase.name))""#
                if let reason = result.skipped {
                    lines += [open + ">", #"      <skipped message="\#(escape(reason))"/>"#, "    </testcase>"]
                } else if let first = result.findings.first {
                    let body = result.findings.map { finding in
                        [finding.description, finding.rule.map { "rule: \($0)" }, finding.reproduce.map { "reproduce: \($0)" }]
                            .compactMap { $0 }.joined(separator: "\n")
                    }.joined(separator: "\n\n")
                    lines += [open + ">", #"      <failure message="\#(escape(first.description))">\#(escape(body))</failure>"#,
                              "    </testcase>"]
                } else {
                    lines.append(open + "/>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The XML for a run that could not finish (an outage, an unreadable folder): one testcase,
    /// in error, that says why, so a CI dashboard shows the cause instead of a missing report.
    public static func render(_ error: VerifyError) -> String {
        [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="kitchen verify" tests="1" failures="0" errors="1">"#,
            #"  <testsuite name="kitchen verify" tests="1" failures="0" errors="1">"#,
            #"    <testcase classname="kitchen.verify" name="run">"#,
            #"      <error message="\#(escape(error.description))">\#(escape(error.description))</error>"#,
            "    </testcase>",
            "  </testsuite>",
            "</testsuites>",
        ].joined(separator: "\n") + "\n"
    }

    /// XML 1.0 §2.4 and §3.3.3: markup characters escaped, and the control characters XML
    /// cannot carry at all replaced, so a hostile recording cannot break the file.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\t": result += "&#9;"
            case "\r": result += "&#13;"
            default:
                result.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "\u{FFFD}" : scalar)
            }
        }
        return result
    }
}
