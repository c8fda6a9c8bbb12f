import Foundation
import KitchenRecording
import KitchenReplay

/// How long the replay server takes to start (load, index, listen) on a 1,000-entry recording.
enum ReplayStartBenchmark {
    static func run(root: URL) {
        // 1,000 entries: the committed scenarios' exchanges, repeated.
        let source = try! HARFile.load(from: root.appendingPathComponent("Recordings/error-statuses.har"))
        var document = source
        document.log.entries = (0..<1000).map { source.log.entries[$0 % source.log.entries.count] }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("replay-1000-\(UUID().uuidString).har")
        try! HARFile.save(document, to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var timings: [Double] = []
        for _ in 0..<7 {
            let start = ContinuousClock.now
            let server = try! ReplayServer(recording: file, port: 0)
            try! server.start()
            timings.append(Double((ContinuousClock.now - start) / .microseconds(1)) / 1000)
            server.stop()
        }
        let median = timings.sorted()[timings.count / 2]
        print("replay-start-1000-entries \(String(format: "%.1f", median)) ms (median of 7; \(timings.map { String(format: "%.1f", $0) }.joined(separator: ", ")))")
    }
}
