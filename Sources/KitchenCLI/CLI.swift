import Foundation

/// The `kitchen` command line: dispatches to one command and maps its outcome to an exit status
/// (0 success, 1 a failed check, 2 an I/O or runtime error, 64 a usage error).
public enum CLI {
    /// Exit statuses.
    public enum ExitStatus: Int32, Sendable {
        case success = 0
        case failure = 1
        case error = 2
        case usage = 64
    }

    static let commands: [any KitchenCommand.Type] = [
        ServeCommand.self, RecordCommand.self, ScenariosCommand.self, ReplayCommand.self, ReproduceCommand.self, WatchCommand.self,
        VerifyCommand.self, DiffCommand.self, ReportCommand.self,
    ]

    /// The version `kitchen --version` prints.
    public static let version = "1.0.0"

    /// The top-level help.
    static var help: String {
        var lines = ["usage: kitchen COMMAND [OPTIONS]", "       kitchen help COMMAND", "       kitchen --version", "", "Commands:"]
        lines += CommandSpec.columns(commands.map { ($0.spec.name, $0.spec.summary) })
        lines += ["", "Run 'kitchen help COMMAND' (or 'kitchen COMMAND --help') for a command's options."]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs `arguments` (without the program name), writing to `console`.
    public static func run(_ arguments: [String], console: Console = .standard) -> ExitStatus {
        guard let name = arguments.first else {
            console.error(help)
            return .usage
        }
        switch name {
        case "--help", "-h":
            console.out(help)
            return .success
        case "--version":
            console.out("kitchen \(version)\n")
            return .success
        case "help":
            guard let topic = arguments.dropFirst().first else {
                console.out(help)
                return .success
            }
            guard let command = command(named: topic, console: console) else { return .usage }
            console.out(command.spec.help)
            return .success
        default:
            guard let command = command(named: name, console: console) else { return .usage }
            return run(command, Array(arguments.dropFirst()), console: console)
        }
    }

    /// The command called `name`, or nil after saying there is none.
    private static func command(named name: String, console: Console) -> (any KitchenCommand.Type)? {
        if let command = commands.first(where: { $0.spec.name == name }) { return command }
        let suggestion = Suggestion.didYouMean(name, among: commands.map { $0.spec.name })
        console.error("kitchen: unknown command '\(name)'\(suggestion)\n\n" + help)
        return nil
    }

    private static func run(_ command: any KitchenCommand.Type, _ arguments: [String], console: Console) -> ExitStatus {
        let name = command.spec.name
        do {
            let parsed = try command.spec.parse(arguments)
            if parsed.wantsHelp {
                console.out(command.spec.help)
                return .success
            }
            if parsed.wantsVersion {
                console.out("kitchen \(version)\n")
                return .success
            }
            return try command.run(parsed, console: console)
        } catch let error as UsageError {
            console.error("kitchen \(name): \(error.message)\n\n" + command.spec.help)
            return command.usageStatus
        } catch {
            console.error("kitchen \(name): \(error)\n")
            return .error
        }
    }
}

/// One `kitchen` subcommand.
protocol KitchenCommand: Sendable {
    static var spec: CommandSpec { get }
    /// The exit status for a usage error: 64 (EX_USAGE) unless the command's contract says
    /// otherwise (the CI gates `verify` and `diff` promise 2).
    static var usageStatus: CLI.ExitStatus { get }
    static func run(_ arguments: ParsedArguments, console: Console) throws -> CLI.ExitStatus
}

extension KitchenCommand {
    static var usageStatus: CLI.ExitStatus { .usage }
}

/// Where a command writes: standard output and error, or buffers in tests.
public struct Console: Sendable {
    public let out: @Sendable (String) -> Void
    public let error: @Sendable (String) -> Void
    /// Whether output goes to a terminal (progress and colour) rather than a file or CI log.
    public let isTerminal: Bool

    public init(out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void, isTerminal: Bool) {
        self.out = out
        self.error = error
        self.isTerminal = isTerminal
    }

    /// The process's standard output and error, flushed as written.
    public static let standard = Console(
        out: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
        error: { text in FileHandle.standardError.write(Data(text.utf8)) },
        isTerminal: ProcessPlatform.standardOutputIsTerminal)
}
