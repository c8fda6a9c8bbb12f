import Foundation
import HTTPWire
import KitchenRecording

/// Forwards each client request to the upstream and records the exchange.
///
/// HTTP: hop-by-hop headers are stripped on the way upstream (RFC 9110 §7.6.1) but recorded
/// as the client sent them; `Host` names the upstream, `Via` is added (§7.6.3), the response
/// body streams to the client as it arrives. An upstream that refuses, resets or times out
/// gets the client a 502 and the journal an entry with `_error`. Upstream connections come from
/// the bounded ``UpstreamPool``, one pool a loop; a request that finds none free in time gets a
/// 503 (``unanswered(_:_:startedAt:on:reply:)``), told to the observer and not recorded: the
/// upstream never saw it.
/// Everything is relayed on the client connection's event loop, without blocking.
/// WebSocket: the upgrade is made upstream first (a refusal such as 401 is relayed as is),
/// then the client's upgrade is accepted and frames flow both ways, on the client connection's
/// event loop (``ProxyResponder+WebSocket``).
///
/// Write-ahead: the last byte of every answer (and every relayed WebSocket message) is
/// released only once its record is in the journal. Once the journal cannot be written,
/// every request gets 503 and nothing more is relayed.
struct ProxyResponder: HTTPResponder {
    let pool: UpstreamPool
    let recorder: ExchangeRecorder
    let configuration: RecordingProxyConfiguration
    /// Open conversations: closed with 1011 when recording fails, let finish closing on `stop()`.
    let registry: RelayRegistry
    static let via = "1.1 kitchen-recorder"
    /// The upstream URL's path prefix (``RecordingProxyConfiguration/upstreamBasePath``), worked
    /// out once: every request's target starts with it.
    let basePath: String

    /// Bodies up to this size with a known length are read whole and sent in one write;
    /// longer or unframed ones stream through as they arrive.
    static let bufferedBodyLimit = 1 << 20

    /// Request bodies longer than this (by `Content-Length`, or chunked ones once this much
    /// has arrived) stream to the upstream and the journal as they arrive instead of being
    /// read whole first. 1 MiB, like ``bufferedBodyLimit`` for responses.
    static let streamedBodyThreshold = 1 << 20

    /// Large and chunked request bodies are streamed (see ``streamedBodyThreshold``), except a
    /// form's (`application/x-www-form-urlencoded`), whose fields are redacted whole, and a
    /// WebSocket upgrade's.
    func bodyDelivery(for head: HTTPRequest) -> HTTPBodyDelivery {
        guard !head.isWebSocketUpgrade, Redactor.canStream(contentType: head.headers["Content-Type"]) else { return .buffered }
        if let length = head.headers.contentLength { return length > Self.streamedBodyThreshold ? .streamed : .buffered }
        return head.headers.contains("Transfer-Encoding") ? .streamed : .buffered
    }

