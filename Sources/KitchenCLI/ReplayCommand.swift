import Foundation
import KitchenRecording
import KitchenReplay

/// `kitchen replay FILE`: serves a recording until SIGINT/SIGTERM, then lists what was never used.
enum ReplayCommand: KitchenCommand {
    static let spec = CommandSpec(
        name: "replay",
        summary: "Serve a recording back: HTTP answers and WebSocket timelines, for reproducing a session.",
        options: [
            .init(name: "host", valueName: "HOST", help: "Address to listen on (default 127.0.0.1)."),
            .init(name: "port", valueName: "PORT", help: "Port to listen on; 0 picks a free one (default 8080)."),
            .init(name: "speed", valueName: "1|10|max",
                  help: "WebSocket timeline speed: 1 is the recorded pace, 10 ten times faster, max at once (default 1)."),
            .init(name: "mode", valueName: "once|sequence|repeat",
                  help: "After the last recorded answer to a request: refuse (once), repeat the last (sequence) or start over (repeat) (default once)."),
        ] + ProgressOptions.options,
        positionals: [.init(name: "FILE", help: "The HAR to serve.")],
        discussion: """
            Requests are matched by method, path, query and JSON body (compared by meaning, volatile fields such as \
            lastUpdated ignored, recorded secret aliases matching any value). An unmatched request gets status 599 whose \
            body names the nearest recorded request and how it differs. On Ctrl-C the entries never used are listed, and the exit status is 1 \
            if any request went unmatched or any entry unused (0 otherwise).
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> CLI.ExitStatus {
        let file = arguments.positionals[0]
        let speedText = arguments.value("speed") ?? "1"
        guard let speed = ReplaySpeed(speedText) else {
            throw UsageError("--speed must be a positive number or max, not '\(speedText)'")
        }
        let modeText = arguments.value("mode") ?? "once"
        guard let mode = ReplayMode(rawValue: modeText) else {
            throw UsageError("--mode must be once, sequence or repeat, not '\(modeText)'")
        }
        let termination = Termination()
        let document = try HARFile.load(from: URL(fileURLWithPath: file))
        let progress = try ProgressOptions.printer(ReplayTally(entries: document.log.entries.count), from: arguments, console: console)
        let server = ReplayServer(document: document, host: arguments.value("host") ?? "127.0.0.1",
                                  port: try arguments.int("port", default: 8080, in: 0...65_535), mode: mode, speed: speed,
                                  observer: { progress.receive($0) })
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
