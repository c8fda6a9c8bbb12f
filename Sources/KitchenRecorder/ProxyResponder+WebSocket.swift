import Foundation
import HTTPWire
import KitchenRecording

extension ProxyResponder {
    /// Relays a WebSocket on `loop`, the client connection's event loop, with no thread held: the
    /// upgrade is made upstream first (without blocking the loop); its opening is journaled; then
    /// the client's upgrade is accepted and the conversation relayed (``WebSocketRelay``). A
    /// refusal (such as 401) is relayed as is and recorded; an upstream that cannot be reached
    /// gets the client a recorded 502.
    func relayWebSocket(_ request: HTTPRequest, loop: EventLoop) -> HTTPReply {
        let started = recorder.clock.currentDate
        var headers = HopByHopHeaders.stripped(request.headers)
        for name in ["Host", "Sec-WebSocket-Key", "Sec-WebSocket-Version", "Sec-WebSocket-Extensions"] { headers.remove(name) }
        headers.add("Host", recorder.upstreamAuthority)
        headers.add("Via", Self.via)
        if configuration.canonicalHeaderOrder { headers = headers.sortedByName() }
        let relayConfiguration = WebSocketConfiguration(
            maxFrameSize: configuration.maxBodyBytes, maxMessageSize: configuration.maxBodyBytes,
            maxQueuedBytes: configuration.maxQueuedWebSocketBytes, answersControlFrames: false)
        let key = configuration.webSocketKeys()
        let registry = self.registry, recorder = self.recorder
        let relay = WebSocketRelay(loop: loop, recorder: recorder, id: recorder.nextWebSocketID()) { relay in
            registry.remove(relay)
        }
        // What was sent upstream, upgrade headers included: a refused upgrade is recorded as one,
        // so a replay can refuse the same request the same way.
        var hostless = headers
        hostless.remove("Host")
        let sent = WebSocketHandshake.upgradeRequest(host: recorder.upstreamAuthority, target: originForm(request), key: key, headers: hostless)
        let reply = HTTPDeferredReply()
        WebSocketClient.open(host: pool.endpoint.host, port: pool.endpoint.port, target: originForm(request), headers: headers,
                             configuration: relayConfiguration, timeout: configuration.upstreamTimeout, key: key,
                             tls: pool.endpoint.tls, on: loop, handler: WebSocketRelaySide(relay: relay, fromClient: false)) { [self] result in
            switch result {
            case .success(let opened):
                // Recorded as the client sent it, but for the handshake key: the recorded
                // Sec-WebSocket-Accept answers the one sent upstream (each hop has its own).
                var recorded = recordedRequest(for: request)
                recorded.headers = recorded.headers.replacingValues(of: "Sec-WebSocket-Key", with: key)
                recorder.openWebSocketLater(id: relay.id, request: recorded, response: opened.response, startedAt: started,
                                            upstream: UpstreamRewrite.changes(from: recorded.headers, to: opened.request.headers),
                                            on: loop) { outcome in
                    if case .failed(let error) = outcome {
                        opened.connection.close(code: .goingAway, reason: "recording failed")
                        return reply.complete(.response(Self.recordingFailed(error)))
                    }
                    var accepted: HTTPHeaders = ["Via": Self.via]
                    if let protocolName = opened.response.headers["Sec-WebSocket-Protocol"] {
                        accepted.add("Sec-WebSocket-Protocol", protocolName)
                    }
                    registry.add(relay)
                    // Its opening is journaled: the messages may follow.
                    relay.start()
                    reply.complete(.webSocketOnLoop(headers: accepted, configuration: relayConfiguration,
                                                    handler: WebSocketRelaySide(relay: relay, fromClient: true)))
                }
            case .failure(.rejected(let refusal)):
                // The upstream said no (e.g. 401): the client hears exactly that, and it is recorded.
                var stripped = refusal
                stripped.headers = Self.relayedHeaders(refusal.headers)
                let relayed = stripped
                recorder.recordLater(request: sent, response: refusal, body: refusal.bodyBytes ?? [], startedAt: started,
                                     timings: HAR.Timings(), resourceType: "websocket", on: loop) { [self] outcome in
                    reply.complete(released(relayed, outcome))
                }
            case .failure(let error):
                let failure: HTTPClientError = switch error {
                case .connection(let failure): failure
                case .handshake(let failure): .socket(SocketError(kind: .other, operation: "\(failure)"))
                case .rejected: .closedBeforeResponse  // handled above
                }
                badGateway(sent, error: failure, startedAt: started, on: loop, reply: reply)
            }
        }
        return .deferred(reply)
    }
}
