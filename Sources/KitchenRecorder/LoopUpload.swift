import Foundation
import HTTPWire
import KitchenRecording

/// One request whose body streams through the proxy as it arrives, on the client connection's
/// event loop, with no thread held: each piece goes upstream (in the client's framing: the same
/// `Content-Length`, or re-chunked) and into the journal redacted (``StreamedBodyJournal``), so
/// the proxy holds a bounded amount of any body. The response then takes ``LoopRelay``'s path,
/// its record naming the journaled body.
///
/// - A chunked body that ends within ``ProxyResponder/streamedBodyThreshold`` is forwarded as a
///   buffered one (``LoopRelay``), exactly as any small request.
/// - The upstream connection is a fresh one from the pool: a body already sent cannot be retried
///   on another.
/// - Flow is bounded both ways: the client's body is read no further while the upstream is
///   behind (``HTTPRequestBodyWriter/hasRoom``) or journal parts wait to be written.
/// - An upstream that answers before the body's end (say 413) has its head held, reading paused,
///   while the body goes on to the journal (what it no longer takes is dropped); the answer is
///   relayed once the body is complete. One that fails mid-body gets the client a recorded 502
///   then.
/// - The client's body broken (a limit, a stall, a reset): the upstream connection is dropped,
///   nothing is recorded, and the server answers the client (``HTTPRequestBodyError``).
/// - The journal failing: 503, and nothing more relayed. Redaction refusing the body: it is
///   relayed, not recorded.
final class LoopUpload: @unchecked Sendable {
    // Unchecked: used on `loop`'s thread only (the pool and the recorder answer there).

    private enum Phase {
        /// A chunked body's first bytes, gathered while it may yet end within the threshold.
        case gathering
        /// Waiting for an upstream connection; the body waits too.
        case connecting
        /// The body goes upstream as it arrives.
        case sending(HTTPClientConnection, HTTPRequestBodyWriter)
        /// The body is complete: the response is relayed (``LoopRelay``).
        case relaying(HTTPClientConnection, LoopRelay)
        /// Answered or abandoned: nothing more happens.
        case over
    }

    private let responder: ProxyResponder
    private let request: HTTPRequest
    private let body: HTTPRequestBodyStream
    private let loop: EventLoop
    /// The loop's share of the upstream pool, where the upload's connection comes from.
    private let upstream: LoopUpstreamPool
    private let reply: HTTPDeferredReply
    private let started: Date
    private let recorded: HTTPRequest
    private var phase = Phase.gathering
    /// The journal of the body, once it is known to stream.
    private var journal: StreamedBodyJournal?
    /// What arrived before the upstream connection was there.
    private var first: [UInt8] = []
    /// The upstream's answer, read before the body's end and held there.
    private var earlyHead: HTTPResponse?
    /// The upstream failed before the body's end.
    private var upstreamFailure: HTTPClientError?
    /// Whether the upstream connection was discarded (once: it frees a slot of the pool).
    private var upstreamDropped = false
    private var waitingForRoom = false

    init(responder: ProxyResponder, request: HTTPRequest, body: HTTPRequestBodyStream, loop: EventLoop,
         reply: HTTPDeferredReply) {
        self.responder = responder
        self.request = request
        self.body = body
        self.loop = loop
        upstream = responder.pool.loopPool(for: loop)
        self.reply = reply
        started = responder.recorder.clock.currentDate
        recorded = responder.recordedRequest(for: request)
    }

    /// Starts the body: a chunked one is gathered first; one with a length waits for the upstream
    /// connection (the client is held back meanwhile).
    func start() {
        if body.declaredLength == nil {
            readBody()
        } else {
            connect()
        }
    }

    // MARK: The client's body

    private func readBody() {
        // A broken body (a limit, a stall, a reset): the server answers the client; nothing is recorded.
        body.start(onPiece: { [self] in received($0) }, onEnd: { [self] in ended() }, onFailure: { [self] _ in stop() })
    }

    private func received(_ piece: [UInt8]) {
        switch phase {
        case .gathering:
            first += piece
            guard first.count > ProxyResponder.streamedBodyThreshold else { return }
            body.pause()
            connect()
        case .sending(_, let writer):
            pass(piece, to: writer)
        case .connecting, .relaying, .over:
            return
        }
    }

    private func ended() {
        switch phase {
        case .gathering:
            // Short after all: forwarded as a buffered body, exactly as before.
            phase = .over
            var whole = request
            whole.body = first
            first = []
            LoopRelay(responder: responder, request: whole, loop: loop, reply: reply).start()
        case .sending(let connection, let writer):
            writer.finish()
            relay(on: connection)
        case .connecting, .relaying, .over:
            return
        }
    }

