import Dispatch
import HarnessCore
import KitchenRecording

/// Write-ahead with group commit: each connection thread prepares its record (redaction,
/// encoding, the secret check) on its own, then waits here until the record has been written
/// to the journal with `write(2)`. Whoever arrives while no write is in progress becomes the
/// leader and writes everything waiting in one call; records that arrive meanwhile go out in
/// the leader's next call, and only their own threads are woken when it is done. So a lone
/// client pays one write per exchange, and many clients share writes, with no journal thread.
///
/// ```swift
/// let commits = GroupCommit(journal: journal)
/// try commits.commit(try journal.prepare(.entry(entry)))   // returns once written
/// ```
final class GroupCommit: Sendable {
    /// A thread waiting for the leader to write its record, and what became of it.
    private final class Waiter: @unchecked Sendable {
        // Unchecked: `failure` is set by the leader before it signals, and read by the waiter
        // only after the signal; the semaphore orders the two.
        let written = DispatchSemaphore(value: 0)
        var failure: RecordingError?
    }

    private struct State {
        var pending: [JournalWriter.PreparedRecord] = []
        /// The threads whose records are in `pending` (the leader's own is not).
        var waiters: [Waiter] = []
        var leaderActive = false
        /// Why the journal stopped; every record from then on fails.
        var failure: RecordingError?
        var written = 0
    }

    private let journal: JournalWriter
    private let state = SleepingMutex(State())

    init(journal: JournalWriter) {
        self.journal = journal
    }

    /// The error that stopped the journal, if one did.
    var failed: RecordingError? { state.withLock { $0.failure } }

    /// Records written so far.
    var recordsWritten: Int { state.withLock { $0.written } }

    /// Returns once `record` is in the journal; throws when it could not be written (and then
    /// for every record after it).
    func commit(_ record: JournalWriter.PreparedRecord) throws(RecordingError) {
        try commit([record])
    }

    /// Returns once `records` are in the journal, in order (written with other callers' records
    /// in as few writes as the leader can gather); throws when they could not be written.
    func commit(_ records: [JournalWriter.PreparedRecord]) throws(RecordingError) {
        guard !records.isEmpty else { return }
        enum Role { case leader, follower(Waiter), failed(RecordingError) }
        let role = state.withLock { state -> Role in
            if let failure = state.failure { return .failed(failure) }
            state.pending.append(contentsOf: records)
            guard !state.leaderActive else {
                let waiter = Waiter()
                state.waiters.append(waiter)
                return .follower(waiter)
            }
            state.leaderActive = true
            return .leader
        }
        switch role {
        case .failed(let error):
            throw error
        case .follower(let waiter):
            waiter.written.wait()
            if let failure = waiter.failure { throw failure }
        case .leader:
            if let failure = lead() { throw failure }
        }
    }

    /// Writes batches until nothing is pending; returns the failure of the leader's own batch.
    private func lead() -> RecordingError? {
        var ownOutcome: RecordingError??
        while true {
            let (records, waiters) = state.withLock { state -> ([JournalWriter.PreparedRecord], [Waiter]) in
                guard !state.pending.isEmpty else {
                    state.leaderActive = false
                    return ([], [])
                }
                defer { state.pending = []; state.waiters = [] }
                return (state.pending, state.waiters)
            }
            if records.isEmpty { return ownOutcome ?? nil }
            let failure: RecordingError?
            do throws(RecordingError) {
                _ = try journal.write(records)
                failure = nil
            } catch {
                failure = error
            }
            state.withLock { state in
                if let failure, state.failure == nil { state.failure = failure }
                if failure == nil { state.written += records.count }
            }
            if ownOutcome == nil { ownOutcome = .some(failure) }
            for waiter in waiters {
                waiter.failure = failure
                waiter.written.signal()
            }
        }
    }
}
