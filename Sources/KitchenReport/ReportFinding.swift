/// One violation to mark on the page: the entry (and message) it is about, the JSON pointer
/// inside it, what was expected and what was found.
///
/// The fields are those `kitchen verify --format json` writes for each element of `findings`;
/// ``FindingsFile`` reads that document. `KitchenReport` keeps its own type so that it does not
/// depend on the verification gate.
///
/// ```swift
/// let finding = ReportFinding(check: "contract", file: "oven-controls.har", entry: 4,
///                             location: "/response/body/isOn", expected: "boolean", found: "\"yes\"")
/// ```
public struct ReportFinding: Sendable, Hashable {
    /// The check that found it (`contract`, `client`, `mock`, …).
    public var check: String
    /// The recording's path relative to the verified folder; `nil` when it is about no file.
    public var file: String?
    /// The index of the entry in `log.entries`.
    public var entry: Int?
    /// The index of the message in the entry's `_webSocketMessages`.
    public var message: Int?
    /// A JSON pointer into the entry (`/response/body/isOn`) or a contract location.
    public var location: String
    /// What the rule wants, in words.
    public var expected: String
    /// What was found instead, in words.
    public var found: String
    /// The rule that fired, when there is one (a schema path).
    public var rule: String?
    /// The command that reproduces just this finding.
    public var reproduce: String?

    /// A finding with every field given.
    public init(check: String, file: String? = nil, entry: Int? = nil, message: Int? = nil, location: String,
                expected: String, found: String, rule: String? = nil, reproduce: String? = nil) {
        self.check = check
        self.file = file
        self.entry = entry
        self.message = message
        self.location = location
        self.expected = expected
        self.found = found
        self.rule = rule
        self.reproduce = reproduce
    }

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
