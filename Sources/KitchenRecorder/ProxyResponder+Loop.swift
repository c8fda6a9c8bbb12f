import Foundation
import HTTPWire
import KitchenRecording

extension ProxyResponder {
    /// Relays `request` (its body read whole) on `loop` without holding a thread: the answer
    /// comes later (``HTTPReply/deferred(_:)``), once the upstream's response is read and its
    /// record written (write-ahead, on the journal thread). See ``LoopRelay``.
    func forwardOnLoop(_ request: HTTPRequest, loop: EventLoop) -> HTTPReply {
        let reply = HTTPDeferredReply()
        LoopRelay(responder: self, request: request, loop: loop, reply: reply).start()
        return .deferred(reply)
    }
}

/// One exchange relayed on an event loop: a connection from the loop's share of the pool, the
/// request written and the response read without blocking, then the record handed to the
/// journal thread, and the answer released to the client only once the record is written.
///
/// As on a thread: a pooled connection the upstream closed before answering is retried once on a
/// fresh one; an upstream that refuses, resets or times out gets the client a recorded 502; a
/// pool with nothing free in time gets it a 503, not recorded. A response too long to hold
/// (over ``ProxyResponder/bufferedBodyLimit``, chunked, or read to the close) streams through on
/// the loop too (``LoopResponseStream``).
final class LoopRelay: @unchecked Sendable {
    // Unchecked: used on `loop`'s thread only (the journal thread only completes `reply`).
    private let responder: ProxyResponder
    private let request: HTTPRequest
    private let loop: EventLoop
    private let reply: HTTPDeferredReply
    private let started: Date
    private let outgoing: HTTPRequest
    private let recorded: HTTPRequest
    private var head: HTTPResponse?
    private var body: [UInt8] = []
    private var waited = 0.0
    /// The response being streamed, once its head showed it too long to hold.
    private var stream: LoopResponseStream?

    init(responder: ProxyResponder, request: HTTPRequest, loop: EventLoop, reply: HTTPDeferredReply) {
        self.responder = responder
        self.request = request
        self.loop = loop
        self.reply = reply
        started = responder.recorder.clock.now()
        outgoing = responder.upstreamRequest(for: request)
        recorded = responder.recordedRequest(for: request)
    }

    func start() { checkOut(fresh: false) }

    private func checkOut(fresh: Bool) {
        responder.pool.checkOut(on: loop, fresh: fresh) { [self] result in
            switch result {
            case .success(let (connection, reused)):
                send(on: connection, reused: reused)
            case .failure(.connection(let error)):
                badGateway(error)
            case .failure(let error):
                reply.complete(responder.unanswered(recorded, error, startedAt: started))
            }
        }
    }

    private func send(on connection: HTTPClientConnection, reused: Bool) {
        head = nil
        body = []
        connection.exchange(outgoing) { [self] event in
            switch event {
            case .head(let response):
                head = response
                waited = responder.recorder.clock.milliseconds(since: started)
                if !holdsWhole(response) {
                    let stream = LoopResponseStream(responder: responder, connection: connection, recorded: recorded,
                                                    head: response, started: started, waited: waited, requestBody: .inline,
                                                    loop: loop)
                    self.stream = stream
                    stream.start(answering: reply)
                }
            case .body(let bytes):
                if let stream { stream.received(bytes) } else { body.append(contentsOf: bytes) }
            case .end:
                if let stream { return stream.finished() }
                responder.pool.checkIn(connection, reusable: true)
                finish()
            case .failed(let error):
                if let stream { return stream.failed(error) }
                responder.pool.discard(connection)
                // A pooled connection the upstream closed before answering: once more, on a new one.
                if reused, head == nil, ProxyResponder.isStaleConnection(error) { return checkOut(fresh: true) }
                badGateway(error)
            }
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
        var headers = HopByHopHeaders.stripped(head.headers)
        headers.add("Via", ProxyResponder.via)
        let bodiless = request.method == .head || head.status.forbidsBody
        // A HEAD's answer keeps the upstream's Content-Length: no body follows it.
        let answer = bodiless
            ? HTTPResponse(status: head.status, headers: headers, stream: HTTPBodyStream { _ in })
            : HTTPResponse(status: head.status, headers: headers, body: body)
        let received = responder.recorder.clock.milliseconds(since: started) - waited
        let responder = self.responder, reply = self.reply
        responder.recorder.recordLater(request: recorded, response: head, body: bodiless ? [] : body, startedAt: started,
                                       timings: HAR.Timings(send: 0, wait: waited, receive: bodiless ? 0 : received)) { outcome in
            reply.complete(responder.released(answer, outcome))
        }
    }

    /// The upstream failed before the client got anything: a recorded 502.
    private func badGateway(_ error: HTTPClientError) {
        let (response, failure) = responder.badGatewayResponse(error)
        let reply = self.reply, responder = self.responder
        responder.recorder.recordLater(
            request: recorded, response: response, body: response.bodyBytes ?? [], startedAt: started,
            timings: HAR.Timings(send: 0, wait: responder.recorder.clock.milliseconds(since: started), receive: 0),
            failure: failure) { outcome in
            reply.complete(responder.released(response, outcome))
        }
    }
}
