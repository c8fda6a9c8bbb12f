import Dispatch
import Foundation
import HTTPWire
import KitchenRecording

/// Forwards each client request to the upstream and records the exchange.
///
/// HTTP: hop-by-hop headers are stripped both ways (RFC 9110 §7.6.1), `Host`
/// names the upstream, `Via` is added (§7.6.3), the response body streams to
/// the client as it arrives. An upstream that refuses, resets or times out
/// gets the client a 502 and the journal an entry with `_error`.
/// WebSocket: the upgrade is made upstream first (a refusal such as 401 is
/// relayed as is), then the client's upgrade is accepted and frames flow both ways.
struct ProxyResponder: HTTPResponder {
    let pool: UpstreamPool
    let recorder: ExchangeRecorder
    let configuration: RecordingProxyConfiguration
    /// Conversations being relayed, so that `stop()` can let them finish closing.
    let relays: DispatchGroup
    static let via = "1.1 kitchen-recorder"

    /// What the upstream is called in `Host` and in recorded URLs.
    var authority: String { configuration.authority ?? "\(pool.host):\(pool.port)" }

    /// Bodies up to this size with a known length are read whole and sent in one write;
    /// longer or unframed ones stream through as they arrive.
    static let bufferedBodyLimit = 1 << 20

    func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
        request.isWebSocketUpgrade ? relayWebSocket(request) : forward(request, storage: context.storage)
    }

    /// The request as it goes upstream.
    private func upstreamRequest(for request: HTTPRequest) -> HTTPRequest {
        var headers = HopByHopHeaders.stripped(request.headers)
        headers["Host"] = authority
        headers.remove("Expect")  // the body is already here
        headers.add("Via", Self.via)
        if configuration.canonicalHeaderOrder { headers = headers.sortedByName() }
        return HTTPRequest(method: request.method, target: originForm(request), headers: headers, body: request.body)
    }

    private func originForm(_ request: HTTPRequest) -> String { request.originFormTarget }

    private func forward(_ request: HTTPRequest, storage: HTTPConnectionStorage) -> HTTPReply {
        let started = recorder.clock.now()
        let outgoing = upstreamRequest(for: request)
        let lease: UpstreamPool.Lease
        let head: HTTPResponse
        do throws(HTTPClientError) {
            (lease, head) = try exchange(outgoing, storage: storage)
        } catch {
            return .response(badGateway(outgoing, error: error, startedAt: started))
        }
        let waited = recorder.clock.milliseconds(since: started)
        var headers = HopByHopHeaders.stripped(head.headers)
        headers.add("Via", Self.via)
        let bodiless = request.method == .head || head.status.forbidsBody
        if bodiless {
            _ = try? lease.connection.readBodyChunk()  // the end of a message without a body
            pool.checkIn(lease, for: storage)
            recorder.record(request: outgoing, response: head, body: [], startedAt: started,
                            timings: HAR.Timings(send: 0, wait: waited, receive: 0))
            return .response(HTTPResponse(status: head.status, headers: headers, stream: HTTPBodyStream { _ in }))
        }
        if let length = head.headers.contentLength, length <= Self.bufferedBodyLimit {
            // Small and framed: read it whole, record it, and answer in one write.
            var body: [UInt8] = []
            var failure: HTTPClientError?
            while true {
                do throws(HTTPClientError) {
                    guard let chunk = try lease.connection.readBodyChunk() else { break }
                    body.append(contentsOf: chunk)
                } catch {
                    failure = error
                    break
                }
            }
            if let failure {
                // Nothing reached the client yet: it gets a 502, and that is what is recorded.
                pool.discard(lease, for: storage)
                return .response(badGateway(outgoing, error: failure, startedAt: started))
            }
            pool.checkIn(lease, for: storage)
            let timings = HAR.Timings(send: 0, wait: waited, receive: recorder.clock.milliseconds(since: started) - waited)
            recorder.record(request: outgoing, response: head, body: body, startedAt: started, timings: timings)
            return .response(HTTPResponse(status: head.status, headers: headers, body: body))
        }
        let recorder = self.recorder, pool = self.pool
        return .response(HTTPResponse(status: head.status, headers: headers, stream: HTTPBodyStream { write in
            var body: [UInt8] = []
            var failure: HTTPClientError?
            var clientGone: (any Error)?
            while true {
                let chunk: [UInt8]?
                do throws(HTTPClientError) { chunk = try lease.connection.readBodyChunk() } catch {
                    failure = error
                    break
                }
                guard let chunk else { break }
                body.append(contentsOf: chunk)
                do { try write(chunk[...]) } catch {
                    clientGone = error
                    break
                }
            }
            if failure == nil, clientGone == nil { pool.checkIn(lease, for: storage) } else { pool.discard(lease, for: storage) }
            let timings = HAR.Timings(send: 0, wait: waited, receive: recorder.clock.milliseconds(since: started) - waited)
            recorder.record(request: outgoing, response: head, body: body, startedAt: started, timings: timings,
                            failure: failure.map(HAR.ExchangeError.init))
            if let clientGone { throw clientGone }
            if let failure { throw failure }
        }))
    }

    /// Sends `request` upstream and reads the response head. A pooled connection the
    /// upstream closed while idle fails before any response byte: that is retried once
    /// on a fresh connection.
    private func exchange(_ request: HTTPRequest, storage: HTTPConnectionStorage) throws(HTTPClientError) -> (UpstreamPool.Lease, HTTPResponse) {
        let lease = try pool.checkOut(for: storage)
        do throws(HTTPClientError) {
            try lease.connection.write(request)
            return (lease, try lease.connection.readHead())
        } catch {
            pool.discard(lease, for: storage)
            guard lease.wasReused, Self.isStaleConnection(error) else { throw error }
            let retry = try pool.fresh(for: storage)
            do throws(HTTPClientError) {
                try retry.connection.write(request)
                return (retry, try retry.connection.readHead())
            } catch {
                pool.discard(retry, for: storage)
                throw error
            }
        }
    }

    private static func isStaleConnection(_ error: HTTPClientError) -> Bool {
        switch error {
        case .closedBeforeResponse: true
        case .socket(let socket): socket.kind == .connectionReset || socket.kind == .brokenPipe
        default: false
        }
    }

    /// The client's 502, recorded with the upstream failure.
    private func badGateway(_ request: HTTPRequest, error: HTTPClientError, startedAt: Date) -> HTTPResponse {
        let failure = HAR.ExchangeError(error)
        let response = HTTPResponse(status: .badGateway,
                                    headers: ["Content-Type": "text/plain; charset=utf-8", "Via": Self.via],
                                    body: Array("502 Bad Gateway: upstream \(failure.kind.rawValue): \(failure.message)\n".utf8))
        recorder.record(request: request, response: response, body: response.bodyBytes ?? [], startedAt: startedAt,
                        timings: HAR.Timings(send: 0, wait: recorder.clock.milliseconds(since: startedAt), receive: 0),
                        failure: failure)
        return response
    }

    // MARK: WebSocket

    private func relayWebSocket(_ request: HTTPRequest) -> HTTPReply {
        let started = recorder.clock.now()
        var headers = HopByHopHeaders.stripped(request.headers)
        for name in ["Host", "Sec-WebSocket-Key", "Sec-WebSocket-Version", "Sec-WebSocket-Extensions"] { headers.remove(name) }
        headers.add("Host", authority)
        headers.add("Via", Self.via)
        if configuration.canonicalHeaderOrder { headers = headers.sortedByName() }
        let relayConfiguration = WebSocketConfiguration(
            maxFrameSize: configuration.maxBodyBytes, maxMessageSize: configuration.maxBodyBytes, answersControlFrames: false)
        let opened: (connection: WebSocketConnection, request: HTTPRequest, response: HTTPResponse)
        do throws(WebSocketClientError) {
            opened = try WebSocketClient.handshake(host: pool.host, port: pool.port, target: originForm(request),
                                                   headers: headers, configuration: relayConfiguration,
                                                   timeout: configuration.upstreamTimeout, key: configuration.webSocketKeys())
        } catch {
            switch error {
            case .rejected(let refusal):
                // The upstream said no (e.g. 401): the client hears exactly that, and it is recorded.
                var relayed = refusal
                relayed.headers = HopByHopHeaders.stripped(refusal.headers)
                relayed.headers.add("Via", Self.via)
                let approximate = HTTPRequest(method: .get, target: originForm(request), headers: headers)
                recorder.record(request: approximate, response: refusal, body: refusal.bodyBytes ?? [],
                                startedAt: started, timings: HAR.Timings(), resourceType: "websocket")
                return .response(relayed)
            case .connection(let failure):
                return .response(badGateway(HTTPRequest(method: .get, target: originForm(request), headers: headers),
                                            error: failure, startedAt: started))
            case .tls(let failure):
                return .response(badGateway(HTTPRequest(method: .get, target: originForm(request), headers: headers),
                                            error: .tls(failure), startedAt: started))
            case .handshake(let failure):
                return .response(badGateway(HTTPRequest(method: .get, target: originForm(request), headers: headers),
                                            error: .socket(SocketError(kind: .other, operation: "\(failure)")),
                                            startedAt: started))
            }
        }
        let upstream = opened.connection
        var accepted: HTTPHeaders = ["Via": Self.via]
        if let protocolName = opened.response.headers["Sec-WebSocket-Protocol"] {
            accepted.add("Sec-WebSocket-Protocol", protocolName)
        }
        let recorder = self.recorder
        let upgradeRequest = opened.request, upgradeResponse = opened.response
        let relays = self.relays
        relays.enter()
        return .webSocket(headers: accepted, configuration: relayConfiguration) { client in
            defer { relays.leave() }
            let id = recorder.openWebSocket(request: upgradeRequest, response: upgradeResponse, startedAt: started)
            WebSocketRelay(client: client, upstream: upstream, recorder: recorder, id: id).run()
        }
    }
}
