import Foundation
import KitchenSwiftTesting
import KitchenTesting
import Testing
@testable import KitchenRecording
import KitchenTestSupport

// What `JournalWriter.prepare` makes of an event (the line's bytes, whether redaction changed
// anything, or the error) is pinned as digests: for every exchange and WebSocket record of the
// committed recordings, and for seeded generated sessions. Redaction, encoding and the secret
// check may get faster; not one output byte may change. A second property reads the lines back
// (`Journal.recover`) and checks they give the entries redaction made.

/// FNV-1a over prepared records: each one's bytes, `redacted` flag, or error text.
struct JournalLineDigest: Hashable, CustomStringConvertible {
    var records = 0
    var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func mix(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }

    mutating func add(_ prepared: Result<JournalWriter.PreparedRecord, RecordingError>) {
        records += 1
        switch prepared {
        case .success(let record):
            mix([record.redacted ? 1 : 0])
            mix(record.body)
        case .failure(let error):
            mix([2])
            mix("\(error)".utf8)
        }
        mix([UInt8(ascii: "\n")])
    }

    var description: String { "JournalLineDigest(records: \(records), value: \(value))" }
}

/// A recording's events as the proxy journals them: each HTTP entry, and each WebSocket entry
/// as its open (the entry without messages or close), its messages, then its close.
func journalEvents(of document: HAR.Document) -> [JournalEvent] {
    var events: [JournalEvent] = []
    for (index, entry) in document.log.entries.enumerated() {
        guard entry.webSocketMessages != nil || entry.webSocketClose != nil || entry.resourceType == "websocket" else {
            events.append(.entry(entry))
            continue
        }
        let id = "ws-\(index)"
        var open = entry
        open.webSocketMessages = nil
        open.webSocketClose = nil
        events.append(.websocketOpen(id: id, entry: open))
        for message in entry.webSocketMessages ?? [] { events.append(.websocketMessage(id: id, message: message)) }
        if let close = entry.webSocketClose { events.append(.websocketClose(id: id, close: close)) }
    }
    return events
}

/// How many prepared records came out unchanged, redacted, or refused.
struct PreparedOutcomes {
    var unchanged = 0, redacted = 0, refused = 0
}

/// Each event prepared in order by a journal whose redactor is `redactor`.
func preparedDigest(of events: [JournalEvent], redactor: Redactor, in directory: URL,
                    outcomes: inout PreparedOutcomes) throws -> JournalLineDigest {
    let journal = try JournalWriter(url: directory.appendingPathComponent("\(UUID().uuidString).har.journal"),
                                    creator: HAR.Creator(name: "test", version: "1"), startedAt: Date(timeIntervalSince1970: 0),
                                    redactor: redactor, durability: .none)
    defer { try? journal.close() }
    var digest = JournalLineDigest()
    for event in events {
        let prepared = Result { () throws(RecordingError) in try journal.prepare(event) }
        switch prepared {
        case .success(let record) where record.redacted: outcomes.redacted += 1
        case .success: outcomes.unchanged += 1
        case .failure: outcomes.refused += 1
        }
        digest.add(prepared)
    }
    return digest
}

/// The entries assembling `events` gives, as ``Journal/assemble(_:path:)`` does for the
/// WebSocket records written here (every close arrives, none with undelivered messages).
func assembledEntries(_ events: [JournalEvent]) -> [HAR.Entry] {
    var entries: [HAR.Entry] = []
    var index: [String: Int] = [:]
    for event in events {
        switch event {
        case .entry(let entry):
            entries.append(entry)
        case .websocketOpen(let id, var entry):
            entry.resourceType = entry.resourceType ?? "websocket"
            entry.webSocketMessages = []
            index[id] = entries.count
            entries.append(entry)
        case .websocketMessage(let id, let message):
            if let position = index[id] { entries[position].webSocketMessages?.append(message) }
        case .websocketClose(let id, let close):
            if let position = index[id] { entries[position].webSocketClose = close }
        case .session, .bodyPart, .streamedEntry:
            break
        }
    }
    for position in index.values where entries[position].webSocketClose == nil { entries[position].webSocketClose = .recordingEnded }
    return entries
}

