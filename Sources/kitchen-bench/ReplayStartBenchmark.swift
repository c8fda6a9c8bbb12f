import Foundation
import KitchenRecording
import KitchenReplay
import KitchenReproduce

/// How long the replay server takes to start (load, index, listen) on a 1,000-entry recording.
enum ReplayStartBenchmark {
    static func run(root: URL) {
        // 1,000 entries: the committed scenarios' exchanges, repeated. The 413 cases carry bodies
        // over the API's 64 KiB limit on purpose; a session's ordinary traffic does not, so they
        // are left out and the file's size is printed with the result.
        let folder = root.appendingPathComponent("Recordings")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".har") }).sorted(),
              let first = names.first, var document = try? HARFile.load(from: folder.appendingPathComponent(first)) else {
            print("replay-start: cannot read the committed recordings under \(folder.path)")
            return
        }
        let pool = names.compactMap { try? HARFile.load(from: folder.appendingPathComponent($0)) }
            .flatMap(\.log.entries).filter { $0.request.bodySize <= 64 << 10 }
        document.log.entries = (0..<1000).map { pool[$0 % pool.count] }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("replay-1000-\(UUID().uuidString).har")
        guard (try? HARFile.save(document, to: file)) != nil else { return }
        defer { try? FileManager.default.removeItem(at: file) }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        var timings: [Double] = []
        for _ in 0..<7 {
            let start = ContinuousClock.now
            guard let server = try? ReplayServer(engine: ReplayMatching.kitchen.engine(HARFile.load(from: file)), port: 0), (try? server.start()) != nil else { return }
            timings.append((ContinuousClock.now - start) / .milliseconds(1))
            server.stop()
        }
        let median = timings.sorted()[timings.count / 2]
        print("replay-start-1000-entries \(String(format: "%.1f", median)) ms (median of 7; \(timings.map { String(format: "%.1f", $0) }.joined(separator: ", ")); file \(bytes / 1024) KiB)")
    }
}
