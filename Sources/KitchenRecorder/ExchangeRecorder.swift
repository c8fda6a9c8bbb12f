import Dispatch
import Foundation
import HTTPWire
import HarnessCore
import KitchenRecording
import Synchronization

/// Turns what crossed the proxy into journal records: one entry per HTTP
/// exchange, and an open/message/close series per WebSocket. Redaction and the
/// secret check happen in the journal writer, before a byte reaches the disk.
///
/// Write-ahead: every call returns only once its record is in the journal (written with
/// `write(2)`, group-committed with other connections' records, see ``GroupCommit``), and
/// says so; the proxy releases what the client is waiting for only after that. So a process
/// killed at any moment has journaled every exchange a client received. When the journal
/// cannot be written (a full disk, an I/O error, the file removed), every call from then on
/// reports ``Outcome/failed(_:)`` and `onFailure` hears of it once.
final class ExchangeRecorder: Sendable {
    /// What became of one record.
    enum Outcome: Sendable {
        /// In the journal.
        case written
        /// Not written because it could not be redacted safely (counted in ``refused``).
        case refused(RecordingError)
        /// The journal cannot be written: the proxy must stop relaying.
        case failed(RecordingError)
    }

    let journal: JournalWriter
    let clock: RecorderClock
    let upstreamAuthority: String
    /// `http` or `https`, as recorded URLs name the upstream.
    let upstreamScheme: String
    /// Most bytes a body sent with a `Content-Encoding` may decode to before it is refused
    /// (``RecordingProxyConfiguration/maxDecodedBodyBytes``).
    let decodedBodyLimit: Int
    /// What the proxy changes in a request it sends upstream, stated in each HTTP exchange's record.
    let rewrite: UpstreamRewrite
    private let commits: GroupCommit
    private let journalThread: JournalThread<JournalJob>
    private let refusals = Mutex<[RecordingError]>([])
    private let nextSocketID = Atomic<Int>(0)
    private let nextBodyNumber = Atomic<Int>(0)
    private let failureReported = Atomic<Bool>(false)
    private let onFailure: @Sendable (RecordingError) -> Void
    /// Told of every record once its outcome is known (``RecordingProxyConfiguration/observer``).
    let observer: @Sendable (RecorderEvent) -> Void

    init(journal: JournalWriter, clock: RecorderClock, upstreamAuthority: String, upstreamScheme: String = "http",
         decodedBodyLimit: Int = RecordingProxyConfiguration.defaultMaxDecodedBodyBytes, canonicalHeaderOrder: Bool = false,
         observer: @escaping @Sendable (RecorderEvent) -> Void = { _ in },
         onFailure: @escaping @Sendable (RecordingError) -> Void = { _ in }) {
        self.journal = journal
        self.decodedBodyLimit = decodedBodyLimit
        rewrite = UpstreamRewrite(authority: upstreamAuthority, canonicalOrder: canonicalHeaderOrder)
        self.clock = clock
        self.upstreamAuthority = upstreamAuthority
        self.upstreamScheme = upstreamScheme
        let commits = GroupCommit(journal: journal)
        self.commits = commits
        self.onFailure = onFailure
        self.observer = observer
        journalThread = JournalThread()
        journalThread.start(name: "journal") { [self] batch in
            Self.process(batch, journal: journal, commits: commits, noteRefused: noteRefused, noteFailure: reportFailure)
        }
    }

    /// A record handed to the journal thread: how to make its event there, and who hears its
    /// outcome (and whether redaction replaced anything).
    struct JournalJob: Sendable {
        let event: @Sendable () throws(RecordingError) -> JournalEvent
        let done: @Sendable (Outcome, Bool) -> Void
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

    /// Counts a record refused outside ``record(request:response:body:startedAt:timings:failure:resourceType:requestBody:)``.
    func noteRefused(_ error: RecordingError) { refusals.withLock { $0.append(error) } }

    /// Records that failed closed (e.g. a body that could not be redacted): counted, never written.
    var refused: [RecordingError] { refusals.withLock { $0 } }

    /// Why the journal stopped accepting records, once it has.
    var failure: RecordingError? { commits.failed }

    /// Records in the journal so far (the session record included).
    var recordsWritten: Int { commits.recordsWritten }

