import HTTPWire
import KitchenSimulator

/// `kitchen serve`: runs the reference simulator until SIGINT/SIGTERM.
enum ServeCommand: KitchenCommand {
    static let spec = CommandSpec(
        name: "serve",
        summary: "Run the Kitchen API simulator (the reference server for ../shared/API.md).",
        options: [
            .init(name: "host", valueName: "HOST", help: "Address to listen on (default 127.0.0.1)."),
            .init(name: "port", valueName: "PORT", help: "Port to listen on; 0 picks a free one (default 8080)."),
            .init(name: "seed", valueName: "N", help: "Seed for ids, tokens and household door openings (default 1)."),
            .init(name: "tick", valueName: "1s|manual",
                  help: "Simulation tick: a duration such as 1s or 250ms, or manual (advance via the controls) (default 1s)."),
            .init(name: "token-ttl", valueName: "SECONDS", help: "Token lifetime in seconds (default 3600)."),
            .init(name: "controls", valueName: nil, help: "Serve the simulator controls under /_sim/ (off by default)."),
            .init(name: "base-path", valueName: "PATH",
                  help: "Serve the API under this path prefix, e.g. /api/v1, like a server behind a gateway (default: the root)."),
            .init(name: "user", valueName: "NAME:PASSWORD", help: "Add an account (demo/demo and alice/alice always exist).",
                  repeatable: true),
        ])

    static func configuration(from arguments: ParsedArguments) throws(UsageError) -> SimulatorConfiguration {
        var configuration = SimulatorConfiguration()
        configuration.host = arguments.value("host") ?? configuration.host
        configuration.port = try arguments.int("port", default: 8080, in: 0...65_535)
        configuration.seed = UInt64(try arguments.int("seed", default: 1, in: 0...Int.max))
        configuration.tokenTTLSeconds = try arguments.int("token-ttl", default: 3600, in: 1...31_536_000)
        configuration.controlsEnabled = arguments.flag("controls")
        if let basePath = arguments.value("base-path") {
            guard basePath.hasPrefix("/"), !basePath.contains("?"), !basePath.contains("#") else {
                throw UsageError("--base-path must be a path such as /api/v1, not '\(basePath)'")
            }
            configuration.basePath = basePath
        }
        switch arguments.value("tick") {
        case nil: break
        case "manual": configuration.manualClock = true
        case let text?:
            guard let interval = parseDuration(text) else {
                throw UsageError("--tick must be manual or a duration such as 1s or 250ms, not '\(text)'")
            }
            configuration.tickInterval = interval
        }
        for entry in arguments.all("user") {
            let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw UsageError("--user must be NAME:PASSWORD, not '\(entry)'")
            }
            configuration.users[parts[0]] = parts[1]
        }
        return configuration
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> CLI.ExitStatus {
        let configuration = try configuration(from: arguments)
        let termination = Termination()
        let simulator = Simulator(configuration: configuration)
        try simulator.start()
        let base = simulator.baseURL ?? "?"
        let users = configuration.users.keys.sorted().filter { $0 != "demo" }.map { "\($0) / \(configuration.users[$0]!)" }
        console.out("""
            Kitchen simulator listening on \(base)
            Demo credentials: demo / demo\(users.isEmpty ? "" : " (also " + users.joined(separator: ", ") + ")")
            Live updates: \(base.replacingOccurrences(of: "http://", with: "ws://"))/ws
            Clock: \(configuration.manualClock ? "manual (POST /_sim/clock/advance {\"ticks\": N})" : "one tick every \(arguments.value("tick") ?? "1s")")
            Controls: \(configuration.controlsEnabled ? "on, under \(base)/_sim/" : "off")
            Press Ctrl-C to stop.

            """)
        let signal = termination.wait()
        simulator.stop()
        console.out("Received \(signal); simulator stopped.\n")
        return .success
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
