import Foundation
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
                  help: "Record the scenarios through a proxy in front of this server (http://HOST:PORT), then verify them."),
            .init(name: "user", valueName: "NAME", help: "The account --live logs in with (required with --live)."),
            .init(name: "password", valueName: "PASSWORD",
                  help: "Its password (default: the KITCHEN_PASSWORD environment variable)."),
            .init(name: "junit", valueName: "FILE", help: "Also write a JUnit XML report to FILE."),
            .init(name: "format", valueName: "text|json", help: "The report on standard output (default text)."),
            .init(name: "only", valueName: "FILE[#ENTRY]",
                  help: "Check only this recording, or one entry of it (repeatable); skips coverage.", repeatable: true),
            .init(name: "keep", valueName: "DIR", help: "Write the recordings this run makes to DIR instead of a temporary folder."),
        ],
        discussion: """
            Without --live or --recordings, every scenario is recorded in-process against a fresh embedded \
            simulator, then verified; if ./Recordings exists, the fresh recordings' shapes are also compared \
            with it. With --live, scenarios that need the simulator's controls are skipped and listed, and the \
            shapes are compared with --recordings: a removed or retyped field or a missing message type fails, \
            an additive change is a notice. Each failure names the file, the entry, the JSON pointer, expected \
            and found, and the command that reproduces it. Exit status: 0 clean, 1 violations, 2 usage or I/O error.
            """)

    static let usageStatus = CLI.ExitStatus.error

    static func run(_ arguments: ParsedArguments, console: Console) throws -> CLI.ExitStatus {
        let options = try options(from: arguments)
        let format = arguments.value("format") ?? "text"
        guard format == "text" || format == "json" else { throw UsageError("--format must be text or json, not '\(format)'") }
        let progressStream = format == "json" ? console.error : console.out
        let showProgress = console.isTerminal
        let outcome = runBlocking { () -> Result<VerifyReport, VerifyError> in
            do throws(VerifyError) {
                return .success(try await VerifyRun(options: options).run { event in
                    if showProgress { progressStream("\(event)\n") }
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
            return .error
        }
        if let junit = arguments.value("junit") {
            do {
                try Data(JUnitReport.render(report).utf8).write(to: URL(fileURLWithPath: junit), options: .atomic)
            } catch {
                console.error("kitchen verify: cannot write \(junit): \(error.localizedDescription)\n")
                return .error
            }
        }
        if format == "json" {
            console.out(JSONReport.render(report))
        } else {
            if showProgress { console.out("\n") }
            console.out(TextReport.render(report, maximumFailures: console.isTerminal ? 20 : .max))
        }
        return report.passed ? .success : .failure
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
        let recordings = arguments.value("recordings").map { URL(fileURLWithPath: $0) }
        guard let live = arguments.value("live") else {
            for name in ["user", "password"] where arguments.value(name) != nil { throw UsageError("--\(name) needs --live") }
            if let recordings {
                guard keep == nil else { throw UsageError("--keep is for recordings this run makes, not with --recordings") }
                return VerifyOptions(contracts: contracts, source: .folder(recordings), only: only)
            }
            let committed = URL(fileURLWithPath: "Recordings")
            var isFolder: ObjCBool = false
            let baseline = FileManager.default.fileExists(atPath: committed.path, isDirectory: &isFolder) && isFolder.boolValue
            return VerifyOptions(contracts: contracts, source: .embedded, baseline: baseline ? committed : nil, only: only,
                                 keepRecordings: keep)
        }
        guard let server = URL(string: live), server.scheme == "http", server.host != nil else {
            throw UsageError("--live must be an http:// URL, not '\(live)'")
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
