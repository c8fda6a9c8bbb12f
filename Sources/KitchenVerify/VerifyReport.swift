import KitchenContracts
import KitchenRecording

/// Everything one verification found, for the text, JSON and JUnit renderings.
///
/// ```swift
/// let report = try await VerifyRun(options: options).run()
/// report.passed              // false when any case has a finding
/// report.tally(.contract)    // (cases: 267, failed: 0, skipped: 0)
/// ```
public struct VerifyReport: Sendable, Codable {
    /// `embedded`, `folder` or `live`.
    public var mode: String
    /// The contracts folder, as given.
    public var contracts: String
    /// Where the checked recordings are (a temporary folder for recordings made by the run).
    public var recordingsFolder: String
    /// The recordings checked, by relative path.
    public var recordings: [String]
    /// Every case, in check order then file order.
    public var results: [CaseResult]
    /// What the recordings exercise; `nil` when coverage was not measured (`--only`).
    public var coverage: Coverage?
    /// The baseline the shapes were compared with, if any.
    public var baseline: String?
    /// Every shape change against the baseline; the breaking ones are also findings.
    public var shapeChanges: [ShapeChange]
    /// Things worth knowing that do not fail the run (additive shape changes, coverage gaps of a
    /// live run, recordings that differ from the baseline byte for byte).
    public var notices: [String]

    /// A report with every field given.
    public init(mode: String, contracts: String, recordingsFolder: String, recordings: [String], results: [CaseResult],
                coverage: Coverage?, baseline: String?, shapeChanges: [ShapeChange], notices: [String]) {
        self.mode = mode
        self.contracts = contracts
        self.recordingsFolder = recordingsFolder
        self.recordings = recordings
        self.results = results
        self.coverage = coverage
        self.baseline = baseline
        self.shapeChanges = shapeChanges
        self.notices = notices
    }

    /// Every finding, in case order.
    public var findings: [Finding] { results.flatMap(\.findings) }

    /// Whether nothing was found.
    public var passed: Bool { results.allSatisfy { $0.findings.isEmpty } }

    /// The scenarios skipped, with the reason.
    public var skipped: [CaseResult] { results.filter { $0.skipped != nil } }

    /// The checks that have cases, in report order.
    public var checks: [VerifyCheck] { Set(results.map(\.verifyCase.check)).sorted() }

    /// Cases, failed cases and skipped cases of `check`.
    public func tally(_ check: VerifyCheck) -> (cases: Int, failed: Int, skipped: Int) {
        let mine = results.filter { $0.verifyCase.check == check }
        return (mine.count, mine.filter { !$0.findings.isEmpty }.count, mine.filter { $0.skipped != nil }.count)
    }
}

/// A `ContractChange` in a codable form, for the JSON report.
public struct ShapeChange: Sendable, Hashable, Codable, CustomStringConvertible {
    /// `breaking` or `additive`.
    public var severity: String
    /// Where: the subject and the member path.
    public var location: String
    /// What changed (`propertyRemoved`, `typeChanged`, …).
    public var kind: String
    /// The old shape in words; `nil` when it did not exist.
    public var old: String?
    /// The new shape in words; `nil` when it no longer exists.
    public var new: String?
    /// The line `kitchen diff` prints for it.
    public var description: String

    /// The change in codable form.
    public init(_ change: ContractChange) {
        severity = change.severity.rawValue
        location = change.location
        kind = change.kind.rawValue
        old = change.old
        new = change.new
        description = change.description
    }
}
