/// How a ``ServerConnection`` answers a request: calling the responder, waiting for a deferred
/// reply, framing the response for the machine, and handing an upgrade to a WebSocket.
extension ServerConnection {
    /// Calls the responder (with `body`, a body that streams as it arrives); returns the
    /// machine's next action, or nil when there is none yet (the answer comes later) or the
    /// connection left the loop.
    func respond(to request: HTTPRequest, requestIndex: Int,
                         body: HTTPRequestBodyStream? = nil) -> ServerConnectionMachine.Action? {
        let context = HTTPRequestContext(peer: socket.peer, connectionID: id, requestIndex: requestIndex,
                                         storage: storage, eventLoop: loop, bodyStream: body)
        let reply = responder.respond(to: request, context: context)
        let next = answer(request, with: reply)
        // A streamed body goes on arriving while a deferred answer is pending.
        guard case .deferred = reply, body != nil, token != nil else { return next }
        return machine.bodyDelivered(now: loop.now)
    }

    /// Writes `later`'s answer to `request` once it comes, on the loop.
    private func awaitAnswer(_ later: HTTPDeferredReply, to request: HTTPRequest) {
        later.whenComplete { [self] reply in
            loop.execute { [self] in
                // The connection may have ended or moved on meanwhile (the client left, the
                // server stopped, a broken body was answered by the server).
                guard token != nil, machine.isAwaitingAnswer, let next = answer(request, with: reply) else { return }
                perform(next)
            }
        }
    }

    /// Writes `reply` to `request`: returns the machine's next action, or nil when there is none
    /// yet or the connection left the loop.
    func answer(_ request: HTTPRequest, with reply: HTTPReply) -> ServerConnectionMachine.Action? {
        if case .deferred(let later) = reply {
            awaitAnswer(later, to: request)
            return nil
        }
        var request = request
        if machine.isReadingStreamedBody {
            // Answered before its body ended: the stream hears no more, and the connection closes
            // after the answer (framed so).
            bodyStream?.abandon()
            bodyStream = nil
            request.headers["Connection"] = "close"
        }
        let response: HTTPResponse
        switch reply {
        case .response(let answer):
            response = answer
        case .reset:
            end(resetting: true)
            return nil
        case .webSocketOnLoop(let headers, let configuration, let handler):
            upgrade(request, headers: headers, configuration: configuration, handler: handler)
            return nil
        case .deferred:
            return nil
        }
        let framed = ResponseWriter.frame(response, method: request.method, version: request.version,
                                          keepAlive: request.keepsConnectionAlive)
        switch framed.body {
        case .none:
            // A pushed body that must not be sent (HEAD, 204, 304) is still started, and discarded.
            if case .pushed(let pusher) = response.body {
                pusher.start(HTTPResponseBodyWriter(chunked: false, connection: nil))
            }
            return machine.responded(framed.head, closes: framed.closes, now: loop.now)
        case .pushed(let pusher):
            perform(machine.respondedStreaming(framed.head, closes: framed.closes, now: loop.now))
            if token != nil { pusher.start(HTTPResponseBodyWriter(chunked: framed.chunked, connection: self)) }
            return nil
        case .bytes(let body) where body.count <= ResponseWriter.coalescedBodyLimit:
            return machine.responded(framed.head + body, closes: framed.closes, now: loop.now)
        case .bytes(let body):
            return machine.responded(framed.head, body: body, closes: framed.closes, now: loop.now)
        }
    }

    /// Answers the upgrade on the loop and hands the socket to a WebSocket served by `handler`
    /// on this loop: the 101 as far as the socket takes it now (the WebSocket writes the rest
    /// first), and the bytes that followed the request are its first frames (RFC 6455 §4.2.2).
    func upgrade(_ request: HTTPRequest, headers: HTTPHeaders, configuration: WebSocketConfiguration?,
                         handler: any WebSocketLoopHandler) {
        let key: String
        do throws(WebSocketHandshakeError) { key = try WebSocketHandshake.validate(request: request) } catch {
            let rejection = WebSocketHandshake.rejection(for: error)
            let refusal = ResponseWriter.bytes(of: rejection, method: request.method, version: request.version) ?? []
            return perform(machine.responded(refusal, closes: true, now: loop.now))
        }
        let accept = WebSocketHandshake.acceptResponse(key: key, headers: headers)
        guard let head = try? HTTPEncoder.responseHead(status: accept.status, headers: accept.headers) else {
            return end()
        }
        var decoder = machine.handOff()
        leaveLoop()
        let written = (try? socket.writeWithoutBlocking(head[...])) ?? 0
        // The WebSocket owns the socket from now on, and frees the connection's slot when it closes.
        let storage = self.storage, onEnd = self.onEnd
        _ = WebSocketConnection(
            socket: socket, role: .server, configuration: configuration ?? self.configuration.webSocket,
            bufferedBytes: decoder.takeBufferedBytes(), loop: loop, handler: handler,
            unsentHandshake: Array(head.dropFirst(written)),
            onClose: {
                storage.close()
                onEnd()
            })
    }

    /// The answer to a request that broke the protocol or a limit: the responder's, closing (its
    /// default when the responder's has a pushed body).
    func answerBytes(for error: HTTPParseError) -> [UInt8] {
        ResponseWriter.bytes(of: responder.response(for: error)) ?? ResponseWriter.bytes(of: .text(error.status, "\(error)\n")) ?? []
    }
}