    func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
        if let failure = recorder.failure { return .response(Self.recordingFailed(failure)) }
        if context.bodyStream == nil, request.isWebSocketUpgrade { return relayWebSocket(request, loop: context.eventLoop) }
        // Answered later, once the upstream's response is read and its record written (write-ahead).
        let reply = HTTPDeferredReply()
        if let body = context.bodyStream {
            LoopUpload(responder: self, request: request, body: body, loop: context.eventLoop, reply: reply).start()
        } else {
            LoopRelay(responder: self, request: request, loop: context.eventLoop, reply: reply).start()
        }
        return .deferred(reply)
    }

    /// The 503 every client gets once the journal cannot be written.
    static func recordingFailed(_ error: RecordingError) -> HTTPResponse {
        plainText(.serviceUnavailable, "503 Service Unavailable: recording failed, so this recording proxy no longer relays: \(error)",
                  headers: ["Connection": "close"])
    }

    /// An upstream answer's headers as the client gets them: hop-by-hop fields stripped
    /// (RFC 9110 §7.6.1), `Via` added (§7.6.3).
    static func relayedHeaders(_ headers: HTTPHeaders) -> HTTPHeaders {
        var relayed = HopByHopHeaders.stripped(headers)
        relayed.add("Via", via)
        return relayed
    }

    /// The request as it goes upstream (``UpstreamRewrite``).
    func upstreamRequest(for request: HTTPRequest) -> HTTPRequest {
        HTTPRequest(method: request.method, target: originForm(request), headers: recorder.rewrite.headers(for: request.headers),
                    body: request.body)
    }

    /// The request as the record keeps it: the client's headers as sent (hop-by-hop ones
    /// included; `Host` as ``RecordingProxyConfiguration/recordedHost`` fixes it, if it does),
    /// the target as the upstream got it. What the upstream got otherwise is in `_upstream`.
    func recordedRequest(for request: HTTPRequest) -> HTTPRequest {
        var headers = request.headers
        if let host = configuration.recordedHost { headers = headers.replacingValues(of: "Host", with: host) }
        if configuration.canonicalHeaderOrder { headers = headers.sortedByName() }
        return HTTPRequest(method: request.method, target: originForm(request), version: request.version, headers: headers,
                           body: request.body)
    }

    /// The target as the upstream gets it: the upstream URL's path prefix, then the client's
    /// origin-form target (`/devices` → `/api/v1/devices` for `--upstream http://host/api/v1`).
    func originForm(_ request: HTTPRequest) -> String { basePath + request.originFormTarget }

    /// `response` if its record is in the journal (or was refused as unsafe, as before);
    /// the 503 of a failed recording otherwise.
    func released(_ response: HTTPResponse, _ outcome: ExchangeRecorder.Outcome) -> HTTPReply {
        if case .failed(let error) = outcome { return .response(Self.recordingFailed(error)) }
        return .response(response)
    }

    /// The client's answer when no upstream exchange took place, on `loop` (the caller's): the
    /// 502 of an upstream failure, released to `reply` once recorded; at once, the 503 of a pool
    /// with no connection free in time, or stopping.
    func unanswered(_ request: HTTPRequest, _ error: UpstreamCheckoutError, startedAt: Date, on loop: EventLoop,
                    reply: HTTPDeferredReply) {
        switch error {
        case .connection(let failure):
            badGateway(request, error: failure, startedAt: startedAt, on: loop, reply: reply)
        case .poolExhausted(let connections, let loops, let waited):
            let whose = loops == 1 ? "of this recording proxy"
                : "of this client's event loop (its share of the recording proxy's, split among \(loops) loops)"
            reply.complete(upstreamBusy(request, reason: "all \(connections) upstream connections \(whose) stayed busy for "
                + "\(Self.describe(waited)) (maxUpstreamConnections, kitchen record --max-upstream-connections)"))
        case .poolClosed:
            reply.complete(upstreamBusy(request, reason: "this recording proxy is stopping"))
        }
    }

    /// The 503 of a request that got no upstream connection, told to the observer. Not
    /// recorded: the upstream never saw the request.
    private func upstreamBusy(_ request: HTTPRequest, reason: String) -> HTTPReply {
        configuration.observer(.upstreamBusy(method: request.method.rawValue, path: request.path))
        return .response(Self.plainText(.serviceUnavailable,
                                        "503 Service Unavailable: \(reason); the request was neither relayed nor recorded",
                                        headers: ["Connection": "close", "Retry-After": "1"]))
    }

    static func isStaleConnection(_ error: HTTPClientError) -> Bool {
        switch error {
        case .closedBeforeResponse: true
        case .socket(let socket): socket.kind == .connectionReset || socket.kind == .brokenPipe
        default: false
        }
    }

    /// The client's 502 for an upstream that failed with `error`, released to `reply` once it is
    /// recorded with the failure (on `loop`, the caller's).
    func badGateway(_ request: HTTPRequest, error: HTTPClientError, startedAt started: Date,
                    requestBody: ExchangeRecorder.BodyRecord = .inline, on loop: EventLoop, reply: HTTPDeferredReply) {
        let failure = HAR.ExchangeError(error)
        let response = Self.plainText(.badGateway, "502 Bad Gateway: upstream \(failure.kind.rawValue): \(failure.message)")
        recorder.recordLater(
            request: request, response: response, body: response.bodyBytes ?? [], startedAt: started,
            timings: HAR.Timings(send: 0, wait: recorder.clock.milliseconds(since: started), receive: 0),
            failure: failure, requestBody: requestBody, on: loop) { [self] outcome in
            reply.complete(released(response, outcome))
        }
    }

    /// The proxy's own answer: `text` and a newline as plain text, with `Via` and `headers`.
    private static func plainText(_ status: HTTPStatus, _ text: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
        var all: HTTPHeaders = ["Content-Type": "text/plain; charset=utf-8"]
        for field in headers { all.add(field.name, field.value) }
        all.add("Via", via)
        return HTTPResponse(status: status, headers: all, body: Array((text + "\n").utf8))
    }

    /// `30 s`, `250 ms`.
    private static func describe(_ duration: Duration) -> String {
        let milliseconds = Int(duration / .milliseconds(1))
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }
}
