import KitchenTesting
import Testing

/// Turns a property report into at most one Swift Testing issue.
func recordIssue<Value>(for report: PropertyReport<Value>, sourceLocation: SourceLocation) {
    switch report {
    case let .passed(run):
        if run.seedOrigin == .environment {
            let advice = "Unset \(PropertyConfiguration.seedVariable) to explore new cases; "
                + "keep regression seeds as @Test(arguments:) with .replaying(seed:)."
            Issue.record(Comment(rawValue: run.description + " " + advice), severity: .warning,
                         sourceLocation: sourceLocation)
        }
    case let .failed(counterexample):
        let text = "Property failed. " + counterexample.description + "\n" + rerunLine(counterexample.seed)
        Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
    case let .nondeterministic(counterexample):
        let text = "Property is nondeterministic: the shrunk case passed when rerun. "
            + counterexample.description + "\n" + rerunLine(counterexample.seed)
        Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
    case let .gaveUp(gaveUp):
        Issue.record(Comment(rawValue: gaveUp.description), sourceLocation: sourceLocation)
    }
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
