import Foundation
import KitchenRecording

/// Write-ahead with group commit: each connection thread prepares its record (redaction,
/// encoding, the secret check) on its own, then waits here until the record has been written
/// to the journal with `write(2)`. Whoever arrives while no write is in progress becomes the
/// leader and writes everything waiting in one call; records that arrive meanwhile go out in
/// the leader's next call. So a lone client pays one write per exchange, and many clients
/// share writes, with no journal thread to wake.
///
/// ```swift
/// let commits = GroupCommit(journal: journal)
/// try commits.commit(try journal.prepare(.entry(entry)))   // returns once written
/// ```
final class GroupCommit: @unchecked Sendable {
    // Unchecked: every stored property is read and written only while `condition` is locked.
    private let condition = NSCondition()
    private let journal: JournalWriter
    private var pending: [JournalWriter.PreparedRecord] = []
    /// The number of the batch `pending` will be written in.
    private var nextBatch = 0
    /// Batches numbered below this are written.
    private var writtenBatches = 0
    private var leaderActive = false
    /// The first failed batch and why; it and every later batch fail.
    private var failure: (batch: Int, error: RecordingError)?
    /// How many records have been written.
    private var written = 0

    init(journal: JournalWriter) {
        self.journal = journal
    }

    /// The error that stopped the journal, if one did.
    var failed: RecordingError? {
        condition.lock()
        defer { condition.unlock() }
        return failure?.error
    }

    /// Records written so far.
    var recordsWritten: Int {
        condition.lock()
        defer { condition.unlock() }
        return written
    }

    /// Returns once `record` is in the journal; throws when it could not be written (and then
    /// for every record after it).
    func commit(_ record: JournalWriter.PreparedRecord) throws(RecordingError) {
        condition.lock()
        defer { condition.unlock() }
        if let failure { throw failure.error }
        pending.append(record)
        let batch = nextBatch
        while writtenBatches <= batch {
            if leaderActive {
                condition.wait()
                continue
            }
            leaderActive = true
            while !pending.isEmpty, failure == nil {
                let records = pending, number = nextBatch
                pending = []
                nextBatch += 1
                condition.unlock()
                let result = Result { () throws(RecordingError) in try journal.write(records) }
                condition.lock()
                switch result {
                case .success: written += records.count
                case .failure(let error): failure = (number, error)
                }
                writtenBatches = number + 1
                condition.broadcast()
            }
            if failure != nil {
                // Nothing more will be written: release whoever still waits, pending records included.
                nextBatch += 1
                writtenBatches = nextBatch
                pending = []
            }
            leaderActive = false
            condition.broadcast()
        }
        if let failure, batch >= failure.batch { throw failure.error }
    }
}
