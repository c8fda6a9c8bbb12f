/// The checks `kitchen verify` runs, in report order. The raw values name them in JSON
/// output, JUnit suites and `swift test --filter`.
public enum VerifyCheck: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Recording the scenarios (embedded simulator or `--live` server): failures and skips.
    case scenarios
    /// Check 1: every recorded request, status, response body and WebSocket message against the contracts.
    case contract
    /// Check 2: every operation × declared status and every message type exercised by some recording.
    case coverage
    /// Check 3: the real client decodes what was recorded, re-encodes it without losing required
    /// fields, and makes the recorded requests when its scenario is replayed.
    case client
    /// Check 4: `MockAPIService` agrees with the contracts and with the recordings.
    case mock
    /// The recordings' shapes against a baseline folder (values ignored).
    case shapes

    /// The heading used in reports.
    public var title: String {
        switch self {
        case .scenarios: "scenarios"
        case .contract: "recordings vs contracts"
        case .coverage: "coverage"
        case .client: "client vs recordings"
        case .mock: "mock vs recordings"
        case .shapes: "shapes vs baseline"
        }
    }

    /// Report order.
    public static func < (lhs: VerifyCheck, rhs: VerifyCheck) -> Bool {
        // Every case is in `allCases`; the fallbacks are never used.
        (allCases.firstIndex(of: lhs) ?? allCases.endIndex) < (allCases.firstIndex(of: rhs) ?? allCases.endIndex)
    }
}

/// One disagreement found by a check: where (file, entry, message, and a JSON pointer or a
/// contract location inside it), what was expected and what was found instead.
///
/// ```swift
/// finding.description
/// // "oven-controls.har #4 /response/body/isOn: expected boolean, found \"yes\""
/// ```
public struct Finding: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The check that found it.
    public var check: VerifyCheck
    /// The recording's path relative to the recordings folder; `nil` for findings about the
    /// contracts or the mock as a whole (coverage gaps, default stubs).
    public var file: String?
    /// The index of the entry in the file's `log.entries`.
    public var entry: Int?
    /// The index of the WebSocket message in the entry's `_webSocketMessages`.
    public var message: Int?
    /// Where inside the subject: a JSON pointer (`/response/body/state/isOn`) or a contract
    /// location (`POST /auth/login → 413`).
    public var location: String
    /// What the rule wants, in words.
    public var expected: String
    /// What was found instead, in words.
    public var actual: String
    /// The rule that fired, when there is one to cite (a schema path such as
    /// `#/components/schemas/OvenState/properties/isOn/type`).
    public var rule: String?
    /// The command that reproduces just this finding; set by ``VerifyRun``.
    public var reproduce: String?

    /// A finding with every field given.
    public init(check: VerifyCheck, file: String? = nil, entry: Int? = nil, message: Int? = nil, location: String,
                expected: String, actual: String, rule: String? = nil, reproduce: String? = nil) {
        self.check = check
        self.file = file
        self.entry = entry
        self.message = message
        self.location = location
        self.expected = expected
        self.actual = actual
        self.rule = rule
        self.reproduce = reproduce
    }

    /// `file #entry message N`, or empty when the finding is about no file.
    public var subject: String {
        var parts: [String] = []
        if let file { parts.append(file) }
        if let entry { parts.append("#\(entry)") }
        if let message { parts.append("message \(message)") }
        return parts.joined(separator: " ")
    }

    /// `<subject> <location>: expected <expected>, found <actual>`.
    public var description: String {
        let prefix = subject.isEmpty ? "" : subject + " "
        return "\(prefix)\(location): expected \(expected), found \(actual)"
    }
}
