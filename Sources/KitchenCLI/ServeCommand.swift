import HTTPWire
import KitchenSimulator

/// `kitchen serve`: runs the reference simulator until SIGINT/SIGTERM.
enum ServeCommand: KitchenCommand {
    /// The simulator's own defaults: the options' defaults are read from them, not written again.
    private static let library = SimulatorConfiguration()

    static let host = Option<String>("host", "HOST", default: library.host, help: "Address to listen on.")
    static let port = Option<Int>("port", short: "p", "PORT", default: defaultPort, in: 0...65_535,
                                  help: "Port to listen on; 0 picks a free one.")
    static let seed = Option<Int>("seed", "N", default: Int(library.seed), in: 0...Int.max, help: "Seed for ids, tokens and household door openings.")
    static let tick = Option<Tick>("tick", "1s|manual", default: .every(.seconds(1), spelled: "1s"), defaultText: "1s",
                                   help: "Simulation tick: a duration such as 1s or 250ms, or manual (advance via the controls).") { text throws(UsageError) in
        if text == "manual" { return .manual }
        guard let interval = parseDuration(text) else {
            throw UsageError("--tick must be manual or a duration such as 1s or 250ms, not '\(text)'")
        }
        return .every(interval, spelled: text)
    }
    static let tokenTTL = Option<Int>("token-ttl", "SECONDS", default: library.tokenTTLSeconds, in: 1...31_536_000, help: "Token lifetime in seconds.")
    static let controls = Flag("controls", help: "Serve the simulator controls under /_sim/ (off by default).")
    static let basePath = Option<String?>("base-path", "PATH", default: nil, defaultText: nil,
                                          help: "Serve the API under this path prefix, e.g. /api/v1, like a server behind a gateway (default: the root).") { text throws(UsageError) in
        guard text.hasPrefix("/"), !text.contains("?"), !text.contains("#") else {
            throw UsageError("--base-path must be a path such as /api/v1, not '\(text)'")
        }
        return text
    }
    static let user = Option<(name: String, password: String)?>(
        "user", "NAME:PASSWORD", default: nil, defaultText: nil, help: "Add an account (demo/demo and alice/alice always exist).",
        repeatable: true) { entry throws(UsageError) in
        let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw UsageError("--user must be NAME:PASSWORD, not '\(entry)'")
        }
        return (parts[0], parts[1])
    }

    /// `kitchen serve`'s port; `kitchen replay` defaults to another, so both can run at once.
    static let defaultPort = library.port

    /// How the simulation's clock advances.
    enum Tick: Sendable {
        /// Every `interval`, as the command line spelled it (`250ms`).
        case every(Duration, spelled: String)
        case manual
    }

    static let spec = CommandSpec(
        name: "serve",
        summary: "Run the Kitchen API simulator (the reference server for ../shared/API.md).",
        options: [host, port, seed, tick, tokenTTL, controls, basePath, user])

    static func configuration(from arguments: ParsedArguments) -> SimulatorConfiguration {
        var configuration = SimulatorConfiguration()
        configuration.host = arguments[Self.host]
        configuration.port = arguments[Self.port]
        configuration.seed = UInt64(arguments[Self.seed])
        configuration.tokenTTLSeconds = arguments[Self.tokenTTL]
        configuration.controlsEnabled = arguments[Self.controls]
        if let basePath = arguments[Self.basePath] { configuration.basePath = basePath }
        switch arguments[Self.tick] {
        case .manual: configuration.manualClock = true
        case .every(let interval, _): configuration.tickInterval = interval
        }
        for account in arguments.all(Self.user) { configuration.users[account.name] = account.password }
        return configuration
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> CLI.ExitStatus {
        let configuration = configuration(from: arguments)
        let termination = Termination()
        let simulator = Simulator(configuration: configuration)
        try simulator.start()
        let base = simulator.baseURL ?? "?"
        let users = configuration.users.sorted { $0.key < $1.key }.filter { $0.key != "demo" }.map { "\($0.key) / \($0.value)" }
        console.out("""
            Kitchen simulator listening on \(base)
            Demo credentials: demo / demo\(users.isEmpty ? "" : " (also " + users.joined(separator: ", ") + ")")
            Live updates: \(base.replacingOccurrences(of: "http://", with: "ws://"))/ws
            Clock: \(configuration.manualClock ? "manual (POST /_sim/clock/advance {\"ticks\": N})" : "one tick every \(Self.spelling(of: arguments[Self.tick]))")
            Controls: \(configuration.controlsEnabled ? "on, under \(base)/_sim/" : "off")
            Press Ctrl-C to stop.

            """)
        let signal = termination.wait()
        simulator.stop()
        console.out("Received \(signal); simulator stopped.\n")
        return .success
    }

    /// How `--tick` was spelled, for the banner.
    private static func spelling(of tick: Tick) -> String {
        switch tick {
        case .every(_, let spelled): spelled
        case .manual: "manual"
        }
    }

    /// `250ms`, `1s`, `2s`… → a duration; nil for anything else.
    static func parseDuration(_ text: String) -> Duration? {
        if text.hasSuffix("ms"), let value = Int(text.dropLast(2)), value > 0, !text.hasPrefix("+") {
            return .milliseconds(value)
        }
        if text.hasSuffix("s"), let value = Int(text.dropLast()), value > 0, !text.hasPrefix("+") {
            return .seconds(value)
        }
        return nil
    }
}
