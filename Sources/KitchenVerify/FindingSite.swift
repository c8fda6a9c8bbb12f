import HarnessCore
import KitchenRecording

/// Where a check's findings about a recording, one exchange of it or one message, belong.
///
/// ```swift
/// let site = FindingSite(check: .client, file: "oven-controls.har", entry: 2, message: 7)
/// site.finding(.root, "a message the client can re-encode", reason).location   // "(root)"
/// ```
struct FindingSite {
    let check: VerifyCheck
    let file: String
    /// `nil` for a finding about the whole recording.
    var entry: Int?
    var message: Int?

    /// A finding here, at `location`.
    func finding(_ location: String, _ expected: String, _ actual: String, rule: String? = nil) -> Finding {
        Finding(check: check, file: file, entry: entry, message: message, location: location,
                expected: expected, actual: actual, rule: rule)
    }

    /// A finding here, at `pointer`; the root is written `(root)`.
    func finding(_ pointer: JSONPointer, _ expected: String, _ actual: String, rule: String? = nil) -> Finding {
        finding(pointer.location, expected, actual, rule: rule)
    }

    /// A finding here for each of `differences`, its pointer taken below `base`.
    func findings(_ differences: [MeaningDifference], under base: JSONPointer = .root) -> [Finding] {
        differences.map { finding(base.appending($0.pointer), $0.expected, $0.found) }
    }
}