    /// One HTTP exchange as it crossed the upstream wire.
    @discardableResult
    func record(request: HTTPRequest, response: HTTPResponse, body: [UInt8], startedAt: Date, timings: HAR.Timings,
                failure: HAR.ExchangeError? = nil, resourceType: String = "fetch", requestBody: BodyRecord = .inline,
                responseBody: BodyRecord = .inline) -> Outcome {
        if case .refused(let error) = requestBody { return .refused(error) }
        if case .refused(let error) = responseBody { return .refused(error) }
        let event: JournalEvent
        do throws(RecordingError) {
            event = try exchangeEvent(request: request, response: response, body: body, startedAt: startedAt, timings: timings,
                                      failure: failure, resourceType: resourceType, requestBody: requestBody,
                                      responseBody: responseBody)
        } catch {
            noteRefused(error)
            observeExchange(request: request, response: response, timings: timings, failure: failure,
                            outcome: .refused(error), redacted: false)
            return .refused(error)
        }
        let (outcome, redacted) = write(event)
        observeExchange(request: request, response: response, timings: timings, failure: failure, outcome: outcome,
                        redacted: redacted)
        return outcome
    }

    /// The same as ``record(request:response:body:startedAt:timings:failure:resourceType:requestBody:responseBody:)``
    /// for a caller that must not wait (an event loop): returns at once; the record is made,
    /// redacted and written on the journal thread, and `then` runs there once its outcome is
    /// known (the record is in the journal when it says so).
    func recordLater(request: HTTPRequest, response: HTTPResponse, body: [UInt8], startedAt: Date, timings: HAR.Timings,
                     failure: HAR.ExchangeError? = nil, resourceType: String = "fetch",
                     then done: @escaping @Sendable (Outcome) -> Void) {
        writeLater({ [self] () throws(RecordingError) in
            try exchangeEvent(request: request, response: response, body: body, startedAt: startedAt, timings: timings,
                              failure: failure, resourceType: resourceType, requestBody: .inline, responseBody: .inline)
        }, then: { [self] outcome, redacted in
            observeExchange(request: request, response: response, timings: timings, failure: failure, outcome: outcome,
                            redacted: redacted)
            done(outcome)
        })
    }

    /// Processes every record handed to the journal thread so far, then ends it (before the
    /// journal closes).
    func finishPendingRecords() { journalThread.stop() }