/// `event` as a journal's redactor leaves it before encoding, through the public redaction API.
func redacting(_ event: JournalEvent, with redactor: Redactor) throws(RecordingError) -> JournalEvent {
    switch event {
    case .session, .bodyPart: event
    case .entry(let entry): .entry(try redactor.redact(entry))
    case .websocketOpen(let id, let entry): .websocketOpen(id: id, entry: try redactor.redact(entry))
    case .websocketMessage(let id, let message): .websocketMessage(id: id, message: try redactor.redact(message: message))
    case .websocketClose(let id, let close): .websocketClose(id: id, close: redactor.redact(close: close))
    case .streamedEntry(let entry, let request, let response):
        .streamedEntry(try redactor.redact(entry), requestBody: request, responseBody: response)
    }
}

/// Appends `events` to a journal redacting with `makeRedactor()`, recovers the HAR, and
/// returns its entries beside those that the events redacted by a twin redactor (fed the same
/// events in the same order, so giving the same aliases) assemble to. An event the journal
/// refuses is left out of both.
func recoveredAndRedacted(_ events: [JournalEvent], makeRedactor: () -> Redactor, in directory: URL) throws
    -> (recovered: [HAR.Entry], redacted: [HAR.Entry]) {
    let url = directory.appendingPathComponent("\(UUID().uuidString).har.journal")
    let journal = try JournalWriter(url: url, creator: HAR.Creator(name: "test", version: "1"), startedAt: Date(timeIntervalSince1970: 0),
                                    redactor: makeRedactor(), durability: .none)
    let twin = makeRedactor()
    var written: [JournalEvent] = []
    for event in events {
        let redacted = Result { () throws(RecordingError) in try redacting(event, with: twin) }
        guard (try? journal.append(event)) != nil, case .success(let event) = redacted else { continue }
        written.append(event)
    }
    try journal.close()
    let (document, _) = try Journal.recover(from: url)
    return (document.log.entries, assembledEntries(written))
}

@Suite("Journal lines, differential")
struct JournalLineDifferentialTests {
    /// A committed recording, and what preparing its events gave when the digests were pinned.
    struct Pin: Sendable, Hashable, CustomStringConvertible {
        /// The recording's path from the repository root.
        var path: String
        /// FNV-1a of the file's bytes: a recording changed since makes its pin stale, not wrong.
        var input: UInt64
        var prepared: JournalLineDigest

        /// The pin as it is written in ``recordings``.
        var description: String { "Pin(path: \"\(path)\", input: \(input), prepared: \(prepared))," }
    }

    static let recordings: [Pin] = [
        Pin(path: "Examples/KitchenApp/Recordings/sign-in-and-devices.har", input: 561425841206873023, prepared: JournalLineDigest(records: 2, value: 3489725505245585614)),
        Pin(path: "Examples/KitchenApp/Recordings/single-oven.har", input: 16065486474938065786, prepared: JournalLineDigest(records: 3, value: 17674797021875850397)),
        Pin(path: "Recordings/bugs/duplicate-cycle-complete-after-reconnect.har", input: 11856718125933025369, prepared: JournalLineDigest(records: 56, value: 17347549752577977057)),
        Pin(path: "Recordings/dishwasher-commands.har", input: 1155700083000714945, prepared: JournalLineDigest(records: 16, value: 160450099102816542)),
        Pin(path: "Recordings/dishwasher-cycle.har", input: 12181833284628413509, prepared: JournalLineDigest(records: 34, value: 12576179956815577911)),
        Pin(path: "Recordings/error-statuses.har", input: 5187013938690501468, prepared: JournalLineDigest(records: 43, value: 13706062651028174661)),
        Pin(path: "Recordings/expired-token.har", input: 5285589330029365396, prepared: JournalLineDigest(records: 18, value: 16046983727499124589)),
        Pin(path: "Recordings/fridge-door.har", input: 2914558212894712169, prepared: JournalLineDigest(records: 20, value: 13892959916559108193)),
        Pin(path: "Recordings/fridge-temperatures.har", input: 13596949245404638366, prepared: JournalLineDigest(records: 19, value: 11596949086213268097)),
        Pin(path: "Recordings/ice-maker-fills-bin.har", input: 11052500837399579668, prepared: JournalLineDigest(records: 39, value: 8498393915555176855)),
        Pin(path: "Recordings/login-and-discovery.har", input: 7356634977505588371, prepared: JournalLineDigest(records: 9, value: 4482079820488554596)),
        Pin(path: "Recordings/oven-controls.har", input: 9264688631048495607, prepared: JournalLineDigest(records: 49, value: 4620445433634497944)),
        Pin(path: "Recordings/reconnect-after-drop.har", input: 14283376797967599111, prepared: JournalLineDigest(records: 41, value: 13392120915614514559)),
        Pin(path: "Recordings/token-expiry-live-updates.har", input: 7843640196735555641, prepared: JournalLineDigest(records: 15, value: 15970278798403568589)),
        Pin(path: "Tests/KitchenInterceptTests/Recordings/intercept-kitchen-a.har", input: 1291765169515632793, prepared: JournalLineDigest(records: 2, value: 1521850053141179137)),
        Pin(path: "Tests/KitchenInterceptTests/Recordings/intercept-kitchen-b.har", input: 500154121111175817, prepared: JournalLineDigest(records: 2, value: 17110109468025899561)),
        Pin(path: "Tests/KitchenRecordingTests/Fixtures/chrome-websocket-error.har", input: 7319332818902442597, prepared: JournalLineDigest(records: 4, value: 15676449349221627961)),
        Pin(path: "Tests/KitchenRecordingTests/Fixtures/mitmproxy-websocket.har", input: 11940686752276151897, prepared: JournalLineDigest(records: 3, value: 8744301132539166524)),
    ]

