import Testing
@testable import KitchenCLI

/// Help is printed exactly, and misuse exits 64 (EX_USAGE) with the command's usage.
@Suite struct HelpAndUsageTests {
    @Test func topLevelHelpListsEveryCommand() {
        let result = run("--help")
        #expect(result.status == .success)
        for command in ["serve", "record", "scenarios", "replay", "verify", "diff", "reproduce", "watch", "report"]
            where CLI.commands.contains(where: { $0.spec.name == command }) {
            #expect(result.out.contains("\n  \(command) "), "kitchen --help does not list \(command)")
        }
        #expect(result.out.hasPrefix("usage: kitchen COMMAND [OPTIONS]\n"))
    }

    @Test func noArgumentsPrintsUsageAndExits64() {
        let result = run()
        #expect(result.status == .usage && result.status.rawValue == 64)
        #expect(result.error.hasPrefix("usage: kitchen COMMAND"))
    }

    @Test func unknownCommandExits64() {
        let result = run("bake")
        #expect(result.status == .usage)
        #expect(result.error.hasPrefix("kitchen: unknown command 'bake'\n"))
    }

    @Test func serveHelpDocumentsEveryFlagExactly() {
        let result = run("serve", "--help")
        #expect(result.status == .success)
        #expect(result.out == """
            usage: kitchen serve [--host HOST] [--port PORT] [--seed N] [--tick 1s|manual] [--token-ttl SECONDS] [--controls] [--base-path PATH] [--user NAME:PASSWORD]...

            Run the Kitchen API simulator (the reference server for ../shared/API.md).

              --host HOST           Address to listen on (default 127.0.0.1).
              -p, --port PORT       Port to listen on; 0 picks a free one (default 8080).
              --seed N              Seed for ids, tokens and household door openings (default 1).
              --tick 1s|manual      Simulation tick: a duration such as 1s or 250ms, or manual (advance via the controls) (default 1s).
              --token-ttl SECONDS   Token lifetime in seconds (default 3600).
              --controls            Serve the simulator controls under /_sim/ (off by default).
              --base-path PATH      Serve the API under this path prefix, e.g. /api/v1, like a server behind a gateway (default: the root).
              --user NAME:PASSWORD  Add an account (demo/demo and alice/alice always exist).
              -h, --help            Show this help.

            """)
    }

    @Test(arguments: [
        (["serve", "--bogus"], "kitchen serve: unknown option '--bogus'"),
        (["serve", "--port"], "kitchen serve: --port needs a value (PORT)"),
        (["serve", "--port", "+80"], "kitchen serve: --port must be a whole number from 0 to 65535, not '+80'"),
        (["serve", "--port", "70000"], "kitchen serve: --port must be a whole number from 0 to 65535, not '70000'"),
        (["serve", "--tick", "soon"], "kitchen serve: --tick must be manual or a duration such as 1s or 250ms, not 'soon'"),
        (["serve", "--user", "nopassword"], "kitchen serve: --user must be NAME:PASSWORD, not 'nopassword'"),
        (["serve", "--controls=yes"], "kitchen serve: --controls takes no value"),
        (["serve", "extra"], "kitchen serve: unexpected argument 'extra'"),
        (["record", "--out", "x.har"], "kitchen record: --upstream is required"),
        (["record", "--upstream", "ftp://x", "--out", "x.har"], "kitchen record: --upstream must be an http:// or https:// URL, not 'ftp://x'"),
        (["replay"], "kitchen replay: missing FILE"),
        (["replay", "x.har", "--speed", "0"], "kitchen replay: --speed must be a positive number or max, not '0'"),
        (["replay", "x.har", "--mode", "loop"], "kitchen replay: --mode must be once, sequence or repeat, not 'loop'"),
        (["watch", "http://127.0.0.1:8080"], "kitchen watch: --token is required"),
        (["scenarios", "play"], "kitchen scenarios: the action is 'record' (or use --list)"),
        (["scenarios", "record", "--only", "nope"], "kitchen scenarios: no scenario named 'nope' (see --list)"),
        (["report", "x.har"], "kitchen report: --out is required"),
        (["report"], "kitchen report: missing FILE"),
    ] as [([String], String)])
    func misuseExits64WithTheReasonAndTheUsage(_ arguments: [String], _ message: String) {
        let capture = CapturingConsole()
        let status = CLI.run(arguments, console: capture.console)
        #expect(status == .usage)
        #expect(capture.error.hasPrefix(message + "\n\nusage: kitchen \(arguments[0])"), "got: \(capture.error)")
        #expect(capture.out.isEmpty)
    }

    @Test func everyCommandHasHelpThatNamesEachOption() {
        for command in CLI.commands {
            let result = run(command.spec.name, "--help")
            #expect(result.status == .success)
            for option in command.spec.shownOptions {
                #expect(result.out.contains("--\(option.name)"), "\(command.spec.name) --help lacks --\(option.name)")
            }
            #expect(result.out.contains("--help"))
            #expect(!result.out.contains("\\\n"), "\(command.spec.name) --help shows a line-continuation backslash")
        }
    }

    @Test func scenariosListNamesEveryScenario() {
        let result = run("scenarios", "--list")
        #expect(result.status == .success)
        #expect(result.out.split(separator: "\n").count == 12)
        #expect(result.out.contains("fridge-door [controls]"))
        #expect(result.out.contains("bugs/duplicate-cycle-complete-after-reconnect [controls]"))
    }
}