    /// The exchange's record: bodies held whole are decoded from their `Content-Encoding` here,
    /// on the journal thread (a streamed one was decoded as it streamed, ``StreamedBodyJournal``).
    private func exchangeEvent(request: HTTPRequest, response: HTTPResponse, body: [UInt8], startedAt: Date,
                               timings: HAR.Timings, failure: HAR.ExchangeError?, resourceType: String,
                               requestBody: BodyRecord, responseBody: BodyRecord) throws(RecordingError) -> JournalEvent {
        var rawRequest = Self.raw(request, scheme: upstreamScheme, authority: upstreamAuthority)
        if resourceType != "websocket" { rawRequest.upstream = rewrite.changes(from: request.headers) }
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

    private func observeExchange(request: HTTPRequest, response: HTTPResponse, timings: HAR.Timings,
                                 failure: HAR.ExchangeError?, outcome: Outcome, redacted: Bool) {
        observer(.exchange(RecorderEvent.Exchange(
            method: request.method.rawValue, path: request.path, status: response.status.code,
            duration: .milliseconds(max(0, timings.send + timings.wait + timings.receive)), upstreamFailure: failure,
            outcome: Self.observed(outcome, redacted: redacted))))
    }

    /// The exchange as its entry will show it so far (the request, and the response's head
    /// when there is one), for redacting a body as it streams.
    func harEntry(for request: HTTPRequest, response: HTTPResponse? = nil) -> HAR.Entry {
        let raw = Self.raw(request, scheme: upstreamScheme, authority: upstreamAuthority)
        guard let response else {
            return HAR.Entry(startedAt: clock.now(), request: raw, failure: HAR.ExchangeError(kind: .reset, message: ""), timings: HAR.Timings())
        }
        return HAR.Entry(startedAt: clock.now(), request: raw, response: Self.raw(response, body: []), timings: HAR.Timings())
    }

    /// A fresh id for a streamed body's parts.
    func nextBodyID() -> String { "b-\(nextBodyNumber.wrappingAdd(1, ordering: .relaxed).newValue)" }

    /// A fresh id for a WebSocket conversation's records.
    func nextWebSocketID() -> String { "ws-\(nextSocketID.wrappingAdd(1, ordering: .relaxed).newValue)" }

    /// The next redacted piece of streamed body `id`; returns once it is in the journal.
    func bodyPart(_ id: String, data: [UInt8]) -> Outcome {
        write(.bodyPart(id: id, data: data)).0
    }

    /// The same as ``bodyPart(_:data:)`` for a caller that must not wait: `then` runs on the
    /// journal thread once the part is journaled (or why not). Parts handed over before an
    /// exchange's record are written before it.
    func bodyPartLater(_ id: String, data: [UInt8], then done: @escaping @Sendable (Outcome) -> Void) {
        writeLater({ .bodyPart(id: id, data: data) }, then: { outcome, _ in done(outcome) })
    }

    /// The same as ``record(request:response:body:startedAt:timings:failure:resourceType:requestBody:responseBody:)``
    /// for a caller that must not wait, with the bodies journaled in parts as they streamed.
    func recordLater(request: HTTPRequest, response: HTTPResponse, body: [UInt8], startedAt: Date, timings: HAR.Timings,
                     failure: HAR.ExchangeError?, requestBody: BodyRecord, responseBody: BodyRecord,
                     then done: @escaping @Sendable (Outcome) -> Void) {
        if case .refused(let error) = requestBody { return done(.refused(error)) }
        if case .refused(let error) = responseBody { return done(.refused(error)) }
        writeLater({ [self] () throws(RecordingError) in
            try exchangeEvent(request: request, response: response, body: body, startedAt: startedAt, timings: timings,
                              failure: failure, resourceType: "fetch", requestBody: requestBody, responseBody: responseBody)
        }, then: { [self] outcome, redacted in
            observeExchange(request: request, response: response, timings: timings, failure: failure, outcome: outcome,
                            redacted: redacted)
            done(outcome)
        })
    }

    /// Hands `event` to the journal thread; `then` hears its outcome there.
    func writeLater(_ event: @escaping @Sendable () throws(RecordingError) -> JournalEvent,
                    then done: @escaping @Sendable (Outcome, Bool) -> Void) {
        if !journalThread.submit(JournalJob(event: event, done: done)) {
            done(.failed(.journalClosed(path: journal.url.path)), false)
        }
    }

    /// Prepares and writes a batch from the journal thread: each record is made, redacted and
    /// checked on its own (a refused one is left out), and the rest go out in one group commit;
    /// then each job hears its outcome.
    private static func process(_ batch: [JournalJob], journal: JournalWriter, commits: GroupCommit,
                                noteRefused: (RecordingError) -> Void, noteFailure: (RecordingError) -> Void) {
        var prepared: [JournalWriter.PreparedRecord] = []
        var refused: [Int: RecordingError] = [:]
        for (index, job) in batch.enumerated() {
            do throws(RecordingError) { prepared.append(try journal.prepare(job.event())) } catch {
                noteRefused(error)
                refused[index] = error
            }
        }
        var failure: RecordingError?
        do throws(RecordingError) { try commits.commit(prepared) } catch {
            noteFailure(error)
            failure = error
        }
        var next = prepared.makeIterator()
        for (index, job) in batch.enumerated() {
            if let error = refused[index] {
                job.done(.refused(error), false)
            } else {
                let record = next.next()
                job.done(failure.map(Outcome.failed) ?? .written, record?.redacted ?? false)
            }
        }
    }

    /// Writes `event`; also says whether redaction replaced anything in it.
    func write(_ event: JournalEvent) -> (Outcome, redacted: Bool) {
        let prepared: JournalWriter.PreparedRecord
        do throws(RecordingError) {
            prepared = try journal.prepare(event)
        } catch {
            refusals.withLock { $0.append(error) }
            return (.refused(error), false)
        }
        do throws(RecordingError) {
            try commits.commit(prepared)
            return (.written, prepared.redacted)
        } catch {
            reportFailure(error)
            return (.failed(error), prepared.redacted)
        }
    }

    /// Tells `onFailure` of the journal's first failure, once.
    private func reportFailure(_ error: RecordingError) {
        if !failureReported.exchange(true, ordering: .acquiringAndReleasing) { onFailure(error) }
    }

    /// An outcome as the observer hears it.
    static func observed(_ outcome: Outcome, redacted: Bool) -> RecorderEvent.Outcome {
        switch outcome {
        case .written: .recorded(redacted: redacted)
        case .refused(let error): .refused(error)
        case .failed(let error): .failed(error)
        }
    }
}
