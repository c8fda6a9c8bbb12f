import HarnessCore

/// What happened, as the recording proxy reports it to the journal.
public enum JournalEvent: Sendable, Hashable {
    /// The recording started. Always the first record.
    case session(creator: HAR.Creator, startedDateTime: String)
    /// A complete HTTP exchange.
    case entry(HAR.Entry)
    /// A WebSocket connection was upgraded; `entry` is the upgrade exchange, `id` names the
    /// connection in later records.
    case websocketOpen(id: String, entry: HAR.Entry)
    /// A message passed on connection `id`.
    case websocketMessage(id: String, message: HAR.WebSocketMessage)
    /// Connection `id` ended.
    case websocketClose(id: String, close: HAR.WebSocketClose)
    /// The next piece of streamed body `id`, redacted (stored base64 as `data`).
    case bodyPart(id: String, data: [UInt8])
    /// A complete HTTP exchange whose request or response body (or both) is in `bodyPart`
    /// records (written as an `entry` record with a `requestBody` or `responseBody` member).
    case streamedEntry(HAR.Entry, requestBody: StreamedBody?, responseBody: StreamedBody?)

    /// The record's `type` on disk.
    public var typeName: String {
        switch self {
        case .session: "session"
        case .entry, .streamedEntry: "entry"
        case .bodyPart: "bodyPart"
        case .websocketOpen: "websocketOpen"
        case .websocketMessage: "websocketMessage"
        case .websocketClose: "websocketClose"
        }
    }

    /// The record without its `seq`, as compact JSON: `{"type": …, "id": …, payload…}`, members
    /// in that order, written straight from the event's field declarations (``HARFields``)
    /// without building a ``JSONValue`` tree first. The one definition of a record's layout.
    func jsonBytes() -> [UInt8] {
        var output: [UInt8] = []
        HARFieldByteWriter.object(into: &output) { record in
            record.member("type", typeName)
            switch self {
            case .session(let creator, let startedDateTime):
                record.member("creator", creator)
                record.member("startedDateTime", startedDateTime)
            case .entry(let entry):
                record.member("entry", entry)
            case .websocketOpen(let id, let entry):
                record.member("id", id)
                record.member("entry", entry)
            case .websocketMessage(let id, let message):
                record.member("id", id)
                record.member("message", message)
            case .websocketClose(let id, let close):
                record.member("id", id)
                record.member("close", close)
            case .bodyPart(let id, let data):
                record.member("id", id)
                record.member("data", Base64.encode(data))
            case .streamedEntry(let entry, let requestBody, let responseBody):
                record.member("entry", entry)
                record.member("requestBody", requestBody)
                record.member("responseBody", responseBody)
            }
        }
        return output
    }
}

/// One line of the journal: an event and its sequence number.
///
/// On disk a record is one compact JSON object on one line, `seq` first:
/// `{"seq":3,"type":"websocketMessage","id":"ws-1","message":{…}}`.
public struct JournalRecord: Sendable, Hashable {
    /// Position in the journal: 1 for the session record, then strictly increasing.
    public var seq: UInt64
    /// What happened.
    public var event: JournalEvent

    /// A record.
    public init(seq: UInt64, event: JournalEvent) {
        self.seq = seq
        self.event = event
    }

    /// Appends the record's line, newline included, to `lines`. `body` is the event's
    /// ``JournalEvent/jsonBytes()``.
    static func appendLine(seq: UInt64, body: [UInt8], to lines: inout [UInt8]) {
        lines.append(contentsOf: #"{"seq":"#.utf8)
        lines.append(contentsOf: String(seq).utf8)
        lines.append(UInt8(ascii: ","))
        lines.append(contentsOf: body.dropFirst())
        lines.append(UInt8(ascii: "\n"))
    }
}

/// The shape of a line as read back, before it is checked into a ``JournalRecord``: read with
/// the same field declarations as a HAR file (``HARFields``).
struct JournalLine {
    var seq: UInt64
    var type: String
    var creator: HAR.Creator?
    var startedDateTime: String?
    var entry: HAR.Entry?
    var id: String?
    var message: HAR.WebSocketMessage?
    var close: HAR.WebSocketClose?
    var data: String?
    var requestBody: StreamedBody?
    var responseBody: StreamedBody?

    /// Reads one line's bytes (without its newline).
    init(parsing bytes: some Collection<UInt8>) throws(Problem) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw Problem(reason: "not a JSON line: \(error)")
        }
        let seq: Int
        do throws(HARShapeError) {
            let object = try HARObjectReader(value)
            seq = try object.read("seq")
            type = try object.read("type")
            creator = try object.read("creator")
            startedDateTime = try object.read("startedDateTime")
            entry = try object.read("entry")
            id = try object.read("id")
            message = try object.read("message")
            close = try object.read("close")
            data = try object.read("data")
            requestBody = try object.read("requestBody")
            responseBody = try object.read("responseBody")
        } catch {
            throw Problem(reason: error.description)
        }
        guard seq >= 0 else { throw Problem(reason: "seq \(seq) is negative") }
        self.seq = UInt64(seq)
    }

    /// Why a line is not a record.
    struct Problem: Error, Sendable {
        let reason: String
    }

    /// The record this line describes.
    func record() throws(Problem) -> JournalRecord {
        func missing(_ field: String) -> Problem { Problem(reason: "a \(type) record needs \"\(field)\"") }
        let event: JournalEvent
        switch type {
        case "session":
            guard let creator else { throw missing("creator") }
            guard let startedDateTime else { throw missing("startedDateTime") }
            event = .session(creator: creator, startedDateTime: startedDateTime)
        case "entry":
            guard let entry else { throw missing("entry") }
            event = requestBody == nil && responseBody == nil
                ? .entry(entry) : .streamedEntry(entry, requestBody: requestBody, responseBody: responseBody)
        case "bodyPart":
            guard let id else { throw missing("id") }
            guard let data else { throw missing("data") }
            guard let bytes = Base64.decode(data) else { throw Problem(reason: "a bodyPart record's data is not base64") }
            event = .bodyPart(id: id, data: bytes)
        case "websocketOpen":
            guard let id else { throw missing("id") }
            guard let entry else { throw missing("entry") }
            event = .websocketOpen(id: id, entry: entry)
        case "websocketMessage":
            guard let id else { throw missing("id") }
            guard let message else { throw missing("message") }
            event = .websocketMessage(id: id, message: message)
        case "websocketClose":
            guard let id else { throw missing("id") }
            guard let close else { throw missing("close") }
            event = .websocketClose(id: id, close: close)
        default:
            throw Problem(reason: "unknown record type \"\(type)\"")
        }
        return JournalRecord(seq: seq, event: event)
    }
}
