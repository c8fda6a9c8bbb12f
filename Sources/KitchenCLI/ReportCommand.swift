import Foundation
import KitchenRecording
import KitchenReport

/// `kitchen report FILE.har --out report.html`: the recording as one self-contained HTML
/// timeline, with the findings of `kitchen verify --format json` marked on it.
enum ReportCommand: KitchenCommand {
    static let out = Option<String?>("out", short: "o", "FILE", help: "The HTML file to write.", requirement: .required)
    static let findings = Option<String?>("findings", "FILE",
                                          help: "The output of 'kitchen verify --format json': mark its findings about this recording.")

    static let spec = CommandSpec(
        name: "report",
        summary: "Write a recording's timeline as one self-contained HTML page.",
        options: [out, findings],
        positionals: [.init(name: "FILE", help: "The HAR to show.")],
        discussion: """
            One horizontal time axis: each HTTP exchange a bar (method, path, status, coloured by status class, \
            as long as it took), each WebSocket connection a lane of message ticks (sent above, received below) \
            ending in its close code and the side that closed. Click a mark for its headers and body, as recorded \
            (secrets stay aliased); Ctrl + wheel zooms. The page has no external resources, so it opens from a CI \
            artifact. With --findings, every violation about this recording is marked on its entry or message, \
            with the JSON pointer, expected and found.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> CLI.ExitStatus {
        let file = arguments.positionals[0]
        guard let out = arguments[Self.out] else { throw UsageError("--out is required") }
        let recording = try HARFile.load(from: URL(fileURLWithPath: file))
        var findings: [Finding] = [], elsewhere = 0
        if let path = arguments[Self.findings] {
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                console.error("kitchen report: cannot read \(path): \(error.localizedDescription)\n")
                return .error
            }
            let all = try FindingsFile.parse(Array(data), path: path)
            findings = all.filter { $0.isAbout(path: file) }
            elsewhere = all.count - findings.count
        }
        let html = HTMLReport.render(recording, name: URL(fileURLWithPath: file).lastPathComponent, findings: findings,
                                     elsewhere: elsewhere)
        try ReportFiles.write(html, to: URL(fileURLWithPath: out))
        console.out("Wrote \(out): \(recording.log.entries.count) entries"
            + (arguments[Self.findings] == nil ? "" : ", \(findings.count) finding(s) marked (\(elsewhere) about other recordings)") + "\n")
        return .success
    }
}

/// Writing report pages.
enum ReportFiles {
    /// Writes `html` to `url` atomically, creating its folder.
    static func write(_ html: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(html.utf8).write(to: url, options: .atomic)
    }
}
