import Foundation
import KitchenContracts
import KitchenScenarioRecording
import KitchenScenarios
import KitchenVerify

/// `kitchen verify`: the CI gate. Checks recordings against the contracts, the real client
/// and the mock; records them first (in-process, or through a proxy in front of `--live`).
enum VerifyCommand: KitchenCommand {
    static let contracts = Option<String>("contracts", "DIR", default: "Contracts", help: "The OpenAPI and AsyncAPI documents.")
    static let recordings = Option<String?>(
        "recordings", "DIR",
        help: "Verify the HARs under DIR as they are; with --live, the recordings to compare shapes with (default Recordings).")
    static let live = Option<URL?>(
        "live", httpURL: "URL",
        help: "Record the scenarios through a proxy in front of this server's API base URL (http[s]://HOST[:PORT][/PREFIX]), then verify them.")
    static let user = Option<String?>("user", "NAME", help: "The account --live logs in with (required with --live).")
    static let password = Option<String?>("password", "PASSWORD", help: "Its password (default: the KITCHEN_PASSWORD environment variable).")
    static let junit = Option<String?>("junit", "FILE", help: "Also write a JUnit XML report to FILE.")
    static let format = Option<OutputFormat>("format", default: .text,
                                             help: "The report on standard output: lines, JSON, or JUnit XML.")
    static let only = Option<CaseFilter?>(
        "only", "FILE[#ENTRY]", default: nil, defaultText: nil,
        help: "Check only this recording, or one entry of it (repeatable); skips coverage.", repeatable: true) { text throws(UsageError) in
        guard let filter = CaseFilter(parsing: text) else { throw UsageError("--only must be FILE or FILE#ENTRY, not '\(text)'") }
        return filter
    }
    static let keep = Option<String?>("keep", "DIR", help: "Write the recordings this run makes to DIR instead of a temporary folder.")
    static let requireCoverage = Flag(
        "require-coverage", help: "With --recordings: fail on operation × status pairs no recording exercises (a notice otherwise).")
    static let formats = Option<SchemaOptions.Formats>(
        "formats", default: .annotate,
        help: "assert: check format (date-time, uuid, email, …) in every contract; annotate: only where a contract asks.")
    static let html = Option<String?>("html", "DIR", help: "Also write an HTML timeline of each failing recording, findings marked, to DIR.")

    static let spec = CommandSpec(
        name: "verify",
        summary: "Check recordings against the contracts, the real client and the mock (the CI gate).",
        options: [contracts, recordings, live, user, password, junit, format, only, keep, requireCoverage, formats, html] + TrustOptions.options,
        discussion: """
            Without --live or --recordings, every scenario is recorded in-process against a fresh embedded \
            simulator, then verified; if ./Recordings exists, the fresh recordings' shapes are also compared \
            with it. With --live, the shapes are compared with --recordings: a removed or retyped field or a missing message type fails, \
            an additive change is a notice. Each failure names the file, the entry, the JSON pointer, expected \
            and found, and the command that reproduces it. --live first logs in (preflight) and asks the server \
            which provider-state controls it offers (GET /_sim); scenarios needing controls it lacks are skipped \
            and listed. --recordings DIR checks what the folder holds: coverage gaps are notices unless \
            --require-coverage. When standard output is not a terminal, one line per scenario goes to standard \
            error as it finishes. Exit status: 0 clean; 1 contract findings; 2 the run could not be judged \
            (server unreachable, failing or down mid-run, login refused, unreadable input, usage).
            """)

    static let usageStatus = CLI.ExitStatus.error

