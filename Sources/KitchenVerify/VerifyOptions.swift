import Foundation
import KitchenContracts
import HTTPWire
import KitchenRecording
import KitchenScenarios

/// What `kitchen verify` checks and where the recordings come from.
///
/// ```swift
/// var options = VerifyOptions(contracts: URL(fileURLWithPath: "Contracts"), source: .folder(URL(fileURLWithPath: "Recordings")))
/// options.only = [CaseFilter(file: "oven-controls.har", entry: 4)]
/// let report = try await VerifyRun(options: options).run()
/// ```
public struct VerifyOptions: Sendable {
    /// Where the recordings come from.
    public enum Source: Sendable {
        /// Record every scenario in-process against a fresh embedded simulator, then verify them.
        case embedded
        /// Verify the recordings already in a folder.
        case folder(URL)
        /// Record the scenarios through a proxy in front of a real server (its base URL, path
        /// prefix included); those needing provider-state controls run when the server offers them.
        case live(server: URL, account: ScenarioContext.Account)
    }

    /// The folder holding the OpenAPI and AsyncAPI documents.
    public var contracts: URL
    /// Where the recordings come from.
    public var source: Source
    /// Recordings to compare shapes with (only files present on both sides); `nil` for none.
    public var baseline: URL?
    /// `--only`: restrict the run to these recordings or entries (empty: everything).
    public var only: [CaseFilter]
    /// Where recordings made by this run are written; `nil` for a temporary folder removed afterwards.
    public var keepRecordings: URL?
    /// How long a replayed scenario waits for a live-update message its recording lacks.
    public var replayTimeout: Duration
    /// How long a recorded scenario waits for an expected live-update message.
    public var scenarioTimeout: Duration
    /// The start of every reproduce command, e.g. `kitchen verify --recordings Recordings`;
    /// `nil` to derive it from the other options.
    public var command: String?
    /// Whether an operation × status pair no recording exercises fails the run. The embedded
    /// and live runs record the full scenario set and require it; a folder of recordings may be
    /// one session's, so there a gap is a notice unless this is set (`--require-coverage`).
    public var requireCoverage: Bool
    /// Whether the contracts' `format` keywords are asserted (`--formats assert`); a contract
    /// with `"x-kitchen-formats": "assert"` asserts them either way.
    public var formats: SchemaOptions.Formats = .annotate
    /// Which certificates an `https://` live server may present (`--cacert`, `--insecure`).
    public var trust: TLSClientConfiguration.Trust = .system

    /// Options with the defaults of `kitchen verify`.
    public init(contracts: URL, source: Source, baseline: URL? = nil, only: [CaseFilter] = [],
                keepRecordings: URL? = nil, replayTimeout: Duration = .seconds(5), scenarioTimeout: Duration = .seconds(10),
                command: String? = nil, requireCoverage: Bool? = nil) {
        self.contracts = contracts
        self.source = source
        self.baseline = baseline
        self.only = only
        self.keepRecordings = keepRecordings
        self.replayTimeout = replayTimeout
        self.scenarioTimeout = scenarioTimeout
        self.command = command
        let readsFolder = if case .folder = source { true } else { false }
        self.requireCoverage = requireCoverage ?? !readsFolder
    }

    /// `embedded`, `folder` or `live`.
    public var modeName: String {
        switch source {
        case .embedded: "embedded"
        case .folder: "folder"
        case .live: "live"
        }
    }

    /// The command that reruns this verification (before any `--only`). The live password is
    /// never printed: it is written `"$KITCHEN_PASSWORD"`.
    public var reproduceCommand: String {
        if let command { return command }
        var parts = ["kitchen verify"]
        switch source {
        case .embedded: break
        case .folder(let folder):
            parts.append("--recordings \(Self.quoted(folder.relativePath))")
            if requireCoverage { parts.append("--require-coverage") }
        case .live(let server, let account):
            parts.append("--live \(Self.quoted(server.absoluteString)) --user \(Self.quoted(account.username)) --password \"$KITCHEN_PASSWORD\"")
            if let baseline { parts.append("--recordings \(Self.quoted(baseline.relativePath))") }
        }
        if contracts.relativePath != "Contracts" { parts.append("--contracts \(Self.quoted(contracts.relativePath))") }
        return parts.joined(separator: " ")
    }

    /// The command that reproduces `finding` alone: `… --only FILE#ENTRY`.
    public func reproduce(_ finding: Finding) -> String {
        guard let file = finding.file else { return reproduceCommand }
        return reproduceCommand + " --only " + Self.quoted(CaseFilter(file: file, entry: finding.entry).description)
    }

    /// `text` as one shell word.
    static func quoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "-_./:#=@%+,".contains($0) }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
