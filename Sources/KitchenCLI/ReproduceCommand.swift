import Foundation
import KitchenRecording
import KitchenReport
import KitchenReproduce

/// `kitchen reproduce FILE`: feeds a recording into the app's controllers on virtual time
/// and prints their timeline.
enum ReproduceCommand: KitchenCommand {
    static let spec = CommandSpec(
        name: "reproduce",
        summary: "Feed a recording into the app's controllers on virtual time and print their timeline.",
        options: [
            .init(name: "json", valueName: nil, help: "Print the timeline as JSON."),
            .init(name: "html", valueName: "FILE",
                  help: "Also write the recording and the controllers' timeline, on one axis, as an HTML page."),
        ],
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
        if let page = arguments.value("html") {
            try ReportFiles.write(HTMLReport.render(recording, name: name, lanes: [ReportLane(timeline)]), to: URL(fileURLWithPath: page))
        }
        console.out(arguments.flag("json") ? timeline.json : timeline.text)
        return .success
    }
}
