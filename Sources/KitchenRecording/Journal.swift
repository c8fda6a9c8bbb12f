import Foundation

/// What ``Journal/recover(from:)`` found and did.
public struct RecoveryReport: Sendable, Hashable, CustomStringConvertible {
    /// Complete records read, the session record included.
    public var recordCount: Int
    /// Entries in the recovered HAR.
    public var entryCount: Int
    /// Ids of WebSocket connections that had no close record and were closed by recovery.
    public var unclosedWebSockets: [String]
    /// The cut last line that was skipped, when there was one.
    public var truncatedTail: JournalContents.TruncatedTail?
    /// Ids of streamed bodies whose exchange never completed (the recorder stopped or
    /// refused mid-upload): their parts were dropped.
    public var abandonedBodies: [String] = []

    /// One line for a log or the command line.
    public var description: String {
        var text = "recovered \(entryCount) entries from \(recordCount) records"
        if !unclosedWebSockets.isEmpty {
            text += "; closed \(unclosedWebSockets.count) WebSocket(s) left open (\(unclosedWebSockets.joined(separator: ", ")))"
        }
        if !abandonedBodies.isEmpty {
            text += "; dropped \(abandonedBodies.count) streamed bod\(abandonedBodies.count == 1 ? "y" : "ies") of unfinished exchanges"
        }
        if let cut = truncatedTail {
            text += "; skipped the cut last line \(cut.line) (\(cut.byteCount) bytes)"
        }
        return text
    }
}

/// Turning a journal into a HAR: at the end of a recording, or after a crash.
///
/// ```swift
/// // After a crash:
/// let (document, report) = try Journal.recover(from: journalURL)
/// print(report)   // recovered 41 entries from 310 records; skipped the cut last line 311 (57 bytes)
/// ```
public enum Journal {
    /// Reads the journal at `url` and assembles its HAR. Entries are in the order their first
    /// record (`entry` or `websocketOpen`) was written; messages go onto their connection's
    /// entry; a connection that never closed gets `_webSocketClose` with `closedBy: "proxy"`
    /// and reason `"recording ended"`.
    public static func recover(from url: URL) throws(RecordingError) -> (HAR.Document, RecoveryReport) {
        try assemble(JournalReader.read(from: url), path: url.path)
    }

    /// Assembles checked journal contents into a HAR; `path` names the journal in errors.
    public static func assemble(_ contents: JournalContents, path: String) throws(RecordingError) -> (HAR.Document, RecoveryReport) {
        guard let first = contents.lines.first, case .session(let creator, _) = first.record.event else {
            if let first = contents.lines.first {
                throw .corruptJournal(path: path, line: first.number, reason: "the first record must be a session record")
            }
            throw .journalWithoutSession(path: path)
        }
        var entries: [HAR.Entry] = []
        var openIndex: [String: Int] = [:]
        var closed: Set<String> = []
        // Streamed request bodies being assembled, and the order they started in.
        var bodies: [String: [UInt8]] = [:]
        var bodyOrder: [String] = []
        for line in contents.lines.dropFirst() {
            func corrupt(_ reason: String) -> RecordingError { .corruptJournal(path: path, line: line.number, reason: reason) }
            switch line.record.event {
            case .session:
                throw corrupt("a second session record")
            case .entry(let entry):
                entries.append(entry)
            case .bodyPart(let id, let data):
                if bodies[id] == nil { bodyOrder.append(id) }
                bodies[id, default: []].append(contentsOf: data)
            case .streamedEntry(var entry, let requestBody, let responseBody):
                func assembled(_ body: StreamedBody) throws(RecordingError) -> [UInt8] {
                    let bytes = bodies.removeValue(forKey: body.id) ?? []
                    guard bytes.count == body.size else {
                        throw corrupt("streamed body \"\(body.id)\" has \(bytes.count) of its \(body.size) bytes")
                    }
                    return bytes
                }
                // Recorded as the redactor records a body it was given whole.
                if let requestBody {
                    entry.request.postData = HAR.PostData(mimeType: requestBody.mimeType, text: "")
                    entry.request.recordBody(try assembled(requestBody), sentSize: requestBody.encodedSize,
                                             redacted: requestBody.redacted)
                }
                if let responseBody {
                    entry.response.recordBody(try assembled(responseBody), sentSize: responseBody.encodedSize,
                                              redacted: responseBody.redacted)
                }
                entries.append(entry)
            case .websocketOpen(let id, var entry):
                guard openIndex[id] == nil else { throw corrupt("WebSocket \"\(id)\" opened twice") }
                entry.resourceType = entry.resourceType ?? "websocket"
                entry.webSocketMessages = entry.webSocketMessages ?? []
                openIndex[id] = entries.count
                entries.append(entry)
            case .websocketMessage(let id, let message):
                guard let index = openIndex[id] else { throw corrupt("message for WebSocket \"\(id)\", which was never opened") }
                entries[index].webSocketMessages?.append(message)
            case .websocketClose(let id, let close):
                guard let index = openIndex[id] else { throw corrupt("close for WebSocket \"\(id)\", which was never opened") }
                guard closed.insert(id).inserted else { throw corrupt("WebSocket \"\(id)\" closed twice") }
                entries[index].webSocketClose = close
                // The last messages the server sent that never reached the client are marked so.
                var unmarked = close.undeliveredMessages ?? 0
                for position in (entries[index].webSocketMessages ?? []).indices.reversed() where unmarked > 0 {
                    guard entries[index].webSocketMessages?[position].type == .receive else { continue }
                    entries[index].webSocketMessages?[position].undelivered = true
                    unmarked -= 1
                }
            }
        }
        let unclosed = openIndex.filter { !closed.contains($0.key) }.sorted { $0.value < $1.value }
        for (_, index) in unclosed {
            entries[index].webSocketClose = .recordingEnded
        }
        let report = RecoveryReport(
            recordCount: contents.lines.count, entryCount: entries.count,
            unclosedWebSockets: unclosed.map(\.key), truncatedTail: contents.truncatedTail,
            abandonedBodies: bodyOrder.filter { bodies[$0] != nil })
        return (HAR.Document(log: HAR.Log(creator: creator, entries: entries)), report)
    }

    /// Recovers the journal, checks the result with `scanner`, saves it atomically to `har`,
    /// and only then deletes the journal. On any error the journal is left in place. Close
    /// the ``JournalWriter`` first.
    @discardableResult
    public static func finalize(journal: URL, to har: URL, scanner: SecretScanner = SecretScanner()) throws(RecordingError) -> RecoveryReport {
        let (document, report) = try recover(from: journal)
        try HARFile.save(document, to: har, scanner: scanner)
        do {
            try POSIXFile.remove(journal.path)
        } catch {
            throw .unwritableFile(path: journal.path, reason: "the HAR is saved, but the journal could not be removed: \(error.message)")
        }
        return report
    }
}
