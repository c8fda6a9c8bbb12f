import Dispatch
import Foundation
import HTTPWire
import HarnessCore
import KitchenRecording
import Synchronization

/// Turns what crossed the proxy into journal records: one entry per HTTP exchange, and an
/// open/message/close series per WebSocket. Redaction and the secret check happen in the journal
/// writer, before a byte reaches the disk.
///
/// Recorded where the exchange was served: a record is made, redacted and encoded on the event
/// loop that relayed it, and the loop writes every record of its turn with one `write(2)`
/// (``LoopJournal``). Write-ahead: a record's `then` runs on that loop once the record is in the
/// journal, and says so; the proxy releases what the client is waiting for only then. So a
/// process killed at any moment has journaled every exchange a client received. When the journal
/// cannot be written (a full disk, an I/O error, the file removed), every record from then on
/// reports ``Outcome/failed(_:)`` and `onFailure` hears of it once.
final class ExchangeRecorder: Sendable {
    /// What became of one record, as the observer hears it too: in the journal; refused as unsafe
    /// to record (counted in ``refused``); or not written, the journal failing (the proxy must
    /// stop relaying).
    typealias Outcome = RecorderEvent.Outcome

    let journal: JournalWriter
    let clock: any SchedulingClock
    let upstreamAuthority: String
    /// `http` or `https`, as recorded URLs name the upstream.
    let upstreamScheme: String
    /// Most bytes a body sent with a `Content-Encoding` may decode to before it is refused
    /// (``RecordingProxyConfiguration/maxDecodedBodyBytes``).
    let decodedBodyLimit: Int
    /// What the proxy changes in a request it sends upstream, stated in each HTTP exchange's record.
    let rewrite: UpstreamRewrite
    /// Each loop's batch of this turn's records.
    private let loopJournalKey = LoopLocalKey<LoopJournal>()
    /// Every loop's batch, for ``finishPendingRecords()``.
    private let loopJournals = Mutex<[LoopJournal]>([])
    /// Why the journal stopped accepting records, once it has.
    private let journalFailure = Mutex<RecordingError?>(nil)
    private let refusals = Mutex<[RecordingError]>([])
    private let nextSocketID = Atomic<Int>(0)
    private let nextBodyNumber = Atomic<Int>(0)
    private let failureReported = Atomic<Bool>(false)
    private let onFailure: @Sendable (RecordingError) -> Void
    /// Told of every record once its outcome is known (``RecordingProxyConfiguration/observer``).
    let observer: @Sendable (RecorderEvent) -> Void

    /// A recorder into `journal` for a proxy run as `configuration` says, naming the upstream
    /// `upstreamAuthority`; `onFailure` hears of the journal's first failure.
    init(journal: JournalWriter, configuration: RecordingProxyConfiguration, upstreamAuthority: String,
         onFailure: @escaping @Sendable (RecordingError) -> Void) {
        self.journal = journal
        clock = configuration.clock
        self.upstreamAuthority = upstreamAuthority
        upstreamScheme = configuration.upstream.scheme ?? "http"
        decodedBodyLimit = configuration.maxDecodedBodyBytes
        rewrite = UpstreamRewrite(authority: upstreamAuthority, canonicalOrder: configuration.canonicalHeaderOrder)
        observer = configuration.observer
        self.onFailure = onFailure
    }

    /// Where an exchange's request or response body is recorded.
    enum BodyRecord: Sendable {
        /// In the exchange's record.
        case inline
        /// In `bodyPart` records written as it streamed, named by the exchange's record.
        case streamed(StreamedBody)
        /// Refused as it streamed (already counted): the exchange is not recorded.
        case refused(RecordingError)

        var streamed: StreamedBody? {
            if case .streamed(let body) = self { return body }
            return nil
        }
    }

    /// Counts a record refused outside ``recordLater(request:response:body:startedAt:timings:failure:resourceType:requestBody:responseBody:on:then:)`` (a streamed body's).
    func noteRefused(_ error: RecordingError) { refusals.withLock { $0.append(error) } }

    /// Records that failed closed (e.g. a body that could not be redacted): counted, never written.
    var refused: [RecordingError] { refusals.withLock { $0 } }

    /// Why the journal stopped accepting records, once it has. Read for every request: the flag
    /// answers without the lock while the journal is healthy.
    var failure: RecordingError? {
        guard failureReported.load(ordering: .acquiring) else { return nil }
        return journalFailure.withLock { $0 }
    }

    /// One HTTP exchange as it crossed the upstream wire, recorded on the event loop that relayed
    /// it (call on `loop`'s thread): the record is made, redacted and encoded now, written with
    /// the rest of the loop's turn, and `then` runs on the loop once its outcome is known (the
    /// record is in the journal when it says so); the observer hears it then, refused ones too.
    /// `requestBody` and `responseBody` say where a body streamed in parts was journaled;
    /// `sentHeaders`, the headers the upstream got, when the caller has them at hand
    /// (``UpstreamRewrite/headers(for:)`` makes them otherwise).
    func recordLater(request: HTTPRequest, response: HTTPResponse, body: [UInt8], startedAt: Date, timings: HAR.Timings,
                     failure: HAR.ExchangeError? = nil, resourceType: String = "fetch", requestBody: BodyRecord = .inline,
                     responseBody: BodyRecord = .inline, sentHeaders: HTTPHeaders? = nil, on loop: EventLoop,
                     then done: @escaping (Outcome) -> Void) {
        let observed = { [observer] (outcome: Outcome) in
            observer(.exchange(RecorderEvent.Exchange(
                method: request.method.rawValue, path: request.path, status: response.status.code,
                duration: .milliseconds(max(0, timings.send + timings.wait + timings.receive)), upstreamFailure: failure,
                outcome: outcome)))
            done(outcome)
        }
        if case .refused(let error) = requestBody { return loopJournal(on: loop).add(settled: .refused(error), then: observed) }
        if case .refused(let error) = responseBody { return loopJournal(on: loop).add(settled: .refused(error), then: observed) }
        writeLater({ [self] () throws(RecordingError) in
            try exchangeEvent(request: request, response: response, body: body, startedAt: startedAt, timings: timings,
                              failure: failure, resourceType: resourceType, requestBody: requestBody,
                              responseBody: responseBody, sentHeaders: sentHeaders)
        }, on: loop, then: observed)
    }

