import Foundation
import HarnessCore
import KitchenRecording
import KitchenReport
import Testing
import KitchenTestSupport

/// The report rendered in a real browser (headless Chromium): the DOM after the page's script
/// ran has every entry and message, and every finding of a failing `kitchen verify` is marked;
/// screenshots are taken. Set KITCHEN_REPORT_SCREENSHOTS=DIR to keep them.
@Suite("The report in headless Chromium", .serialized, .timeLimit(.minutes(2)),
       .enabled(if: Chromium.executable != nil, Comment(rawValue: Chromium.skipReason)))
struct ChromiumReportTests {
    @Test("a committed recording: every entry and message is in the browser's DOM; the screenshot is a PNG")
    func committedRecording() async throws {
        let folder = try TemporaryFolder("chromium")
        defer { folder.remove() }
        let document = try HARFile.load(from: Repository.recording("oven-controls.har"))
        let page = folder.file("oven-controls.html")
        try Data(HTMLReport.render(document, name: "oven-controls.har").utf8).write(to: page)
        let dom = try await Chromium.dumpDOM(page)
        #expect(dom.contains("data-ready-ms="), "the page's script ran")
        let parsed = DOM(dom)
        #expect(parsed.entries == Set(document.log.entries.indices))
        let messages = document.log.entries.enumerated().flatMap { index, entry in
            (entry.webSocketMessages ?? []).indices.map { [index, $0] }
        }
        #expect(parsed.messages == Set(messages))
        #expect(parsed.withClass("close").first?.attributes["data-code"] == "1000")
        let png = folder.file("oven-controls.png")
        try await Chromium.screenshot(page, fragment: "entry-4", to: png)
        let size = try #require(try pngSize(png))
        #expect(size.width == 1400 && size.height == 900)
        try keep(png)
    }

    @Test("a failing verify: each finding of verify --format json is marked in the DOM on its entry or message, with its pointer; verify --html draws the same")
    func failingVerify() async throws {
        let folder = try TemporaryFolder("failing")
        defer { folder.remove() }
        let recordings = folder.file("Recordings")
        try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: true)
        let har = recordings.appendingPathComponent("oven-controls.har")
        var document = try HARFile.load(from: Repository.recording("oven-controls.har"))
        // The server now answers a string where the contract says boolean, in a response and in a message.
        try document.editResponseBody(ofEntry: 4) { $0.setting("isOn", to: "yes") }
        try document.editMessage(ofEntry: 2, message: 3) { message in
            message.setting("state", to: (message["state"] ?? .null).setting("isDoorOpen", to: "no"))
        }
        try HARFile.save(document, to: har)

        let outcome = await kitchen("verify", "--recordings", recordings.path, "--contracts", Repository.contracts.path,
                                    "--format", "json", "--html", folder.file("pages").path)
        #expect(outcome.status == .failure, "\(outcome.error)")
        let findings = try FindingsFile.parse(Array(outcome.out.utf8), path: "verify.json").filter { $0.isAbout(path: har.path) }
        #expect(findings.contains { $0.entry == 4 && $0.message == nil && $0.location.hasPrefix("/response/body") })
        #expect(findings.contains { $0.entry == 2 && $0.message == 3 })
        try Data(outcome.out.utf8).write(to: folder.file("verify.json"))

        let page = folder.file("report.html")
        let report = await kitchen("report", har.path, "--findings", folder.file("verify.json").path, "--out", page.path)
        #expect(report.status == .success, "\(report.error)")
        for candidate in [page, folder.file("pages/oven-controls.html")] {
            let dom = await DOM(try Chromium.dumpDOM(candidate))
            let marks = dom.findings
            #expect(marks.count == findings.count, "\(candidate.lastPathComponent)")
            for (index, finding) in findings.enumerated() {
                let mark = marks.first { $0.int("data-finding") == index }
                // On its entry (or the entry its location names, `(entry #N)`), or beside the axis when it has none.
                let entry = finding.entry ?? Int(finding.location.firstMatch(of: #/^\(entry #(\d+)\)/#)?.output.1 ?? "")
                #expect(mark?.int("data-entry") == entry, "finding \(index) \(finding.location)")
                #expect(mark?.classes.contains("recording-level") == (entry == nil))
                #expect(mark?.attributes["data-message"] == finding.message.map(String.init) ?? "")
                #expect(mark?.attributes["data-pointer"] == serializedAttribute(finding.location))
            }
            #expect(dom.withClass("finding-row").count == findings.count)
        }
        let png = folder.file("oven-controls-findings.png")
        try await Chromium.screenshot(page, fragment: "entry-4", to: png)
        #expect(try pngSize(png) != nil)
        try keep(png)
    }

    @Test("10,000 entries and 5,000 messages load in Chromium (time logged, not asserted: speed targets live in make bench)")
    func largeRecordingLoads() async throws {
        let folder = try TemporaryFolder("large")
        defer { folder.remove() }
        let page = folder.file("large.html")
        try Data(HTMLReport.render(try LargeRecording.make(entries: 10_000, messages: 5_000), name: "large.har").utf8).write(to: page)
        let dom = try await Chromium.dumpDOM(page)
        #expect(dom.components(separatedBy: #"<g class="entry "#).count - 1 == 10_001)
        let times = ["data-first-paint-ms", "data-ready-ms", "data-loaded-ms"].map { name in
            "\(name)=\(dom.firstMatch(of: try! Regex("\(name)=\"([0-9]+)\""))?.output[1].substring ?? "?")"
        }
        print("kitchen report in Chromium, 10,000 entries + 5,000 messages: \(times.joined(separator: " ")) "
            + "(first paint; timeline drawn and script ready; whole page with every detail loaded)")
        let png = folder.file("large.png")
        try await Chromium.screenshot(page, to: png)
        #expect(try pngSize(png) != nil)
        try keep(png)
    }

    /// Copies `png` to KITCHEN_REPORT_SCREENSHOTS, when set.
    private func keep(_ png: URL) throws {
        guard let folder = ProcessInfo.processInfo.environment["KITCHEN_REPORT_SCREENSHOTS"], !folder.isEmpty else { return }
        let target = URL(fileURLWithPath: folder).appendingPathComponent(png.lastPathComponent)
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(at: png, to: target)
    }
}

/// How an attribute value reads back from Chromium's DOM dump: `&`, `"`, `<` and `>` as references.
func serializedAttribute(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
        .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
}