    // MARK: Upstream

    private func connect() {
        phase = .connecting
        let journal = StreamedBodyJournal(recorder: responder.recorder, request: recorded, loop: loop)
        journal.onPartWritten = { [weak self] in self?.partWritten() }
        self.journal = journal
        upstream.checkOut(fresh: true) { [self] result in
            switch result {
            case .success(let (connection, _)):
                send(on: connection)
            case .failure(let error):
                guard case .connecting = phase else { return }
                stop()
                responder.unanswered(recorded, error, startedAt: started, on: loop, reply: reply)
            }
        }
    }

    private func send(on connection: HTTPClientConnection) {
        guard case .connecting = phase else {
            // The client's body broke meanwhile: the connection was never used.
            return upstream.checkIn(connection, reusable: true)
        }
        let outgoing = responder.upstreamRequest(for: request)
        let writer = connection.exchangeStreaming(outgoing, bodyLength: body.declaredLength) { [self] event in
            upstream(event, on: connection)
        }
        phase = .sending(connection, writer)
        if !first.isEmpty {
            let gathered = first
            first = []
            pass(gathered, to: writer)
        }
        if body.declaredLength == nil {
            updateFlow()  // the gathered bytes may already fill the upstream's queue
        } else {
            readBody()
        }
    }

    /// An event of the upstream exchange before the body's end; after it, ``LoopRelay`` has them.
    private func upstream(_ event: HTTPClientConnection.LoopEvent, on connection: HTTPClientConnection) {
        switch phase {
        case .relaying(_, let relay):
            relay.take(event, on: connection, reused: false)
        case .sending, .connecting:  // connecting: an exchange that failed as it started
            switch event {
            case .head(let head):
                // Answered early: held, with the rest, until the body is journaled to its end.
                earlyHead = head
                connection.pauseReading()
            case .failed(let error):
                // The body goes on to the journal; the client gets a recorded 502 at its end.
                upstreamFailure = error
                drop(connection)
                updateFlow()
            case .body, .end:
                return  // not before the head, which pauses reading
            }
        case .gathering, .over:
            return
        }
    }

    /// One piece on its way: into the journal, then upstream (dropped once the upstream stopped
    /// taking the body).
    private func pass(_ piece: [UInt8], to writer: HTTPRequestBodyWriter) {
        if let failure = journal?.add(piece) { return journalFailed(failure) }
        writer.write(piece)
        updateFlow()
    }

    /// The body is complete: its record is settled, and the response relayed as any other.
    private func relay(on connection: HTTPClientConnection) {
        guard let journal else { return }
        journal.onPartWritten = nil
        let record: ExchangeRecorder.BodyRecord
        switch journal.finishBody() {
        case .success(let settled): record = settled
        case .failure(let failure): return journalFailed(failure)
        }
        if let upstreamFailure {
            stop()
            return responder.badGateway(recorded, error: upstreamFailure, startedAt: started, requestBody: record,
                                             on: loop, reply: reply)
        }
        let relay = LoopRelay(responder: responder, request: request, loop: loop, reply: reply, started: started,
                              requestBody: record)
        phase = .relaying(connection, relay)
        if let head = earlyHead { relay.take(head: head, on: connection) }
    }

    // MARK: Flow

    private func partWritten() {
        if let failure = journal?.journalFailed { return journalFailed(failure) }
        updateFlow()
    }

    /// Reads the client's body while the upstream and the journal keep up.
    private func updateFlow() {
        guard case .sending(_, let writer) = phase, let journal else { return }
        guard !writer.hasRoom || journal.isBehind else { return body.resume() }
        body.pause()
        if !writer.hasRoom, !waitingForRoom {
            waitingForRoom = true
            writer.whenRoom { [self] in
                waitingForRoom = false
                updateFlow()
            }
        }
    }

    /// The journal cannot be written: 503, and nothing more is relayed (the server closes the
    /// connection after it, the body unread).
    private func journalFailed(_ failure: RecordingError) {
        stop()
        reply.complete(.response(ProxyResponder.recordingFailed(failure)))
    }

    /// Closes the upstream connection mid-exchange and frees its slot, once.
    private func drop(_ connection: HTTPClientConnection) {
        guard !upstreamDropped else { return }
        upstreamDropped = true
        upstream.discard(connection)
    }

    /// Nothing more happens: an upstream connection the body was going to is closed.
    private func stop() {
        if case .sending(let connection, _) = phase { drop(connection) }
        phase = .over
        journal?.onPartWritten = nil
        first = []
    }
}
