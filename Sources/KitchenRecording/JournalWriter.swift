import Foundation
import HarnessCore
import Synchronization

/// Appends a recording, event by event, to a JSON Lines journal that survives a crash.
///
/// Each event is redacted and scanned for secrets first (nothing unredacted is ever
/// written), then written as one line with a single `write` to a file opened `O_APPEND`,
/// under a `Mutex`, so lines from many connections never interleave and a killed process
/// loses at most the line being written. ``Journal/finalize(journal:to:scanner:)`` turns the
/// journal into a HAR; ``Journal/recover(from:)`` does the same after a crash.
///
/// ```swift
/// let journal = try JournalWriter(url: journalURL, creator: creator, startedAt: .now, redactor: redactor)
/// try journal.append(.entry(entry))
/// try journal.append(.websocketMessage(id: "ws-1", message: frame))
/// try journal.close()
/// try Journal.finalize(journal: journalURL, to: harURL, scanner: redactor.scanner())
/// ```
public final class JournalWriter: Sendable {
    /// When written records are forced to the device.
    public enum Durability: Sendable, Hashable {
        /// `fdatasync` after every record: survives power loss, slowest.
        case everyRecord
        /// `fdatasync` at most once per interval, when a record is appended after it has
        /// passed, and at ``JournalWriter/close()``. Every record is still written at once, so
        /// a killed process loses nothing; a power cut may lose the last interval.
        case interval(Duration)
        /// Never forced; the kernel writes back when it likes. For tests and throwaway runs.
        case none
    }

    /// Counters since the journal was opened.
    public struct Statistics: Sendable, Hashable {
        /// Records written, the session record included.
        public var records = 0
        /// Bytes written.
        public var bytes = 0
        /// `fdatasync` calls made.
        public var syncs = 0
    }

    /// The default: a sync at most every 50 ms.
    public static let defaultDurability = Durability.interval(.milliseconds(50))

    /// The journal file.
    public let url: URL
    /// When records are forced to the device.
    public let durability: Durability
    /// Redacts every record before it is written.
    public let redactor: Redactor
    private let elapsed: @Sendable () -> Duration
    private let state: Mutex<State>
    /// `url.path`, worked out once: every record's secret check names it.
    private let pathText: String

    private struct State {
        var descriptor: Int32?
        var nextSeq: UInt64 = 1
        var lastSync: Duration = .zero
        var hasUnsyncedRecords = false
        var statistics = Statistics()
    }

    /// Creates the journal at `url` and writes its session record. Refuses any file already
    /// there (an earlier session's journal must be recovered first) and a symbolic link planted
    /// in its place. `clock` paces ``Durability/interval(_:)``.
    public init(
        url: URL, creator: HAR.Creator, startedAt: Date, redactor: Redactor,
        durability: Durability = JournalWriter.defaultDurability, clock: some Clock<Duration> = ContinuousClock()
    ) throws(RecordingError) {
        self.url = url
        self.pathText = url.path
        self.durability = durability
        self.redactor = redactor
        let origin = clock.now
        self.elapsed = { origin.duration(to: clock.now) }
        let descriptor: Int32
        do throws(POSIXFile.Failure) {
            descriptor = try POSIXFile.createExclusively(url.path)
        } catch {
            if error.code == EEXIST { throw .journalExists(path: url.path) }
            if error.code == ELOOP { throw .unwritableFile(path: url.path, reason: "it is a symbolic link; refusing to follow it") }
            throw .unwritableFile(path: url.path, reason: error.message)
        }
        state = Mutex(State(descriptor: descriptor))
        try append(.session(creator: creator, startedDateTime: Timestamp.format(startedAt)))
        try flush()
    }

    deinit {
        // A writer dropped without close() still honours its durability for what it wrote.
        state.withLock { state in
            guard let descriptor = state.descriptor else { return }
            if state.hasUnsyncedRecords && durability != .none { try? POSIXFile.syncData(descriptor) }
            try? POSIXFile.close(descriptor)
        }
    }

    /// Counters since the journal was opened.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// An event redacted, checked for secrets and encoded: ready to be written, by any thread.
    public struct PreparedRecord: Sendable {
        let body: [UInt8]
        /// Whether redaction replaced anything in the event (a secret aliased).
        public let redacted: Bool
    }

    /// Redacts `event`, checks it for secrets, and appends it; returns its `seq`.
    @discardableResult
    public func append(_ event: JournalEvent) throws(RecordingError) -> UInt64 {
        try write([try prepare(event)])[0]
    }

    /// Does everything but the write: redaction, the record's JSON, the secret check. Callers
    /// that batch records (the recorder's event loops, a turn's records at a time) prepare each
    /// on their own thread and hand the batch to ``write(_:)``.
    public func prepare(_ event: JournalEvent) throws(RecordingError) -> PreparedRecord {
        let redacted = try redact(event)
        return PreparedRecord(body: try encode(redacted: redacted), redacted: redacted != event)
    }

    /// Writes prepared records in order with one `write(2)`; returns their `seq`s. After a
    /// failed write (a full disk, an I/O error) or when the file has been removed, the journal
    /// is closed and this and every later call throw.
    public func write(_ records: [PreparedRecord]) throws(RecordingError) -> [UInt64] {
        try write(records.map(\.body))
    }

