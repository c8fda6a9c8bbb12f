import Foundation
import HarnessCore
import KitchenContracts
import KitchenRecording

/// `--format json`: the report as one JSON document (sorted keys), with the verdict and the
/// per-check tallies up front for scripts. Written by the package's one JSON writer, as
/// recordings are.
public enum JSONReport {
    /// The JSON text, ending in a newline.
    public static func render(_ report: VerifyReport) -> String {
        let tallies: [JSONValue] = report.checks.map { check in
            let (cases, failed, skipped) = report.tally(check)
            return ["check": .string(check.rawValue), "cases": .number(.integer(Int64(cases))),
                    "failed": .number(.integer(Int64(failed))), "skipped": .number(.integer(Int64(skipped)))]
        }
        return text(["passed": .bool(report.passed), "tallies": .array(tallies), "findings": value(report.findings),
                     "report": value(report)])
    }

    /// `kitchen diff --format json`: the changes, each as ``ShapeChange`` writes it.
    public static func render(_ changes: [ContractChange]) -> String {
        text(value(changes.map(ShapeChange.init)))
    }

    /// `encodable` as a JSON value, by way of its `Codable` conformance.
    private static func value(_ encodable: some Encodable) -> JSONValue {
        // Every member is a string, number, Boolean, array or object of those: encoding cannot fail.
        (try? JSONValue(parsing: Array(JSONEncoder().encode(encodable)))) ?? .null
    }

    private static func text(_ value: JSONValue) -> String {
        JSONSerializer.string(value, options: [.sortedKeys, .prettyPrinted]) + "\n"
    }
}

/// `--junit FILE`: JUnit XML as CI systems read it — one `testsuite` per check, one
/// `testcase` per case, a `failure` per failing case holding its findings, `skipped` for
/// scenarios that could not run.
public enum JUnitReport {
    /// The XML text.
    public static func render(_ report: VerifyReport) -> String {
        var lines: [String] = []
        for check in report.checks {
            let tally = report.tally(check)
            lines.append(#"  <testsuite name="\#(Markup.xml.escape(check.title))" tests="\#(tally.cases)" failures="\#(tally.failed)" skipped="\#(tally.skipped)">"#)
            for result in report.results where result.verifyCase.check == check {
                var inner: String?
                if let reason = result.skipped {
                    inner = #"<skipped message="\#(Markup.xml.escape(reason))"/>"#
                } else if let first = result.findings.first {
                    let body = result.findings.map { finding in
                        [finding.description, finding.rule.map { "rule: \($0)" }, finding.reproduce.map { "reproduce: \($0)" }]
                            .compactMap { $0 }.joined(separator: "\n")
                    }.joined(separator: "\n\n")
                    inner = element("failure", message: first.description, body)
                }
                lines += testcase("kitchen.verify.\(check.rawValue)", result.verifyCase.name, inner)
            }
            lines.append("  </testsuite>")
        }
        let failed = report.results.filter { !$0.findings.isEmpty }.count
        return document(#"name="kitchen verify" tests="\#(report.results.count)" failures="\#(failed)""#, lines)
    }

    /// The XML for a run that could not finish (an outage, an unreadable folder): one testcase,
    /// in error, that says why, so a CI dashboard shows the cause instead of a missing report.
    public static func render(_ error: VerifyError) -> String {
        document(#"name="kitchen verify" tests="1" failures="0" errors="1""#,
                 [#"  <testsuite name="kitchen verify" tests="1" failures="0" errors="1">"#]
                    + testcase("kitchen.verify", "run", element("error", message: error.description, error.description))
                    + ["  </testsuite>"])
    }

    /// The XML declaration, then `<testsuites …>` with `attributes` around the `suites` lines.
    static func document(_ attributes: String, _ suites: [String]) -> String {
        ([#"<?xml version="1.0" encoding="UTF-8"?>"#, "<testsuites \(attributes)>"] + suites + ["</testsuites>"])
            .joined(separator: "\n") + "\n"
    }

    /// A `testcase`, empty or holding the one element `inner`.
    static func testcase(_ classname: String, _ name: String, _ inner: String? = nil) -> [String] {
        let open = #"    <testcase classname="\#(classname)" name="\#(Markup.xml.escape(name))""#
        guard let inner else { return [open + "/>"] }
        return [open + ">", "      " + inner, "    </testcase>"]
    }

    /// A `failure` or `error` element: a one-line `message`, then the `body` in full.
    static func element(_ name: String, message: String, _ body: String) -> String {
        #"<\#(name) message="\#(Markup.xml.escape(message))">\#(Markup.xml.escape(body))</\#(name)>"#
    }
}
