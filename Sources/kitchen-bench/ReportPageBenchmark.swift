import Foundation
import HarnessCore
import KitchenRecording
import KitchenReport

/// `kitchen report` on a 10,000-entry recording (the committed oven session's exchanges spread
/// over ten minutes, and one connection of 5,000 messages): how long rendering takes, and the
/// page, written to the path given, for Benchmarks/run.sh to open in headless Chromium.
enum ReportPageBenchmark {
    static func run(root: URL, page: URL) {
        let path = root.appendingPathComponent("Recordings/oven-controls.har")
        guard let source = try? HARFile.load(from: path), var connection = source.log.entries.first(where: \.isWebSocket),
              let recorded = connection.webSocketMessages, !recorded.isEmpty,
              let start = Timestamp.milliseconds(from: connection.startedDateTime) else {
            fail("report-page: cannot read a WebSocket session from \(path.path)", status: 2)
        }
        let exchanges = source.log.entries.filter { !$0.isWebSocket }
        var document = source
        var at = start
        document.log.entries = (0..<10_000).map { index in
            var entry = exchanges[index % exchanges.count]
            at += Int64(5 + index * 7919 % 115)
            entry.startedDateTime = Timestamp.format(milliseconds: at)
            entry.time = Double(1 + index * 31 % 400)
            return entry
        }
        var messageTime = start
        connection.webSocketMessages = (0..<5_000).map { index in
            var message = recorded[index % recorded.count]
            messageTime += Int64(10 + index * 104_729 % 240)
            message.time = Double(messageTime) / 1000
            if index % 7 == 0 { message.type = .send }
            return message
        }
        document.log.entries.insert(connection, at: 1)
        let started = ContinuousClock.now
        let html = HTMLReport.render(document, name: "10000-entries.har")
        let elapsed = (ContinuousClock.now - started) / .milliseconds(1)
        do {
            try Data(html.utf8).write(to: page)
        } catch {
            fail("report-page: cannot write \(page.path): \(error.localizedDescription)", status: 2)
        }
        print("report-render-10000-entries \(String(format: "%.0f", elapsed)) ms (\(html.utf8.count / 1_048_576) MiB page)")
    }
}
