import Foundation
import HTTPWire
import KitchenRecording

/// One exchange relayed on an event loop: a connection from the loop's share of the pool, the
/// request written and the response read without blocking, then the record made on the loop,
/// and the answer released to the client only once the record is written.
///
/// A pooled connection the upstream closed before answering is retried once on a fresh one; an upstream that refuses, resets or times out gets the client a recorded 502; a
/// pool with nothing free in time gets it a 503, not recorded. A response too long to hold
/// (over ``ProxyResponder/bufferedBodyLimit``, chunked, or read to the close) streams through on
/// the loop too (``LoopResponseStream``).
///
/// The response path can also be entered for a request sent some other way: a body streamed
/// upstream as it arrived (``LoopUpload``) hands its exchange's events on with
/// ``take(_:on:reused:)``, its record naming the body journaled in parts (`requestBody`).
final class LoopRelay: @unchecked Sendable {
    // Unchecked: used on `loop`'s thread only.
    private let responder: ProxyResponder
    private let request: HTTPRequest
    private let loop: EventLoop
    /// The loop's share of the upstream pool, where this exchange's connection comes from.
    private let upstream: LoopUpstreamPool
    private let reply: HTTPDeferredReply
    private let started: Date
    private let outgoing: HTTPRequest
    private let recorded: HTTPRequest
    /// Where the request's body is recorded: in the record, or in parts journaled as it streamed.
    private let requestBody: ExchangeRecorder.BodyRecord
    private var head: HTTPResponse?
    private var body: [UInt8] = []
    private var waited = 0.0
    /// The response being streamed, once its head showed it too long to hold.
    private var stream: LoopResponseStream?

    /// An exchange for `request` begun at `started` (now, by default), answered through `reply`.
    init(responder: ProxyResponder, request: HTTPRequest, loop: EventLoop, reply: HTTPDeferredReply,
         started: Date? = nil, requestBody: ExchangeRecorder.BodyRecord = .inline) {
        self.responder = responder
        self.request = request
        self.loop = loop
        upstream = responder.pool.loopPool(for: loop)
        self.reply = reply
        self.started = started ?? responder.recorder.clock.currentDate
        self.requestBody = requestBody
        outgoing = responder.upstreamRequest(for: request)
        recorded = responder.recordedRequest(for: request)
    }

    /// Sends the request upstream on a pooled connection and relays the answer.
    func start() { checkOut(fresh: false) }

    /// Takes the response from a head already read on `connection` and held there (reading
    /// paused): a response held whole is read on from here; a streamed one once the client's
    /// answer has started (``LoopResponseStream``).
    func take(head: HTTPResponse, on connection: HTTPClientConnection) {
        take(.head(head), on: connection, reused: false)
        if stream == nil { connection.resumeReading() }
    }

    private func checkOut(fresh: Bool) {
        upstream.checkOut(fresh: fresh) { [self] result in
            switch result {
            case .success(let (connection, reused)):
                send(on: connection, reused: reused)
            case .failure(let error):
                responder.unanswered(recorded, error, startedAt: started, on: loop, reply: reply)
            }
        }
    }

    private func send(on connection: HTTPClientConnection, reused: Bool) {
        head = nil
        body = []
        connection.exchange(outgoing) { [self] event in take(event, on: connection, reused: reused) }
    }

    /// The next event of the upstream exchange on `connection` (`reused`: a pooled one).
    func take(_ event: HTTPClientConnection.LoopEvent, on connection: HTTPClientConnection, reused: Bool) {
        switch event {
        case .head(let response):
            head = response
            waited = responder.recorder.clock.milliseconds(since: started)
            if !holdsWhole(response) {
                let stream = LoopResponseStream(responder: responder, connection: connection, recorded: recorded,
                                                head: response, started: started, waited: waited, requestBody: requestBody,
                                                loop: loop, upstream: upstream)
                self.stream = stream
                stream.start(answering: reply)
            }
        case .body(let bytes):
            if let stream { stream.received(bytes) } else { body.append(contentsOf: bytes) }
        case .end:
            if let stream { return stream.finished() }
            upstream.checkIn(connection, reusable: true)
            finish()
        case .failed(let error):
            if let stream { return stream.failed(error) }
            upstream.discard(connection)
            // A pooled connection the upstream closed before answering: once more, on a new one.
            if reused, head == nil, ProxyResponder.isStaleConnection(error) { return checkOut(fresh: true) }
            responder.badGateway(recorded, error: error, startedAt: started, requestBody: requestBody, on: loop,
                                      reply: reply)
        }
    }

    /// Whether the response is read whole here: no body, or a framed one within the limit.
    private func holdsWhole(_ response: HTTPResponse) -> Bool {
        if request.method == .head || response.status.forbidsBody { return true }
        guard let length = response.headers.contentLength else { return false }
        return length <= ProxyResponder.bufferedBodyLimit
    }

    /// The client's answer, once the exchange's record is written.
    private func finish() {
        guard let head else { return }
        let headers = ProxyResponder.relayedHeaders(head.headers)
        let bodiless = request.method == .head || head.status.forbidsBody
        // A HEAD's answer keeps the upstream's Content-Length: no body follows it.
        let answer = bodiless
            ? HTTPResponse.bodiless(status: head.status, headers: headers)
            : HTTPResponse(status: head.status, headers: headers, body: body)
        let received = responder.recorder.clock.milliseconds(since: started) - waited
        let responder = self.responder, reply = self.reply
        responder.recorder.recordLater(request: recorded, response: head, body: bodiless ? [] : body, startedAt: started,
                                       timings: HAR.Timings(send: 0, wait: waited, receive: bodiless ? 0 : received),
                                       requestBody: requestBody, sentHeaders: outgoing.headers, on: loop) { outcome in
            reply.complete(responder.released(answer, outcome))
        }
    }
}