    static func run(_ arguments: ParsedArguments, console: Console) throws -> CLI.ExitStatus {
        var parsed = try options(from: arguments)
        parsed.formats = arguments[Self.formats]
        if case .live = parsed.source { parsed.trust = try TrustOptions.trust(from: arguments, console: console, command: "verify") }
        let pages = VerifyHTMLReports(arguments: arguments, options: parsed)
        let options = pages?.options ?? parsed
        let format = arguments[Self.format]
        let progressStream = format.isMachineReadable || !console.isTerminal ? console.error : console.out
        let onTerminal = console.isTerminal
        let junit = arguments[Self.junit].map { URL(fileURLWithPath: $0) }
        // A report that cannot be written is found out now, not after a 20-second run.
        if let junit, let problem = Self.unwritable(junit) {
            console.error("kitchen verify: cannot write \(junit.path): \(problem)\n")
            return .error
        }
        let outcome = runBlocking { () async throws(VerifyError) -> VerifyReport in
            try await VerifyRun(options: options, scenarios: RecordedScenarios()).run { event in
                // On a terminal every step; in a CI log one line per scenario as it finishes.
                if onTerminal || event.isScenarioLine { progressStream("\(event)\n") }
            }
        }
        let report: VerifyReport
        switch outcome {
        case .success(let value): report = value
        case .failure(let error):
            console.error("kitchen verify: \(error)\n")
            if let junit { try? Data(JUnitReport.render(error).utf8).write(to: junit, options: .atomic) }
            if format == .junit { console.out(JUnitReport.render(error)) }
            return .error
        }
        if let junit {
            do {
                try Data(JUnitReport.render(report).utf8).write(to: junit, options: .atomic)
            } catch {
                console.error("kitchen verify: cannot write \(junit.path): \(error.localizedDescription)\n")
                return .error
            }
        }
        if let pages, !pages.write(report, options: options, console: console) { return .error }
        switch format {
        case .json: console.out(JSONReport.render(report))
        case .junit: console.out(JUnitReport.render(report))
        case .text:
            if onTerminal { console.out("\n") }
            console.out(TextReport.render(report, maximumFailures: console.isTerminal ? 20 : .max))
        }
        return report.passed ? .success : .failure
    }

    /// Why a report cannot be written to `url` (its folder is missing or read-only), or `nil`.
    static func unwritable(_ url: URL) -> String? {
        let folder = url.deletingLastPathComponent().path
        guard RecordingFolder.isFolder(folder) == true else { return "the folder \(folder) does not exist" }
        guard FileManager.default.isWritableFile(atPath: folder) else { return "the folder \(folder) is not writable" }
        return nil
    }

    /// The recordings' source and the options that go with it.
    private static func options(from arguments: ParsedArguments) throws(UsageError) -> VerifyOptions {
        let contracts = URL(fileURLWithPath: arguments[Self.contracts])
        let only = arguments.all(Self.only)
        let keep = arguments[Self.keep].map { URL(fileURLWithPath: $0) }
        let requireCoverage = arguments[Self.requireCoverage]
        let recordings = arguments[Self.recordings].map { URL(fileURLWithPath: $0) }
        guard let server = arguments[Self.live] else {
            for option in [user, password, TrustOptions.caFile] where arguments.given(option) {
                throw UsageError("--\(option.declaration.name) needs --live")
            }
            if arguments[TrustOptions.insecure] { throw UsageError("--insecure needs --live") }
            if let recordings {
                guard keep == nil else { throw UsageError("--keep is for recordings this run makes, not with --recordings") }
                return VerifyOptions(contracts: contracts, source: .folder(recordings), only: only, requireCoverage: requireCoverage)
            }
            let committed = URL(fileURLWithPath: "Recordings")
            let baseline = RecordingFolder.isFolder(committed.path) == true
            return VerifyOptions(contracts: contracts, source: .embedded, baseline: baseline ? committed : nil, only: only,
                                 keepRecordings: keep)
        }
        guard let user = arguments[Self.user] else { throw UsageError("--live needs --user") }
        guard let password = arguments[Self.password] ?? ProcessInfo.processInfo.environment["KITCHEN_PASSWORD"] else {
            throw UsageError("--live needs --password (or KITCHEN_PASSWORD in the environment)")
        }
        return VerifyOptions(
            contracts: contracts, source: .live(server: server, account: .init(username: user, password: password)),
            baseline: recordings ?? URL(fileURLWithPath: "Recordings"), only: only, keepRecordings: keep)
    }
}
