import Foundation
import HarnessCore
import KitchenRecording
import KitchenReport
import Testing
import KitchenTestSupport

/// `kitchen report`, `verify --html` and `reproduce --html` through the CLI, in-process.
@Suite("kitchen report and the --html options", .timeLimit(.minutes(2)))
struct ReportCommandTests {
    @Test("kitchen report writes the page and says what it marked; findings about other recordings are counted, not shown")
    func reportWithFindings() async throws {
        let folder = try TemporaryFolder("command")
        defer { folder.remove() }
        let findings = #"{"findings": [{"check": "contract", "file": "oven-controls.har", "entry": 4, "location": "/response/body/isOn", "expected": "boolean", "actual": "\"yes\""}, {"check": "contract", "file": "fridge-door.har", "entry": 1, "location": "/x", "expected": "a", "actual": "b"}]}"#
        try Data(findings.utf8).write(to: folder.file("verify.json"))
        let page = folder.file("out/report.html")
        let outcome = await kitchen("report", Repository.recording("oven-controls.har").path, "--findings", folder.file("verify.json").path,
                                    "--out", page.path)
        #expect(outcome.status == .success, "\(outcome.error)")
        #expect(outcome.out == "Wrote \(page.path): 24 entries, 1 finding(s) marked (1 about other recordings)\n")
        let dom = DOM(try String(contentsOf: page, encoding: .utf8))
        #expect(dom.findings.map { $0.attributes["data-pointer"] } == ["/response/body/isOn"])
        #expect(dom.entries.count == 24)
    }

    @Test("kitchen report --help and reproduce --help print exactly the documented usage")
    func help() async {
        let report = await kitchen("report", "--help")
        #expect(report.status == .success)
        #expect(report.out == """
            usage: kitchen report FILE --out FILE [--findings FILE]

            Write a recording's timeline as one self-contained HTML page.

            One horizontal time axis: each HTTP exchange a bar (method, path, status, coloured by status class, as long as it took), \
            each WebSocket connection a lane of message ticks (sent above, received below) ending in its close code and the side \
            that closed. Click a mark for its headers and body, as recorded (secrets stay aliased); Ctrl + wheel zooms. The page \
            has no external resources, so it opens from a CI artifact. With --findings, every violation about this recording is \
            marked on its entry or message, with the JSON pointer, expected and found.

              FILE             The HAR to show.
              -o, --out FILE   The HTML file to write. Required.
              --findings FILE  The output of 'kitchen verify --format json': mark its findings about this recording.
              -h, --help       Show this help.

            """)
        let reproduce = await kitchen("reproduce", "--help")
        #expect(reproduce.out.hasPrefix("usage: kitchen reproduce FILE [--format text|json] [--html FILE]\n"))
        #expect(reproduce.out.contains("\n  --html FILE         Also write the recording and the controllers' timeline, on one axis, as an HTML page.\n"))
    }

    @Test("misuse: --out is required (exit 64); a findings file that is not verify's report is exit 2 with the reason")
    func misuse() async throws {
        let missing = await kitchen("report", Repository.recording("oven-controls.har").path)
        #expect(missing.status == .usage)
        #expect(missing.error.hasPrefix("kitchen report: --out is required\n\nusage: kitchen report FILE --out FILE [--findings FILE]"))
        let folder = try TemporaryFolder("misuse")
        defer { folder.remove() }
        try Data("[]".utf8).write(to: folder.file("bad.json"))
        let bad = await kitchen("report", Repository.recording("oven-controls.har").path, "--findings", folder.file("bad.json").path,
                                "--out", folder.file("r.html").path)
        #expect(bad.status == .error)
        #expect(bad.error.contains("is not a `kitchen verify --format json` report: the top level is not an object"), "\(bad.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("r.html").path))
    }

    @Test("verify --html: a page per failing recording with its findings; an unreadable one gets a note, not a page; the verdict stays exit 1")
    func verifyPages() async throws {
        let folder = try TemporaryFolder("verify-html")
        defer { folder.remove() }
        let recordings = folder.file("Recordings")
        try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: true)
        var document = try HARFile.load(from: Repository.recording("fridge-door.har"))
        let index = try #require(document.log.entries.firstIndex { $0.request.urlPath.hasSuffix("/fridge") && !$0.isWebSocket })
        try document.editResponseBody(ofEntry: index) { $0.setting("targetTemperature", to: "cold") }
        try HARFile.save(document, to: recordings.appendingPathComponent("fridge-door.har"))
        try FileManager.default.copyItem(at: Repository.recording("login-and-discovery.har"),
                                         to: recordings.appendingPathComponent("login-and-discovery.har"))
        try Data("{\"log\": 5".utf8).write(to: recordings.appendingPathComponent("broken.har"))

        let outcome = await kitchen("verify", "--recordings", recordings.path, "--contracts", Repository.contracts.path,
                                    "--format", "json", "--html", folder.file("pages").path)
        #expect(outcome.status == .failure, "\(outcome.error)")
        #expect(outcome.error.contains("kitchen verify: no HTML report for broken.har: "), "\(outcome.error)")
        #expect(outcome.error.hasSuffix("kitchen verify: wrote 1 HTML report(s) to \(folder.file("pages").path)\n"), "\(outcome.error)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.file("pages").path)
        #expect(pages == ["fridge-door.html"])
        let findings = try FindingsFile.parse(Array(outcome.out.utf8), path: "verify.json").filter { $0.file == "fridge-door.har" }
        let dom = DOM(try String(contentsOf: folder.file("pages/fridge-door.html"), encoding: .utf8))
        #expect(!findings.isEmpty && dom.findings.count == findings.count)
        #expect(dom.findings.contains { $0.int("data-entry") == index && $0.attributes["data-pointer"] == "/response/body/targetTemperature" })
    }

    @Test("reproduce --html puts the controllers' events in a lane of their own, one mark per timeline line")
    func reproduceLane() async throws {
        let folder = try TemporaryFolder("reproduce")
        defer { folder.remove() }
        let recording = Repository.recording("bugs/duplicate-cycle-complete-after-reconnect.har")
        let outcome = await kitchen("reproduce", recording.path, "--html", folder.file("bug.html").path)
        #expect(outcome.status == .success, "\(outcome.error)")
        let lines = outcome.out.split(separator: "\n").filter { $0.hasPrefix("  +") }
        let html = try String(contentsOf: folder.file("bug.html"), encoding: .utf8)
        let items = DOM(html).withClass("item")
        #expect(!items.isEmpty && items.count == lines.count)
        let alerts = lines.filter { $0.contains("cycle completed") || $0.contains("door alert") || $0.contains("bin full") }
        #expect(!alerts.isEmpty && items.filter { $0.classes.contains("kind-alert") }.count == alerts.count)
        #expect(html.contains("app (controllers)"))
        #expect(DOM(html).entries.count == 11)
    }
}
