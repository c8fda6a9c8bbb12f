import Foundation
import KitchenRecording
import KitchenReport
import KitchenReproduce

/// `kitchen reproduce FILE`: feeds a recording into the app's controllers on virtual time
/// and prints their timeline.
enum ReproduceCommand: KitchenCommand {
    static let format = Option<OutputFormat>("format", default: .text, allowed: [.text, .json],
                                             help: "The timeline as lines, or as JSON.")
    /// The old spelling of `--format json`, still accepted.
    static let json = Flag("json", help: "Print the timeline as JSON (same as --format json).", hidden: true)
    static let html = Option<String?>("html", "FILE",
                                      help: "Also write the recording and the controllers' timeline, on one axis, as an HTML page.")

    static let spec = CommandSpec(
        name: "reproduce",
        summary: "Feed a recording into the app's controllers on virtual time and print their timeline.",
        options: [format, json, html],
        positionals: [.init(name: "FILE", help: "The HAR of the session to reproduce.")],
        discussion: """
            The recorded HTTP answers and WebSocket timeline drive DeviceViewModel (login, device list, live \
            updates, the user's recorded commands at their recorded instants, reconnects with the app's own \
            policy). Each line is a virtual instant since the recording began and what the controllers did: \
            messages received, states applied, commands, errors, door alerts, completed cycles, \
            re-authentication. The same recording always prints the same timeline.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> CLI.ExitStatus {
        let file = arguments.positionals[0]
        let recording = try HARFile.load(from: URL(fileURLWithPath: file))
        let name = URL(fileURLWithPath: file).lastPathComponent
        let timeline = try runBlocking { @MainActor () async throws -> ReproductionTimeline in
            try await Reproduction.run(recording: recording, name: name)
        }.get()
        if let page = arguments[Self.html] {
            try ReportFiles.write(HTMLReport.render(recording, name: name, lanes: [ReportLane(timeline)]), to: URL(fileURLWithPath: page))
        }
        console.out(arguments[Self.json] || arguments[Self.format] == .json ? timeline.json : timeline.text)
        return .success
    }
}
