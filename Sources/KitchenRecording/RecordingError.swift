/// Everything that can go wrong while reading, redacting or writing a recording.
///
/// Each case carries where it happened (file, line, alias, JSON location) and its
/// ``description`` says what to do next. No case ever carries a secret's value:
/// leaks are named by their alias.
public enum RecordingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file could not be opened or read.
    case unreadableFile(path: String, reason: String)
    /// A file could not be created, written, synced or renamed into place.
    case unwritableFile(path: String, reason: String)
    /// A HAR file is not JSON, or not a HAR document.
    case invalidHAR(path: String, reason: String)
    /// A body, frame or header says it is base64 but is not.
    case invalidBase64(location: String)
    /// A body whose mime type is JSON does not parse.
    case invalidJSONBody(location: String, reason: String)
    /// A body that the redaction policy must look inside is not JSON, so it cannot be
    /// redacted safely and is refused rather than written as it is.
    case unredactableBody(method: String, path: String, message: String, reason: String)
    /// A body or WebSocket message that is not JSON holds what looks like a credential-named
    /// member (`"password": …`) at byte `offset`; its value cannot be delimited safely, so
    /// the record is refused rather than written.
    case unredactableText(location: String, name: String, offset: Int)
    /// A body redacted as it streamed could not be redacted safely from some point on (a JSON
    /// token longer than the redactor may hold, or a body that stopped being JSON after a value
    /// in it was replaced); the rest is not written and the exchange is not recorded.
    case unredactableStream(location: String, offset: Int, reason: String)
    /// A body sent with a `Content-Encoding` (RFC 9110 §8.4) that the recorder cannot decode: a
    /// coding it does not know (`br`, `zstd`, …), or a stream that is corrupt, truncated or past the
    /// decoded-size limit. Its secrets cannot be found, so the exchange is refused, never written raw.
    case undecodableBody(location: String, coding: String, reason: String)
    /// A secret survived redaction; nothing was written.
    case secretLeaked(alias: String, location: String)
    /// A new journal would be appended to an old one that has not been recovered.
    case journalExists(path: String)
    /// The journal was used after ``JournalWriter/close()``.
    case journalClosed(path: String)
    /// A complete line of the journal is not a valid record.
    case corruptJournal(path: String, line: Int, reason: String)
    /// The journal holds no complete `session` record, so there is nothing to recover.
    case journalWithoutSession(path: String)

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            "cannot read \(path): \(reason). Check the path and its permissions."
        case .unwritableFile(let path, let reason):
            "cannot write \(path): \(reason). Check free space and permissions of its directory; "
                + "any earlier file at that path is left untouched."
        case .invalidHAR(let path, let reason):
            "\(path) is not a valid HAR 1.2 file: \(reason). Re-record it, or fix the file by hand."
        case .invalidBase64(let location):
            "\(location) is marked base64 but is not valid base64. Re-record the exchange."
        case .invalidJSONBody(let location, let reason):
            "\(location) has a JSON mime type but does not parse: \(reason)."
        case .unredactableBody(let method, let path, let message, let reason):
            "refusing to record the \(message) body of \(method) \(path): \(reason), and the redaction "
                + "policy needs a field inside it. Nothing was written. Fix the server's response or "
                + "adjust RedactionPolicy for this route."
        case .unredactableText(let location, let name, let offset):
            "refusing to record \(location): it is not valid JSON, yet holds a member named \"\(name)\" at byte "
                + "\(offset), whose value cannot be delimited safely. Nothing was written. Fix the sender to send "
                + "valid JSON, or record this exchange elsewhere."
        case .unredactableStream(let location, let offset, let reason):
            "refusing to record \(location) from byte \(offset) on: \(reason). The exchange is not recorded "
                + "(the parts already written hold no secret and are dropped on recovery)."
        case .undecodableBody(let location, let coding, let reason):
            "refusing to record \(location): its Content-Encoding \"\(coding)\" cannot be decoded (\(reason)), so its "
                + "secrets cannot be found. Nothing was written. The recorder decodes gzip, x-gzip and deflate, and asks "
                + "the upstream for those alone; fix the server's Content-Encoding, or raise the decoded-size limit "
                + "(kitchen record --max-decoded-body-mib) if the body is that large."
        case .secretLeaked(let alias, let location):
            "refusing to write: the secret \(alias) appears at \(location) (its value is not shown). "
                + "Add a rule for that location to RedactionPolicy, or pass the secret to the Redactor "
                + "before recording."
        case .journalExists(let path):
            "the journal \(path) already holds records from an earlier session. Recover it first: "
                + "run `kitchen record --recover \(path)`."
        case .journalClosed(let path):
            "the journal \(path) is closed; no more records can be appended."
        case .corruptJournal(let path, let line, let reason):
            "\(path):\(line): corrupt journal record: \(reason). Only a cut last line is skipped "
                + "automatically; remove or repair this line, then run `kitchen record --recover \(path)`."
        case .journalWithoutSession(let path):
            "\(path) has no complete session record, so no recording can be recovered from it."
        }
    }
}
