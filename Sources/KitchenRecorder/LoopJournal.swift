import HTTPWire
import KitchenRecording

/// The records one event loop made during its current turn, written to the journal together
/// with one `write(2)` when the turn's sockets have all been served, and only then answered:
/// each record's `then` runs on the loop once its line is in the file (write-ahead), with no
/// other thread between the exchange and its record.
///
/// Lines from different loops cannot interleave: ``JournalWriter/write(_:)`` numbers a batch and
/// writes it whole under the writer's lock, to a file opened `O_APPEND`.
///
/// ```swift
/// let batch = loop.local(key) { LoopJournal(loop: loop, journal: journal, failed: report) }
/// batch.add(try journal.prepare(event)) { outcome in … }   // on the loop
/// ```
final class LoopJournal: @unchecked Sendable {
    // Unchecked: touched on `loop`'s thread only, and by `flush()` once that thread has
    // ended.

    /// A record waiting for the turn's write, or one already settled (refused), with who hears it.
    private struct Waiting {
        let settled: ExchangeRecorder.Outcome?
        let redacted: Bool
        let done: (ExchangeRecorder.Outcome) -> Void
    }

    private let loop: EventLoop
    private let journal: JournalWriter
    /// Told of a failed write (the recorder reports the journal's first failure once).
    private let failed: @Sendable (RecordingError) -> Void
    private var records: [JournalWriter.PreparedRecord] = []
    private var waiting: [Waiting] = []
    private var flushScheduled = false

    init(loop: EventLoop, journal: JournalWriter, failed: @escaping @Sendable (RecordingError) -> Void) {
        self.loop = loop
        self.journal = journal
        self.failed = failed
    }

    /// Adds a prepared record to this turn's write; `done` hears its outcome once written.
    func add(_ record: JournalWriter.PreparedRecord, then done: @escaping (ExchangeRecorder.Outcome) -> Void) {
        records.append(record)
        waiting.append(Waiting(settled: nil, redacted: record.redacted, done: done))
        scheduleFlush()
    }

    /// Queues the outcome of a record that will not be written (refused), so that it is heard in
    /// order with the turn's others, never before the caller has returned.
    func add(settled outcome: ExchangeRecorder.Outcome, then done: @escaping (ExchangeRecorder.Outcome) -> Void) {
        waiting.append(Waiting(settled: outcome, redacted: false, done: done))
        scheduleFlush()
    }

    private func scheduleFlush() {
        guard !flushScheduled else { return }
        flushScheduled = true
        // Work handed over from the loop's own thread runs after this turn's sockets. A loop
        // that is stopping takes no more work: `flush()`, called after it stops, writes what is left.
        if !loop.execute({ [self] in flush() }) { flushScheduled = false }
    }

    /// Writes the turn's records with one `write(2)`, then tells each who waits for it. Run on the
    /// loop after its turn; once the loop's thread has ended, called for its last turn (whose
    /// scheduled flush was dropped with the loop's work).
    func flush() {
        flushScheduled = false
        let records = self.records, waiting = self.waiting
        self.records = []
        self.waiting = []
        var failure: RecordingError?
        if !records.isEmpty {
            do throws(RecordingError) { _ = try journal.write(records) } catch {
                failure = error
                failed(error)
            }
        }
        for record in waiting {
            record.done(record.settled ?? failure.map(ExchangeRecorder.Outcome.failed) ?? .recorded(redacted: record.redacted))
        }
    }
}
