import Foundation
import HTTPWire
import KitchenRecording

/// A response too long to hold (over ``ProxyResponder/bufferedBodyLimit``, chunked, or read to
/// the close), relayed on the event loop as it arrives: the client's answer starts with the
/// head, each piece goes on as the next arrives (the last one held back until the exchange's
/// record is written), and past ``ProxyResponder/bufferedBodyLimit`` the body goes to the
/// journal in redacted parts (``StreamedBodyJournal``) instead of being gathered for the record.
///
/// Flow is bounded both ways: the upstream is read no further while the client is behind
/// (``HTTPResponseBodyWriter/hasRoom``) or while journal parts wait to be written.
final class LoopResponseStream: @unchecked Sendable {
    // Unchecked: used on the loop of the exchange only (the recorder answers there).

    private let responder: ProxyResponder
    private let connection: HTTPClientConnection
    private let recorded: HTTPRequest
    private let head: HTTPResponse
    private let started: Date
    private let waited: Double
    private let requestBody: ExchangeRecorder.BodyRecord
    private let loop: EventLoop
    /// The loop's share of the upstream pool, which `connection` goes back to.
    private let upstream: LoopUpstreamPool
    private var writer: HTTPResponseBodyWriter?
    private var body: [UInt8] = []
    private var journal: StreamedBodyJournal?
    /// The last piece read: it goes on once the next arrives, the final one once recorded.
    private var held: [UInt8]?
    private var paused = false
    private var over = false

    init(responder: ProxyResponder, connection: HTTPClientConnection, recorded: HTTPRequest, head: HTTPResponse,
         started: Date, waited: Double, requestBody: ExchangeRecorder.BodyRecord, loop: EventLoop,
         upstream: LoopUpstreamPool) {
        self.responder = responder
        self.connection = connection
        self.recorded = recorded
        self.head = head
        self.started = started
        self.waited = waited
        self.requestBody = requestBody
        self.loop = loop
        self.upstream = upstream
    }

    /// Answers the client with the head now; the body follows as it is read.
    func start(answering reply: HTTPDeferredReply) {
        updateFlow()  // nothing is read until the client's answer has started
        let headers = ProxyResponder.relayedHeaders(head.headers)
        reply.complete(.response(HTTPResponse(status: head.status, headers: headers, pushing: HTTPBodyPusher { [self] writer in
            self.writer = writer
            writer.whenClosed { [self] in clientLeft() }
            updateFlow()
        })))
    }

    /// The next piece of the upstream's body.
    func received(_ chunk: [UInt8]) {
        guard !over else { return }
        if let journal {
            if journal.add(chunk) != nil { return journalFailed() }
        } else {
            body.append(contentsOf: chunk)
            if body.count > ProxyResponder.bufferedBodyLimit {
                let streaming = StreamedBodyJournal(recorder: responder.recorder, request: recorded, response: head, loop: loop)
                streaming.onPartWritten = { [self] in
                    if streaming.journalFailed != nil { return journalFailed() }
                    updateFlow()
                }
                _ = streaming.add(body)  // a journal just begun has not failed
                body = []
                journal = streaming
            }
        }
        if let previous = held { writer?.write(previous) }
        held = chunk
        updateFlow()
    }

    /// The upstream's body is complete: the exchange is recorded, then the last piece released.
    func finished() {
        guard !over else { return }
        upstream.checkIn(connection, reusable: true)
        record(failure: nil) { [self] outcome in
            guard case .failed = outcome else {
                if let held { writer?.write(held) }
                return writer?.end() ?? ()
            }
            writer?.abort()  // the client's answer is cut short: nothing more is relayed unrecorded
        }
    }

    /// The upstream failed mid-body: recorded with the failure, and the client's answer cut short.
    func failed(_ error: HTTPClientError) {
        guard !over else { return }
        upstream.discard(connection)
        record(failure: HAR.ExchangeError(error)) { [self] _ in writer?.abort() }
    }

    // MARK: Steps

    /// Reads the upstream while the client keeps up and the journal does, and not before the
    /// client's answer has started.
    private func updateFlow() {
        guard !over else { return }
        let behind = !(writer?.hasRoom ?? false) || journal?.isBehind == true
        if behind, !paused {
            paused = true
            connection.pauseReading()
            if let writer, !writer.hasRoom { writer.whenRoom { [self] in updateFlow() } }
        } else if !behind, paused {
            paused = false
            connection.resumeReading()
        }
    }

    /// The client went away: what was read is recorded, and the upstream connection closed.
    private func clientLeft() {
        guard !over else { return }
        upstream.discard(connection)
        record(failure: nil) { _ in }
    }

    /// The journal cannot be written (the recorder has reported it; every request from now on
    /// gets 503): the client's answer is cut short.
    private func journalFailed() {
        guard !over else { return }
        over = true
        journal?.onPartWritten = nil
        upstream.discard(connection)
        writer?.abort()
    }

    /// Records the exchange as read so far; `then` runs on the loop with the outcome.
    private func record(failure: HAR.ExchangeError?, then done: @escaping (ExchangeRecorder.Outcome) -> Void) {
        over = true
        journal?.onPartWritten = nil  // it held this stream; the record's outcome tells the rest
        var responseBody = ExchangeRecorder.BodyRecord.inline
        if let journal {
            switch journal.finishBody() {
            case .success(let settled): responseBody = settled
            case .failure(let journalFailure): return done(.failed(journalFailure))
            }
        }
        let received = responder.recorder.clock.milliseconds(since: started) - waited
        responder.recorder.recordLater(request: recorded, response: head, body: body, startedAt: started,
                                       timings: HAR.Timings(send: 0, wait: waited, receive: received), failure: failure,
                                       requestBody: requestBody, responseBody: responseBody, on: loop, then: done)
    }
}