    /// Writes what the loops' last turns gathered, once the loops have stopped (before the
    /// journal closes).
    func finishPendingRecords() {
        for batch in loopJournals.withLock({ $0 }) { batch.flush() }
    }

    /// The exchange's record: bodies held whole are decoded from their `Content-Encoding` here,
    /// on the loop (a streamed one was decoded as it streamed, ``StreamedBodyJournal``).
    private func exchangeEvent(request: HTTPRequest, response: HTTPResponse, body: [UInt8], startedAt: Date,
                               timings: HAR.Timings, failure: HAR.ExchangeError?, resourceType: String,
                               requestBody: BodyRecord, responseBody: BodyRecord,
                               sentHeaders: HTTPHeaders?) throws(RecordingError) -> JournalEvent {
        var rawRequest = Self.raw(request, scheme: upstreamScheme, authority: upstreamAuthority)
        if resourceType != "websocket" {
            rawRequest.upstream = UpstreamRewrite.changes(from: request.headers, to: sentHeaders ?? rewrite.headers(for: request.headers))
        }
        if requestBody.streamed == nil {
            (rawRequest.body, rawRequest.encodedBodySize) = try RecordedBodyDecoder.decodeWhole(
                request.body, headers: request.headers, limit: decodedBodyLimit, complete: true,
                location: { "the request body of \(request.method.rawValue) \(request.path)" })
        }
        var rawResponse = Self.raw(response, body: body)
        if responseBody.streamed == nil {
            (rawResponse.body, rawResponse.encodedBodySize) = try RecordedBodyDecoder.decodeWhole(
                body, headers: response.headers, limit: decodedBodyLimit, complete: failure == nil,
                location: { "the response body of \(request.method.rawValue) \(request.path)" })
        }
        var entry = HAR.Entry(startedAt: startedAt, request: rawRequest, response: rawResponse, timings: timings,
                              resourceType: resourceType)
        entry.error = failure
        return requestBody.streamed == nil && responseBody.streamed == nil
            ? .entry(entry) : .streamedEntry(entry, requestBody: requestBody.streamed, responseBody: responseBody.streamed)
    }

    /// The exchange as its entry will show it so far (the request, and the response's head
    /// when there is one), for redacting a body as it streams.
    func harEntry(for request: HTTPRequest, response: HTTPResponse? = nil) -> HAR.Entry {
        let raw = Self.raw(request, scheme: upstreamScheme, authority: upstreamAuthority)
        guard let response else {
            return HAR.Entry(startedAt: clock.currentDate, request: raw, failure: HAR.ExchangeError(kind: .reset, message: ""), timings: HAR.Timings())
        }
        return HAR.Entry(startedAt: clock.currentDate, request: raw, response: Self.raw(response, body: []), timings: HAR.Timings())
    }

    /// A fresh id for a streamed body's parts.
    func nextBodyID() -> String { "b-\(nextBodyNumber.wrappingAdd(1, ordering: .relaxed).newValue)" }

    /// A fresh id for a WebSocket conversation's records.
    func nextWebSocketID() -> String { "ws-\(nextSocketID.wrappingAdd(1, ordering: .relaxed).newValue)" }

    /// Makes `event` on `loop` (call on its thread): redacted, checked and encoded now, written
    /// with the loop's other records of this turn; `then` runs on the loop once its outcome is
    /// known. A record that cannot be made safely is refused (counted) and never written. Records
    /// handed over in order are written in that order (a streamed body's parts before its exchange's).
    func writeLater(_ event: () throws(RecordingError) -> JournalEvent, on loop: EventLoop,
                    then done: @escaping (Outcome) -> Void) {
        let batch = loopJournal(on: loop)
        if let failure { return batch.add(settled: .failed(failure), then: done) }
        do throws(RecordingError) {
            batch.add(try journal.prepare(event()), then: done)
        } catch {
            noteRefused(error)
            batch.add(settled: .refused(error), then: done)
        }
    }

    /// `loop`'s batch of this turn's records (call on its thread).
    private func loopJournal(on loop: EventLoop) -> LoopJournal {
        loop.local(loopJournalKey) { [self] in
            let batch = LoopJournal(loop: loop, journal: journal) { [self] error in reportFailure(error) }
            loopJournals.withLock { $0.append(batch) }
            return batch
        }
    }

    /// Tells `onFailure` of the journal's first failure, once.
    private func reportFailure(_ error: RecordingError) {
        let first = journalFailure.withLock { failure in
            defer { if failure == nil { failure = error } }
            return failure == nil
        }
        guard first else { return }
        failureReported.store(true, ordering: .releasing)
        onFailure(error)
    }
}