    /// Appends `events` in order with one `write`: each is redacted and checked first, and one
    /// that fails that (e.g. a body that cannot be redacted) is left out and reported in its
    /// slot, never written. Returns each event's `seq` or its error.
    public func append(contentsOf events: [JournalEvent]) throws(RecordingError) -> [Result<UInt64, RecordingError>] {
        var results: [Result<UInt64, RecordingError>] = []
        var bodies: [[UInt8]] = []
        var slots: [Int] = []
        for event in events {
            do throws(RecordingError) {
                bodies.append(try prepare(event).body)
                slots.append(results.count)
                results.append(.success(0))
            } catch {
                results.append(.failure(error))
            }
        }
        for (slot, seq) in zip(slots, try write(bodies)) { results[slot] = .success(seq) }
        return results
    }

    /// The record's JSON and the secret check of an event already redacted.
    private func encode(redacted: JournalEvent) throws(RecordingError) -> [UInt8] {
        let bytes = redacted.jsonBytes()
        let scanner = redactor.scanner()
        // Named only when a check fails: most records pass, and the name is a new string.
        let typeName = redacted.typeName
        let location = { "\(self.pathText): \(typeName) record" }
        // The tree is read back only to name where a leak is, once the bytes show one. Our own
        // bytes always parse; were they not to, the leak is still refused, by line and column.
        try scanner.check(serialized: bytes, of: (try? JSONParser.parse(bytes)) ?? .null, location: location())
        try scanner.checkBinaryParts(of: redacted, location: location())
        // A streamed body's part is redacted by its StreamingBodyRedactor; this is the last look.
        if case .bodyPart(_, let data) = redacted { try scanner.check(bytes: data, location: location()) }
        return bytes
    }

    /// Numbers and writes encoded record bodies as lines, in one `write`.
    private func write(_ bodies: [[UInt8]]) throws(RecordingError) -> [UInt64] {
        guard !bodies.isEmpty else { return [] }
        return try state.withLock { (state) throws(RecordingError) -> [UInt64] in
            guard let descriptor = state.descriptor else { throw .journalClosed(path: url.path) }
            var lines: [UInt8] = []
            lines.reserveCapacity(bodies.reduce(0) { $0 + $1.count + 24 })
            var seqs: [UInt64] = []
            seqs.reserveCapacity(bodies.count)
            for body in bodies {
                let seq = state.nextSeq + UInt64(seqs.count)
                seqs.append(seq)
                JournalRecord.appendLine(seq: seq, body: body, to: &lines)
            }
            do throws(POSIXFile.Failure) {
                try POSIXFile.writeAll(descriptor, lines)
                state.nextSeq += UInt64(bodies.count)
                state.statistics.records += bodies.count
                state.statistics.bytes += lines.count
                state.hasUnsyncedRecords = true
                try syncIfDue(&state, descriptor: descriptor)
                // Writes to a removed file succeed and go nowhere anyone can read.
                if try POSIXFile.isUnlinked(descriptor) {
                    throw POSIXFile.Failure(operation: "write (the journal file was removed while recording)", code: ENOENT)
                }
            } catch {
                // A failed write may have left part of a line; appending more would bury it mid-file.
                try? POSIXFile.close(descriptor)
                state.descriptor = nil
                throw .unwritableFile(path: url.path, reason: error.message)
            }
            return seqs
        }
    }

    private func redact(_ event: JournalEvent) throws(RecordingError) -> JournalEvent {
        switch event {
        case .session: event
        case .entry(let entry): .entry(try redactor.redact(entry))
        case .websocketOpen(let id, let entry): .websocketOpen(id: id, entry: try redactor.redact(entry))
        case .websocketMessage(let id, let message): .websocketMessage(id: id, message: try redactor.redact(message: message))
        case .websocketClose(let id, let close): .websocketClose(id: id, close: redactor.redact(close: close))
        case .bodyPart: event
        case .streamedEntry(let entry, let request, let response):
            .streamedEntry(try redactor.redact(entry), requestBody: request, responseBody: response)
        }
    }

    private func syncIfDue(_ state: inout State, descriptor: Int32) throws(POSIXFile.Failure) {
        switch durability {
        case .everyRecord:
            try sync(&state, descriptor: descriptor)
        case .interval(let interval):
            let now = elapsed()
            if now - state.lastSync >= interval { try sync(&state, descriptor: descriptor, at: now) }
        case .none:
            break
        }
    }

    private func sync(_ state: inout State, descriptor: Int32, at now: Duration? = nil) throws(POSIXFile.Failure) {
        try POSIXFile.syncData(descriptor)
        state.statistics.syncs += 1
        state.hasUnsyncedRecords = false
        state.lastSync = now ?? elapsed()
    }

    /// Forces every record written so far to the device (unless durability is ``Durability/none``).
    public func flush() throws(RecordingError) {
        try state.withLock { (state) throws(RecordingError) in
            guard let descriptor = state.descriptor, state.hasUnsyncedRecords, durability != .none else { return }
            do throws(POSIXFile.Failure) {
                try sync(&state, descriptor: descriptor)
            } catch {
                throw .unwritableFile(path: url.path, reason: error.message)
            }
        }
    }

    /// Flushes and closes the journal. Later appends throw; closing again does nothing.
    public func close() throws(RecordingError) {
        try flush()
        try state.withLock { (state) throws(RecordingError) in
            guard let descriptor = state.descriptor else { return }
            state.descriptor = nil
            do throws(POSIXFile.Failure) {
                try POSIXFile.close(descriptor)
            } catch {
                throw .unwritableFile(path: url.path, reason: error.message)
            }
        }
    }
}
