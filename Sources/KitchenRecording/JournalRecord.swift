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

    /// The WebSocket connection or streamed body the record is about; `nil` for a session or an
    /// exchange, whose records have no `id`.
    var id: String? {
        switch self {
        case .websocketOpen(let id, _), .websocketMessage(let id, _), .websocketClose(let id, _), .bodyPart(let id, _): id
        case .session, .entry, .streamedEntry: nil
        }
    }

    /// The record without its `seq`, as compact JSON: `{"type": …, "id": …, payload…}`, members
    /// in that order, written straight from the event's field declarations (``HARFields``)
    /// without building a ``JSONValue`` tree first. The one definition of a record's layout.
    func jsonBytes() -> [UInt8] {
        var output: [UInt8] = []
        HARFieldByteWriter.object(into: &output) { record in
            record.member("type", typeName)
            record.member("id", id)
            switch self {
            case .session(let creator, let startedDateTime):
                record.member("creator", creator)
                record.member("startedDateTime", startedDateTime)
            case .entry(let entry), .websocketOpen(_, let entry):
                record.member("entry", entry)
            case .websocketMessage(_, let message):
                record.member("message", message)
            case .websocketClose(_, let close):
                record.member("close", close)
            case .bodyPart(_, let data):
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

extension JournalRecord {
    /// Why a line of the journal is not a record.
    struct LineProblem: Error, Sendable {
        let reason: String
    }

    /// The record on one line (its bytes without the newline): its members read with the same
    /// declarations as a HAR file (``HARValue``), each that its `type` needs required.
    init(line bytes: some Collection<UInt8>) throws(LineProblem) {
        let object: HARObjectReader
        do {
            object = try HARObjectReader(JSONValue(parsing: bytes))
        } catch let error as JSONParseError {
            throw LineProblem(reason: "not a JSON line: \(error)")
        } catch {
            throw LineProblem(reason: "\(error)")
        }
        func member<Value: HARValue>(_ key: String) throws(LineProblem) -> Value {
            do { return try object.read(key) } catch { throw LineProblem(reason: error.description) }
        }
        let seq: Int = try member("seq")
        let type: String = try member("type")
        guard seq >= 0 else { throw LineProblem(reason: "seq \(seq) is negative") }
        func required<Value: HARValue>(_ key: String) throws(LineProblem) -> Value {
            guard let value: Value = try member(key) else { throw LineProblem(reason: "a \(type) record needs \"\(key)\"") }
            return value
        }
        let event: JournalEvent
        switch type {
        case "session":
            event = .session(creator: try required("creator"), startedDateTime: try required("startedDateTime"))
        case "entry":
            let entry: HAR.Entry = try required("entry")
            let requestBody: StreamedBody? = try member("requestBody"), responseBody: StreamedBody? = try member("responseBody")
            event = requestBody == nil && responseBody == nil
                ? .entry(entry) : .streamedEntry(entry, requestBody: requestBody, responseBody: responseBody)
        case "bodyPart":
            let id: String = try required("id"), data: String = try required("data")
            guard let bytes = Base64.decode(data) else { throw LineProblem(reason: "a bodyPart record's data is not base64") }
            event = .bodyPart(id: id, data: bytes)
        case "websocketOpen":
            event = .websocketOpen(id: try required("id"), entry: try required("entry"))
        case "websocketMessage":
            event = .websocketMessage(id: try required("id"), message: try required("message"))
        case "websocketClose":
            event = .websocketClose(id: try required("id"), close: try required("close"))
        default:
            throw LineProblem(reason: "unknown record type \"\(type)\"")
        }
        self.init(seq: UInt64(seq), event: event)
    }
}
