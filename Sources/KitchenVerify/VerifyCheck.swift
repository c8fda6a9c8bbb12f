import KitchenRecording

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

extension Finding {
    /// A finding of one of `kitchen verify`'s checks.
    public init(check: VerifyCheck, file: String? = nil, entry: Int? = nil, message: Int? = nil, location: String,
                expected: String, actual: String, rule: String? = nil, reproduce: String? = nil) {
        self.init(check: check.rawValue, file: file, entry: entry, message: message, location: location,
                  expected: expected, actual: actual, rule: rule, reproduce: reproduce)
    }
}
