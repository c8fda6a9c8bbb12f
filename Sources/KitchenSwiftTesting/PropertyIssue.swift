import KitchenTesting
import Testing

/// Turns a property report into at most one Swift Testing issue: the report's own text, with
/// the rerun command when there is a counterexample; a pass only when its seed was pinned by
/// the environment.
func recordIssue<Value>(for report: PropertyReport<Value>, sourceLocation: SourceLocation) {
    guard case let .passed(run) = report else {
        let rerun = report.counterexample.map { "\n" + rerunLine($0.seed) } ?? ""
        Issue.record(Comment(rawValue: report.description + rerun), sourceLocation: sourceLocation)
        return
    }
    guard run.seedOrigin == .environment else { return }
    let advice = "Unset \(PropertyConfiguration.seedVariable) to explore new cases; "
        + "keep regression seeds as @Test(arguments:) with .replaying(seed:)."
    Issue.record(Comment(rawValue: run.description + " " + advice), severity: .warning, sourceLocation: sourceLocation)
}

/// `Rerun: KITCHEN_PBT_SEED=<seed> swift test --filter <Suite/test>`.
func rerunLine(_ seed: UInt64) -> String {
    let filter = Test.current.map(testFilter(for:)) ?? "<test name>"
    return "Rerun: \(PropertyConfiguration.seedVariable)=\(seed) swift test --filter \(filter)"
}

/// A `--filter` pattern for `test`: its suite path and function base name
/// (`PropertySuite/clampStaysInRange`); the argument list is dropped because
/// `--filter` takes a regular expression.
func testFilter(for test: Test) -> String {
    var components = test.id.nameComponents
    if let last = components.popLast() {
        components.append(String(last.prefix { $0 != "(" }))
    }
    return components.joined(separator: "/")
}
