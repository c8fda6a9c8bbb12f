/// One disagreement found by a check: where (file, entry, message, and a JSON pointer or a
/// contract location inside it), what was expected and what was found instead.
///
/// `kitchen verify` makes them; `kitchen report` reads them back from what `verify --format
/// json` prints and marks them on the page, so the check is kept by its name (a report may
/// read a check this build does not know).
///
/// ```swift
/// let finding = Finding(check: "contract", file: "oven-controls.har", entry: 4,
///                       location: "/response/body/isOn", expected: "boolean", actual: "\"yes\"")
/// finding.description   // "oven-controls.har #4 /response/body/isOn: expected boolean, found \"yes\""
/// ```
public struct Finding: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The name of the check that found it (`contract`, `client`, `mock`, …).
    public var check: String
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
    /// The command that reproduces just this finding.
    public var reproduce: String?

    /// A finding with every field given.
    public init(check: String, file: String? = nil, entry: Int? = nil, message: Int? = nil, location: String,
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

    /// `<location>: expected <expected>, found <actual>`: the finding without its subject.
    public var statement: String { "\(location): expected \(expected), found \(actual)" }

    /// `<subject> <location>: expected <expected>, found <actual>`.
    public var description: String { subject.isEmpty ? statement : subject + " " + statement }

    /// Whether this finding is about the recording at `path`: its ``file`` (relative to the
    /// folder `verify` read) names `path` or the end of it, whole path components only.
    ///
    /// ```swift
    /// finding.file = "bugs/twice.har"
    /// finding.isAbout(path: "/ci/out/Recordings/bugs/twice.har")   // true
    /// finding.isAbout(path: "/ci/out/Recordings/notbugs/twice.har") // false
    /// ```
    public func isAbout(path: String) -> Bool {
        guard let file, !file.isEmpty else { return false }
        return path == file || path.hasSuffix("/" + file)
    }
}
