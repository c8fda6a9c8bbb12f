import Testing
@testable import KitchenCLI

/// Options declared once: parsing, short forms, `--`, `--version`, `kitchen help COMMAND`,
/// "did you mean", required options in the usage line, one `--format` spelling.
@Suite struct OptionParsingTests {
    @Test func everyCommandDeclaresEachNameAndShortFormOnce() {
        for command in CLI.commands {
            let names = command.spec.options.map(\.name)
            #expect(Set(names).count == names.count, "\(command.spec.name) declares an option twice: \(names)")
            let shorts = command.spec.options.compactMap(\.short)
            #expect(Set(shorts).count == shorts.count, "\(command.spec.name) gives two options one short form")
            #expect(!shorts.contains("h"), "-h is help")
            #expect(!names.contains("help") && !names.contains("version"))
        }
    }

    @Test func aDefaultIsWrittenOnceAndShownInTheHelp() throws {
        let defaults = try ServeCommand.spec.parse([])
        #expect(defaults[ServeCommand.port] == ServeCommand.defaultPort)
        #expect(ServeCommand.spec.help.contains("-p, --port PORT       Port to listen on; 0 picks a free one (default \(ServeCommand.defaultPort))."))
        #expect(try ReplayCommand.spec.parse(["x.har"])[ReplayCommand.port] == ReplayCommand.defaultPort)
        #expect(ReplayCommand.defaultPort != ServeCommand.defaultPort, "replay and serve can run side by side")
        #expect(ReplayCommand.spec.help.contains("(default \(ReplayCommand.defaultPort))."))
    }

    @Test(arguments: [
        ["--port", "9000"], ["--port=9000"], ["-p", "9000"], ["-p9000"], ["-p=9000"],
    ])
    func longAndShortFormsGiveTheSameValue(_ arguments: [String]) throws {
        #expect(try ServeCommand.spec.parse(arguments)[ServeCommand.port] == 9000)
    }

    @Test func doubleDashEndsTheOptions() throws {
        let parsed = try ReplayCommand.spec.parse(["--speed", "max", "--", "--odd-name.har"])
        #expect(parsed.positionals == ["--odd-name.har"])
        #expect(parsed[ReplayCommand.speed] == .max)
        let result = run("reproduce", "--", "--json")
        #expect(result.status == .error, "after --, --json is a file name (that does not exist), not an option")
        #expect(result.error.hasPrefix("kitchen reproduce: ") && result.error.contains("--json"), "\(result.error)")
        #expect(result.out.isEmpty)
    }

    @Test func repeatableOptionsKeepEveryValueInOrder() throws {
        let parsed = try ServeCommand.spec.parse(["--user", "bob:b", "--user=carol:c"])
        #expect(parsed.all(ServeCommand.user).map(\.name) == ["bob", "carol"])
        #expect(throws: UsageError("--port given twice")) { try ServeCommand.spec.parse(["-p", "1", "--port", "2"]) }
    }

    @Test(arguments: [
        (["serve", "--prot", "1"], "kitchen serve: unknown option '--prot' (did you mean '--port'?)"),
        (["serve", "--contrls"], "kitchen serve: unknown option '--contrls' (did you mean '--controls'?)"),
        (["record", "--sync", "5"], "kitchen record: unknown option '--sync' (did you mean '--sync-interval'?)"),
        (["replay", "x.har", "--verbos"], "kitchen replay: unknown option '--verbos' (did you mean '--verbose'?)"),
        (["serve", "-x"], "kitchen serve: unknown option '-x' (short forms: -p, -h)"),
        (["verify", "--format", "xml"], "kitchen verify: --format must be text, json or junit, not 'xml'"),
        (["diff", "a", "b", "--format", "csv"], "kitchen diff: --format must be text, json or junit, not 'csv'"),
        (["reproduce", "x.har", "--format", "csv"], "kitchen reproduce: --format must be text or json, not 'csv'"),
        (["replay", "x.har", "--progress-interval", "-1"],
         "kitchen replay: --progress-interval must be a whole number from 0 to 86400, not '-1'"),
        (["record", "--upstream", "http://x"], "kitchen record: --out is required"),
        (["record", "--upstream", "http://x", "--out", "x.har", "--max-websocket-queue", "8"],
         "kitchen record: --max-websocket-queue must be a whole number from 64 to 1048576, not '8'"),
        (["report", "-o"], "kitchen report: --out needs a value (FILE)"),
    ] as [([String], String)])
    func misuseIsNamedWithASuggestionWhenOneIsNear(_ arguments: [String], _ message: String) {
        let capture = CapturingConsole()
        let status = CLI.run(arguments, console: capture.console)
        #expect(status.rawValue == (["verify", "diff"].contains(arguments[0]) ? 2 : 64))
        #expect(capture.error.hasPrefix(message + "\n\nusage: kitchen \(arguments[0])"), "got: \(capture.error)")
    }

