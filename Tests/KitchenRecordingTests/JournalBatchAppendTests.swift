import Foundation
import Testing
@testable import KitchenRecording

/// The recorder's event loops each write their turn's records as one batch, concurrently with
/// the other loops. A batch is numbered and written with one `write(2)` under the writer's lock,
/// to a file opened `O_APPEND`; the lock (not `O_APPEND`, whose atomicity POSIX promises only up
/// to `PIPE_BUF` for pipes and not at all for a short write to a file) is what keeps batches
/// whole. These batches are far past `PIPE_BUF`: 64 KiB each.
@Suite("Journal batches from many loops")
struct JournalBatchAppendTests {
    static let writers = 4
    static let batchesEach = 16
    static let recordsPerBatch = 4
    static let partBytes = 16 * 1024

    @Test("4 writers appending 16 batches of 4 records of 16 KiB each: every batch whole, in seq order")
    func concurrentBatchesStayWhole() throws {
        try withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("loops.journal")
            let writer = try JournalWriter(url: url, creator: Fixture.creator, startedAt: Fixture.start,
                                           redactor: Redactor(policy: .kitchen), durability: .none)
            let payload = [UInt8](repeating: UInt8(ascii: "x"), count: Self.partBytes)
            DispatchQueue.concurrentPerform(iterations: Self.writers) { loop in
                for batch in 0..<Self.batchesEach {
                    let records = (0..<Self.recordsPerBatch).compactMap { index in
                        try? writer.prepare(.bodyPart(id: "l\(loop)-b\(batch)-\(index)", data: payload))
                    }
                    _ = try? writer.write(records)
                }
            }
            try writer.close()

            let contents = try JournalReader.read(from: url)
            let total = Self.writers * Self.batchesEach * Self.recordsPerBatch
            #expect(contents.truncatedTail == nil)
            #expect(contents.lines.map(\.record.seq) == Array(1...UInt64(total + 1)))
            let ids = contents.lines.dropFirst().compactMap { line -> String? in
                guard case .bodyPart(let id, let data) = line.record.event, data == payload else { return nil }
                return id
            }
            #expect(ids.count == total)
            // Each batch's records are consecutive lines, in the order they were handed over.
            for start in stride(from: 0, to: ids.count, by: Self.recordsPerBatch) {
                let batch = ids[start..<start + Self.recordsPerBatch]
                let prefix = batch.first.map { String($0.prefix { $0 != "-" }) + "-" + String($0.split(separator: "-")[1]) } ?? ""
                #expect(batch.map { $0 } == (0..<Self.recordsPerBatch).map { "\(prefix)-\($0)" }, "lines \(start + 2)…")
            }
        }
    }
}
