import HarnessCore
import KitchenContracts

extension JUnitReport {
    /// `kitchen diff --format junit`: one `testsuite` for the comparison, one `testcase` per
    /// change (named by its location and kind), a `failure` for each breaking one. No change at
    /// all is one passing testcase, so a CI dashboard shows that the comparison ran.
    public static func render(_ changes: [ContractChange], from old: String, to new: String) -> String {
        let breaking = changes.filter { $0.severity == .breaking }
        let counts = #"tests="\#(max(1, changes.count))" failures="\#(breaking.count)""#
        var lines = [#"  <testsuite name="\#(Markup.xml.escape("\(old) → \(new)"))" \#(counts)>"#]
        if changes.isEmpty { lines += testcase("kitchen.diff", "no change") }
        for change in changes {
            lines += testcase("kitchen.diff.\(change.severity.rawValue)", "\(change.location) \(change.kind.rawValue)",
                              change.severity == .breaking ? element("failure", message: change.description, change.description) : nil)
        }
        return document(#"name="kitchen diff" \#(counts)"#, lines + ["  </testsuite>"])
    }
}