    @Test func unknownCommandSuggestsTheNearestOne() {
        let result = run("replya")
        #expect(result.status == .usage)
        #expect(result.error.hasPrefix("kitchen: unknown command 'replya' (did you mean 'replay'?)\n"))
    }

    @Test func versionIsPrintedAtTheTopAndAfterAnyCommand() {
        for arguments in [["--version"], ["serve", "--version"], ["verify", "--version"]] {
            let capture = CapturingConsole()
            #expect(CLI.run(arguments, console: capture.console) == .success)
            #expect(capture.out == "kitchen \(CLI.version)\n")
        }
    }

    @Test func helpCommandPrintsACommandsHelp() {
        for command in CLI.commands {
            let result = run("help", command.spec.name)
            #expect(result.status == .success)
            #expect(result.out == command.spec.help)
            #expect(result.out == run(command.spec.name, "-h").out)
        }
        #expect(run("help").out == CLI.help)
        let unknown = run("help", "bake")
        #expect(unknown.status == .usage)
        #expect(unknown.error.hasPrefix("kitchen: unknown command 'bake'\n"))
    }

    @Test func usageShowsRequiredOptionsBareAndTheRestInBrackets() {
        #expect(RecordCommand.spec.usage.hasPrefix("usage: kitchen record --upstream URL --out FILE [--host HOST] [--port PORT] "))
        #expect(ReportCommand.spec.usage == "usage: kitchen report FILE --out FILE [--findings FILE]")
        #expect(WatchCommand.spec.usage == "usage: kitchen watch URL --token TOKEN [--cacert FILE] [--insecure]")
        #expect(ScenariosCommand.spec.usage == "usage: kitchen scenarios [record] [--out DIR] [--only NAME]... [--list]")
        #expect(ReportCommand.spec.help.contains("-o, --out FILE   The HTML file to write. Required.\n"))
        #expect(RecordCommand.spec.help.contains("The HAR to write; the journal is FILE.journal. Required unless --recover.\n"))
    }

    @Test func recoverNeedsNeitherUpstreamNorOut() throws {
        let parsed = try RecordCommand.spec.parse(["--recover", "x.har.journal"])
        #expect(parsed[RecordCommand.recover] == "x.har.journal")
        #expect(parsed[RecordCommand.upstream] == nil)
    }

    @Test func formatIsOneSpellingAndTheOldJSONFlagStillWorks() throws {
        #expect(try VerifyCommand.spec.parse(["--format", "junit"])[VerifyCommand.format] == .junit)
        #expect(try DiffCommand.spec.parse(["a", "b", "--format=junit"])[DiffCommand.format] == .junit)
        let old = try ReproduceCommand.spec.parse(["x.har", "--json"])
        #expect(old[ReproduceCommand.json])
        #expect(!ReproduceCommand.spec.help.contains("--json"), "the old spelling is accepted, not advertised")
        #expect(ReproduceCommand.spec.help.contains("--format text|json"))
    }

    @Test(arguments: [
        ("port", "port", 0), ("prot", "port", 1), ("sync", "sync-interval", 9), ("verbos", "verbose", 1), ("bogus", nil, 4),
    ] as [(String, String?, Int)])
    func suggestionsComeFromAnEditDistanceThatCountsASwapOnce(_ typed: String, _ expected: String?, _ distanceToTarget: Int) {
        let names = ["host", "port", "sync-interval", "verbose"]
        #expect(Suggestion.nearest(to: typed, among: names) == expected)
        #expect(Suggestion.distance(typed, expected ?? "host") == distanceToTarget)
    }
}
