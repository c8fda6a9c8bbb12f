import Foundation

/// The records of a journal, read back and checked.
public struct JournalContents: Sendable, Hashable {
    /// A record and the line it was on (1-based).
    public struct Line: Sendable, Hashable {
        /// The line number.
        public var number: Int
        /// The record on it.
        public var record: JournalRecord
    }

    /// A last line cut short by a crash, which was skipped.
    public struct TruncatedTail: Sendable, Hashable {
        /// Its line number.
        public var line: Int
        /// How many bytes of it there were.
        public var byteCount: Int
    }

    /// The complete records, in file order (which is `seq` order).
    public var lines: [Line]
    /// The cut last line, when there was one.
    public var truncatedTail: TruncatedTail?
}

/// Reads a journal written by ``JournalWriter``.
///
/// Only the last line may be cut short (a crash mid-`write`): it is skipped and reported.
/// Any complete line that is not a valid record, or whose `seq` does not increase, is an
/// error naming its line number.
///
/// ```swift
/// let contents = try JournalReader.read(from: journalURL)
/// if let cut = contents.truncatedTail { print("skipped line \(cut.line)") }
/// ```
public enum JournalReader {
    /// Reads and checks the journal at `url`.
    public static func read(from url: URL) throws(RecordingError) -> JournalContents {
        try parse(Data(readingRecordingAt: url), path: url.path)
    }

    /// Checks journal bytes; `path` names the source in errors.
    public static func parse(_ data: Data, path: String) throws(RecordingError) -> JournalContents {
        var lines: [JournalContents.Line] = []
        var lineNumber = 0
        var lineStart = data.startIndex
        var previousSeq: UInt64?

        func decode(_ bytes: Data) -> Result<JournalRecord, JournalRecord.LineProblem> {
            Result { () throws(JournalRecord.LineProblem) in try JournalRecord(line: bytes) }
        }

        func accept(_ record: JournalRecord) throws(RecordingError) {
            if let previousSeq, record.seq <= previousSeq {
                throw .corruptJournal(path: path, line: lineNumber, reason: "seq \(record.seq) follows seq \(previousSeq)")
            }
            previousSeq = record.seq
            lines.append(.init(number: lineNumber, record: record))
        }

        while let newline = data[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
            lineNumber += 1
            switch decode(data[lineStart..<newline]) {
            case .success(let record): try accept(record)
            case .failure(let problem): throw .corruptJournal(path: path, line: lineNumber, reason: problem.reason)
            }
            lineStart = data.index(after: newline)
        }

        var truncatedTail: JournalContents.TruncatedTail?
        let tail = data[lineStart...]
        if !tail.isEmpty {
            lineNumber += 1
            // A tail of zero bytes is what some file systems leave after a power cut; it is a
            // cut line like any other. A tail that decodes lost only its newline and is kept.
            if !tail.allSatisfy({ $0 == 0 }), case .success(let record) = decode(tail) {
                try accept(record)
            } else {
                truncatedTail = .init(line: lineNumber, byteCount: tail.count)
            }
        }
        return JournalContents(lines: lines, truncatedTail: truncatedTail)
    }
}
