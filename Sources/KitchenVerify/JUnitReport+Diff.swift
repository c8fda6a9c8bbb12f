import KitchenContracts

extension JUnitReport {
    /// `kitchen diff --format junit`: one `testsuite` for the comparison, one `testcase` per
    /// change (named by its location and kind), a `failure` for each breaking one. No change at
    /// all is one passing testcase, so a CI dashboard shows that the comparison ran.
    public static func render(_ changes: [ContractChange], from old: String, to new: String) -> String {
        let breaking = changes.filter { $0.severity == .breaking }
        let suite = "\(old) → \(new)"
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="kitchen diff" tests="\#(max(1, changes.count))" failures="\#(breaking.count)">"#,
            #"  <testsuite name="\#(escape(suite))" tests="\#(max(1, changes.count))" failures="\#(breaking.count)">"#,
        ]
        if changes.isEmpty { lines.append(#"    <testcase classname="kitchen.diff" name="no change"/>"#) }
        for change in changes {
            let open = #"    <testcase classname="kitchen.diff.\#(change.severity.rawValue)" name="\#(escape("\(change.location) \(change.kind.rawValue)"))""#
            guard change.severity == .breaking else {
                lines.append(open + "/>")
                continue
            }
            lines += [open + ">", #"      <failure message="\#(escape(change.description))">\#(escape(change.description))</failure>"#,
                      "    </testcase>"]
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }
}
