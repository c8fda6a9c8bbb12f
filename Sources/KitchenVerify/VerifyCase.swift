import KitchenRecording

/// One case of one check: a recorded exchange, a WebSocket message, a scenario replay, a
/// coverage requirement or a mock stub. Swift Testing suites take these as arguments, the
/// CLI counts them, JUnit writes one `testcase` each.
///
/// ```swift
/// VerifyCase.exchange(.contract, file: "oven-controls.har", entry: 4,
///                     label: "POST /devices/{deviceId}/oven/power → 200").name
/// // "oven-controls.har #4 POST /devices/{deviceId}/oven/power → 200"
/// ```
public struct VerifyCase: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The check the case belongs to.
    public var check: VerifyCheck
    /// The case's name: file, entry and what it is.
    public var name: String
    /// The recording, when the case is about one.
    public var file: String?
    /// The entry, when the case is about one.
    public var entry: Int?
    /// The WebSocket message, when the case is about one.
    public var message: Int?

    /// A case with every field given.
    public init(check: VerifyCheck, name: String, file: String? = nil, entry: Int? = nil, message: Int? = nil) {
        self.check = check
        self.name = name
        self.file = file
        self.entry = entry
        self.message = message
    }

    /// `file #entry label`, e.g. `oven-controls.har #4 POST /devices/{deviceId}/oven/power → 200`.
    public static func exchange(_ check: VerifyCheck, file: String, entry: Int, label: String) -> VerifyCase {
        VerifyCase(check: check, name: "\(file) #\(entry) \(label)", file: file, entry: entry)
    }

    /// `file #entry message N (label)`, e.g. `oven-controls.har #2 message 7 (oven)`.
    public static func message(_ check: VerifyCheck, file: String, entry: Int, index: Int, label: String) -> VerifyCase {
        VerifyCase(check: check, name: "\(file) #\(entry) message \(index) (\(label))", file: file, entry: entry, message: index)
    }

    /// The case's name.
    public var description: String { name }
}

/// A case and what its check found (nothing, when it passed).
public struct CaseResult: Sendable, Hashable, Codable {
    /// The case.
    public var verifyCase: VerifyCase
    /// The findings; empty when the case passed.
    public var findings: [Finding]
    /// Why the case was not run, when it was skipped (a scenario that needs the simulator's controls).
    public var skipped: String?

    /// A result with every field given.
    public init(_ verifyCase: VerifyCase, findings: [Finding] = [], skipped: String? = nil) {
        self.verifyCase = verifyCase
        self.findings = findings
        self.skipped = skipped
    }

    /// Whether the case ran and found nothing.
    public var passed: Bool { skipped == nil && findings.isEmpty }
}

/// `--only FILE[#ENTRY]`: restricts a run to one recording, or one entry of it.
///
/// ```swift
/// let filter = try CaseFilter(parsing: "oven-controls.har#4")
/// filter.file    // "oven-controls.har"
/// filter.entry   // 4
/// ```
public struct CaseFilter: Sendable, Hashable, CustomStringConvertible {
    /// The recording, as its path relative to the folder (or only its file name).
    public var file: String
    /// The entry index, when only one entry is wanted.
    public var entry: Int?

    /// A filter for `file`, optionally one entry of it.
    public init(file: String, entry: Int? = nil) {
        self.file = file
        self.entry = entry
    }

    /// Parses `FILE` or `FILE#ENTRY`; `nil` when the entry is not a whole number ≥ 0.
    public init?(parsing text: String) {
        guard let hash = text.lastIndex(of: "#") else {
            guard !text.isEmpty else { return nil }
            self.init(file: text)
            return
        }
        let digits = text[text.index(after: hash)...]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let entry = Int(digits) else { return nil }
        self.init(file: String(text[..<hash]), entry: entry)
        guard !file.isEmpty else { return nil }
    }

    /// `FILE` or `FILE#ENTRY`.
    public var description: String { entry.map { "\(file)#\($0)" } ?? file }

    /// Whether the recording called `name` (a relative path) is selected.
    public func selects(file name: String) -> Bool {
        name == file || name.split(separator: "/").last.map(String.init) == file
    }

    /// Whether `verifyCase` is selected: its file, and its entry when one is given. Cases about
    /// no file (coverage, default stubs) are never selected by a filter.
    public func selects(_ verifyCase: VerifyCase) -> Bool {
        guard let name = verifyCase.file, selects(file: name) else { return false }
        guard let entry else { return true }
        return verifyCase.entry == entry
    }
}
