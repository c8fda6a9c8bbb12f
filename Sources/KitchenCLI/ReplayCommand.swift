import Foundation
import KitchenRecording
import KitchenReplay
import KitchenReproduce

/// `kitchen replay FILE`: serves a recording until SIGINT/SIGTERM, then lists what was never used.
enum ReplayCommand: KitchenCommand {
    static let host = Option<String>("host", "HOST", default: "127.0.0.1", help: "Address to listen on.")
    static let port = Option<Int>("port", short: "p", "PORT", default: defaultPort, in: 0...65_535,
                                  help: "Port to listen on; 0 picks a free one. Not serve's 8080, so both can run at once.")
    static let speed = Option<ReplaySpeed>(
        "speed", "1|10|max", default: .scaled(1), defaultText: "1",
        help: "WebSocket timeline speed: 1 is the recorded pace, 10 ten times faster, max at once.") { text throws(UsageError) in
        guard let speed = ReplaySpeed(text) else { throw UsageError("--speed must be a positive number or max, not '\(text)'") }
        return speed
    }
    static let mode = Option<ReplayMode>(
        "mode", default: .once, allowed: [.once, .sequence, .repeat],
        help: "After the last recorded answer to a request: refuse (once), repeat the last (sequence) or start over (repeat).")

    /// `kitchen replay`'s port: not `kitchen serve`'s, so a replay can run beside the simulator.
    static let defaultPort = 8082

    static let spec = CommandSpec(
        name: "replay",
        summary: "Serve a recording back: HTTP answers and WebSocket timelines, for reproducing a session.",
        options: [host, port, speed, mode] + ProgressOptions.options,
        positionals: [.init(name: "FILE", help: "The HAR to serve.")],
        discussion: """
            Requests are matched by method, path, query and JSON body (compared by meaning, volatile fields such as \
            lastUpdated ignored, recorded secret aliases matching any value). An unmatched request gets status 599 whose \
            body names the nearest recorded request and how it differs. On Ctrl-C the entries never used are listed, and the exit status is 1 \
            if any request went unmatched or any entry unused (0 otherwise). It listens on port 8082 unless told \
            otherwise, not serve's 8080, so a replay and the simulator can run side by side.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> CLI.ExitStatus {
        let file = arguments.positionals[0]
        let speed = arguments[Self.speed], mode = arguments[Self.mode]
        let document = try HARFile.load(from: URL(fileURLWithPath: file))
        let termination = Termination()
        let progress = ProgressOptions.printer(ReplayTally(entries: document.log.entries.count), from: arguments, console: console)
        let server = ReplayServer(engine: ReplayMatching.kitchen.engine(document, mode: mode), host: arguments[Self.host],
                                  port: arguments[Self.port], speed: speed, observer: { progress.receive($0) })
        try server.start()
        let entries = server.engine.document.log.entries
        console.out("""
            Replaying \(file): \(entries.count) entries (\(entries.filter(\.isWebSocket).count) WebSocket) on \(server.baseURL?.absoluteString ?? "?")
            \(server.engine.basePath.isEmpty ? "" : "Recorded under \(server.engine.basePath): requests with or without that prefix match.\n")Mode \(mode.rawValue), WebSocket speed \(speed). Press Ctrl-C to stop.

            """)
        progress.start()
        let signal = termination.wait()
        let report = server.stop()
        progress.stop()
        console.out("Received \(signal).\n\(report)\n")
        // A session that did not match the recording is a finding, even when it ends with Ctrl-C.
        return report.isClean ? .success : .failure
    }
}