    /// Seeds `0..<1500` of ``JournalSessionGen/session``, each prepared on a fresh ``knowingRedactor()``.
    static let generatedSessions = 0..<1500
    static let generatedDigest = JournalLineDigest(records: 7020, value: 14257201763918866099)

    static func fileDigest(_ url: URL) throws -> UInt64 {
        var digest = JournalLineDigest()
        digest.mix(try Data(contentsOf: url))
        return digest.value
    }

    @Test("every record of every committed recording is prepared to the pinned bytes")
    func committedRecordingsAsPinned() throws {
        try withTemporaryDirectory { directory in
            var measured: [Pin] = []
            var outcomes = PreparedOutcomes()
            for pin in Self.recordings {
                let url = Repository.url(pin.path)
                let input = try Self.fileDigest(url)
                let digest = try preparedDigest(of: journalEvents(of: try HARFile.load(from: url)), redactor: Redactor(policy: .kitchen),
                                                in: directory, outcomes: &outcomes)
                measured.append(Pin(path: pin.path, input: input, prepared: digest))
                #expect(input == pin.input, "\(pin.path) changed since its lines were pinned: pin it again from the encoder its lines were pinned with")
                #expect(digest == pin.prepared, "\(pin.path): its records are prepared to other bytes")
            }
            #expect(!Self.recordings.isEmpty)
            if measured != Self.recordings {
                Issue.record("measured now:\n\(measured.map(\.description).joined(separator: "\n"))")
            }
        }
    }

    @Test("the records of 1500 seeded generated sessions are prepared to the pinned bytes")
    func generatedSessionsAsPinned() throws {
        try withTemporaryDirectory { directory in
            var digest = JournalLineDigest()
            var outcomes = PreparedOutcomes()
            for seed in Self.generatedSessions {
                var source = ChoiceSource(seed: UInt64(seed))
                let session = try JournalSessionGen.session.generate(from: &source)
                let prepared = try preparedDigest(of: session.events, redactor: knowingRedactor(), in: directory, outcomes: &outcomes)
                digest.records += prepared.records
                digest.mix(withUnsafeBytes(of: prepared.value.littleEndian) { Array($0) })
            }
            #expect(digest == Self.generatedDigest)
            // The sessions reach every outcome, often.
            #expect(outcomes.unchanged > 500 && outcomes.redacted > 500 && outcomes.refused > 50, "\(outcomes)")
        }
    }

    @Test("a committed recording's lines, read back, give the entries redaction made of it")
    func committedRecordingsReadBack() throws {
        try withTemporaryDirectory { directory in
            for pin in Self.recordings {
                let document = try HARFile.load(from: Repository.url(pin.path))
                let (recovered, redacted) = try recoveredAndRedacted(journalEvents(of: document), makeRedactor: { Redactor(policy: .kitchen) },
                                                                     in: directory)
                #expect(recovered == redacted, "\(pin.path)")
                #expect(recovered.count == document.log.entries.count, "\(pin.path)")
            }
        }
    }

    @Test("a generated session's lines, read back, give the entries redaction made of its events")
    func generatedSessionsReadBack() async {
        await checkProperty(JournalSessionGen.session, configuration: PropertyConfiguration(cases: 200)) { (session: GeneratedSession) in
            try withTemporaryDirectory { directory in
                let (recovered, redacted) = try recoveredAndRedacted(session.events, makeRedactor: knowingRedactor, in: directory)
                #expect(recovered == redacted)
            }
        }
    }
}
