import Foundation
import KitchenScenarioRecording
import KitchenScenarios
import KitchenVerify

/// `kitchen verify`: the CI gate. Checks recordings against the contracts, the real client
/// and the mock; records them first (in-process, or through a proxy in front of `--live`).
enum VerifyCommand: KitchenCommand {
    static let spec = CommandSpec(
        name: "verify",
        summary: "Check recordings against the contracts, the real client and the mock (the CI gate).",
        options: [
            .init(name: "contracts", valueName: "DIR", help: "The OpenAPI and AsyncAPI documents (default Contracts)."),
            .init(name: "recordings", valueName: "DIR",
                  help: "Verify the HARs under DIR as they are; with --live, the recordings to compare shapes with (default Recordings)."),
            .init(name: "live", valueName: "URL",
                  help: "Record the scenarios through a proxy in front of this server's API base URL (http[s]://HOST[:PORT][/PREFIX]), then verify them."),
            .init(name: "user", valueName: "NAME", help: "The account --live logs in with (required with --live)."),
            .init(name: "password", valueName: "PASSWORD",
                  help: "Its password (default: the KITCHEN_PASSWORD environment variable)."),
            .init(name: "junit", valueName: "FILE", help: "Also write a JUnit XML report to FILE."),
            .init(name: "format", valueName: "text|json", help: "The report on standard output (default text)."),
            .init(name: "only", valueName: "FILE[#ENTRY]",
                  help: "Check only this recording, or one entry of it (repeatable); skips coverage.", repeatable: true),
            .init(name: "keep", valueName: "DIR", help: "Write the recordings this run makes to DIR instead of a temporary folder."),
            .init(name: "require-coverage", valueName: nil,
                  help: "With --recordings: fail on operation × status pairs no recording exercises (a notice otherwise)."),
            .init(name: "html", valueName: "DIR", help: "Also write an HTML timeline of each failing recording, findings marked, to DIR."),
        ] + TrustOptions.options,
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
        if case .live = parsed.source { parsed.trust = try TrustOptions.trust(from: arguments, console: console, command: "verify") }
        let pages = VerifyHTMLReports(arguments: arguments, options: parsed)
        let options = pages?.options ?? parsed
        let format = arguments.value("format") ?? "text"
        guard format == "text" || format == "json" else { throw UsageError("--format must be text or json, not '\(format)'") }
        let progressStream = format == "json" || !console.isTerminal ? console.error : console.out
        let onTerminal = console.isTerminal
        let junit = arguments.value("junit").map { URL(fileURLWithPath: $0) }
        // A report that cannot be written is found out now, not after a 20-second run.
        if let junit, let problem = Self.unwritable(junit) {
            console.error("kitchen verify: cannot write \(junit.path): \(problem)\n")
            return .error
        }
        let outcome = runBlocking { () -> Result<VerifyReport, VerifyError> in
            do throws(VerifyError) {
                return .success(try await VerifyRun(options: options, scenarios: RecordedScenarios()).run { event in
                    // On a terminal every step; in a CI log one line per scenario as it finishes.
                    if onTerminal || event.isScenarioLine { progressStream("\(event)\n") }
                })
            } catch {
                return .failure(error)
            }
        }
        let report: VerifyReport
        switch outcome {
        case .success(let value): report = value
        case .failure(let error):
            console.error("kitchen verify: \(error)\n")
            if let junit { try? Data(JUnitReport.render(error).utf8).write(to: junit, options: .atomic) }
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
        if format == "json" {
            console.out(JSONReport.render(report))
        } else {
            if onTerminal { console.out("\n") }
            console.out(TextReport.render(report, maximumFailures: console.isTerminal ? 20 : .max))
        }
        return report.passed ? .success : .failure
    }

    /// Why a report cannot be written to `url` (its folder is missing or read-only), or `nil`.
    static func unwritable(_ url: URL) -> String? {
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            return "the folder \(folder) does not exist"
        }
        guard FileManager.default.isWritableFile(atPath: folder) else { return "the folder \(folder) is not writable" }
        return nil
    }

    /// The run the arguments ask for.
    static func options(from arguments: ParsedArguments) throws(UsageError) -> VerifyOptions {
        let contracts = URL(fileURLWithPath: arguments.value("contracts") ?? "Contracts")
        var only: [CaseFilter] = []
        for text in arguments.all("only") {
            guard let filter = CaseFilter(parsing: text) else { throw UsageError("--only must be FILE or FILE#ENTRY, not '\(text)'") }
            only.append(filter)
        }
        let keep = arguments.value("keep").map { URL(fileURLWithPath: $0) }
        let requireCoverage = arguments.flag("require-coverage")
        let recordings = arguments.value("recordings").map { URL(fileURLWithPath: $0) }
        guard let live = arguments.value("live") else {
            for name in ["user", "password", "cacert"] where arguments.value(name) != nil { throw UsageError("--\(name) needs --live") }
            if arguments.flag("insecure") { throw UsageError("--insecure needs --live") }
            if let recordings {
                guard keep == nil else { throw UsageError("--keep is for recordings this run makes, not with --recordings") }
                return VerifyOptions(contracts: contracts, source: .folder(recordings), only: only, requireCoverage: requireCoverage)
            }
            let committed = URL(fileURLWithPath: "Recordings")
            var isFolder: ObjCBool = false
            let baseline = FileManager.default.fileExists(atPath: committed.path, isDirectory: &isFolder) && isFolder.boolValue
            return VerifyOptions(contracts: contracts, source: .embedded, baseline: baseline ? committed : nil, only: only,
                                 keepRecordings: keep)
        }
        guard let server = URL(string: live), TrustOptions.isHTTP(server) else {
            throw UsageError("--live must be an http:// or https:// URL, not '\(live)'")
        }
        guard let user = arguments.value("user") else { throw UsageError("--live needs --user") }
        guard let password = arguments.value("password") ?? ProcessInfo.processInfo.environment["KITCHEN_PASSWORD"] else {
            throw UsageError("--live needs --password (or KITCHEN_PASSWORD in the environment)")
        }
        return VerifyOptions(
            contracts: contracts, source: .live(server: server, account: .init(username: user, password: password)),
            baseline: recordings ?? URL(fileURLWithPath: "Recordings"), only: only, keepRecordings: keep)
    }
}
