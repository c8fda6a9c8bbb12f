/// Serves one connection on a thread of its own, for what the event loop cannot do without
/// blocking: a responder that may block, a body the responder reads as it arrives, a streamed
/// answer, a WebSocket. It starts from what the loop hands it (``Start``: the decoder with what
/// was already read, and the head or answer in hand), reads on with blocking reads (keep-alive
/// and pipelined requests in order), and gives the connection back to its loop
/// (``ConnectionThreads/resume(_:storage:nextRequestIndex:)``) as soon as it waits for a request
/// with nothing of one read.
///
/// A body is read whole before the responder is called, unless the responder asks for it
/// streamed (``HTTPResponder/bodyDelivery(for:)``); then the responder pulls it from
/// ``HTTPRequestBody``, and a body it leaves unread closes the connection after the response.
struct HTTPServerConnection: Sendable {
    /// Where a thread takes a connection up.
    enum Start: Sendable {
        /// The head of the request to serve next; the decoder holds what followed it.
        case head(HTTPRequest, decoder: HTTPRequestDecoder)
        /// The responder's answer to `request`, to be written from this thread; the decoder holds
        /// what followed the request.
        case reply(HTTPReply, to: HTTPRequest, decoder: HTTPRequestDecoder)
        /// A request head broke the protocol or a limit, and the answer has a streamed body.
        case rejected(HTTPParseError)
        /// Nothing decoded yet: read from the decoder, then the socket.
        case nothingRead(HTTPRequestDecoder)
    }

    let socket: Socket
    let id: Int
    /// The event loop the connection is served on when no thread serves it.
    let loop: EventLoop
    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    /// Frees the connection's slot in the server; runs before the socket closes (so a peer that
    /// sees the close finds the slot already free), and may run more than once.
    let onEnd: @Sendable () -> Void

    /// Ends a connection, as `serve` ends one.
    func end(storage: HTTPConnectionStorage) {
        storage.close()
        onEnd()
        socket.close()
    }

    /// Serves on the calling thread from `start` until the connection ends, or until it waits for
    /// a request with nothing of one read: then it goes back to its loop through `threads` (nil:
    /// it stays on this thread).
    func serve(storage: HTTPConnectionStorage, from start: Start, firstRequestIndex: Int = 0, threads: ConnectionThreads?) {
        var handedBack = false
        defer { if !handedBack, !socket.isUpgraded { end(storage: storage) } }
        let decoder: HTTPRequestDecoder
        var first: HTTPRequestDecoder.Event?
        var pendingReply: (HTTPReply, HTTPRequest)?
        // A connection handed over with nothing decoded reads before it may go back: it came
        // here because its loop could not watch it.
        var mayGoBack = threads != nil
        switch start {
        case .head(let head, let buffered):
            decoder = buffered
            first = .head(head)
        case .reply(let reply, let request, let buffered):
            decoder = buffered
            pendingReply = (reply, request)
        case .rejected(let error):
            refuse(error)
            return
        case .nothingRead(let buffered):
            decoder = buffered
            mayGoBack = false
        }
        let reader = ConnectionReader(socket: socket, configuration: configuration, decoder: decoder,
                                      mayParkBeforeReading: mayGoBack)
        if let (reply, request) = pendingReply {
            guard respond(with: reply, to: request, reader: reader, storage: storage) else { return }
        }
        var current: HTTPRequest?
        var body: [UInt8] = []
        var requestIndex = firstRequestIndex
        while true {
            let event: HTTPRequestDecoder.Event
            if let pending = first {
                event = pending
                first = nil
            } else {
                do throws(ConnectionReader.Failure) { event = try reader.next(parkingWhenIdle: { threads != nil }) } catch {
                    // Nothing of a request buffered: the reader holds no state worth keeping, so the
                    // connection can wait on its loop and start afresh there.
                    if case .idle = error, let threads,
                       threads.resume(self, storage: storage, nextRequestIndex: requestIndex) {
                        handedBack = true
                        return
                    }
                    end(for: error)
                    return
                }
            }
            switch event {
            case .head(let head):
                current = head
                body = []
                // RFC 9110 §10.1.1: tell a client that waits for it to send the body.
                if head.headers.containsToken("100-continue", in: "Expect"), reader.isMidMessage || hasBody(head) {
                    guard (try? socket.write(ServerConnectionMachine.continueBytes)) != nil else { return }
                }
                if hasBody(head), responder.bodyDelivery(for: head) == .streamed {
                    current = nil
                    let streamed = HTTPRequestBody(reader: reader, declaredLength: head.headers.contentLength)
                    let context = HTTPRequestContext(peer: socket.peer, connectionID: id, requestIndex: requestIndex,
                                                     storage: storage, eventLoop: loop, body: streamed)
                    requestIndex += 1
                    guard respond(toStreamed: head, body: streamed, context: context, reader: reader) else { return }
                }
            case .body(let chunk):
                body.append(contentsOf: chunk)
            case .end:
                guard var request = current else { continue }  // the end of a streamed body read by its responder
                request.body = body
                current = nil
                let context = HTTPRequestContext(peer: socket.peer, connectionID: id, requestIndex: requestIndex,
                                                 storage: storage, eventLoop: loop)
                requestIndex += 1
                guard respond(to: request, context: context, reader: reader) else { return }
            }
        }
    }

    private func hasBody(_ request: HTTPRequest) -> Bool { ServerConnectionMachine.hasBody(request) }

    /// Answers a request whose body the responder reads itself. Returns whether to keep reading
    /// requests: only when the body was read to its end. A body that failed mid-way gets the
    /// server's answer for the failure instead of the responder's; one left unread ends the
    /// connection after the responder's answer.
    private func respond(toStreamed request: HTTPRequest, body: HTTPRequestBody, context: HTTPRequestContext,
                         reader: ConnectionReader) -> Bool {
        let reply = responder.respond(to: request, context: context)
        if let failure = body.failure {
            end(for: failure)
            return false
        }
        guard body.isComplete else {
            if case .response(let response) = reply {
                _ = try? ResponseWriter.write(response, to: socket, method: request.method, version: request.version,
                                              keepAlive: false)
            }
            onEnd()
            socket.lingeringClose()
            return false
        }
        return respond(with: reply, to: request, reader: reader, storage: context.storage)
    }

    /// Returns whether to keep reading requests on this connection.
    private func respond(to request: HTTPRequest, context: HTTPRequestContext, reader: ConnectionReader) -> Bool {
        respond(with: responder.respond(to: request, context: context), to: request, reader: reader, storage: context.storage)
    }

    private func respond(with reply: HTTPReply, to request: HTTPRequest, reader: ConnectionReader,
                         storage: HTTPConnectionStorage) -> Bool {
        switch reply {
        case .deferred(let later):
            return respond(with: later.wait(), to: request, reader: reader, storage: storage)
        case .response(let response):
            do throws(SocketError) {
                let closes = try ResponseWriter.write(response, to: socket, method: request.method,
                                                      version: request.version, keepAlive: request.keepsConnectionAlive)
                return !closes
            } catch {
                return false
            }
        case .reset:
            socket.reset()
            return false
        case .webSocket(let headers, let configuration, let handler):
            guard let head = acceptUpgrade(request, headers: headers), (try? socket.write(head)) != nil else { return false }
            // RFC 6455 §4.2.2: bytes after the upgrade request are already WebSocket frames. The
            // connection's loop reads and writes it from now on; this thread runs the handler.
            socket.setReadTimeout(milliseconds: nil)
            let connection = upgrade(bufferedBytes: reader.takeBufferedBytes(), configuration: configuration, storage: storage)
            handler(connection)
            if !connection.isEnded { connection.close(code: WebSocketCloseCode.goingAway, reason: "handler finished") }
            return false
        case .webSocketOnLoop(let headers, let configuration, let handler):
            guard let head = acceptUpgrade(request, headers: headers), (try? socket.write(head)) != nil else { return false }
            socket.setReadTimeout(milliseconds: nil)
            _ = upgrade(bufferedBytes: reader.takeBufferedBytes(), configuration: configuration, storage: storage,
                        handler: handler)
            return false
        }
    }

    /// The 101 head accepting the upgrade `request` asks for (RFC 6455 §4.2.2), with `headers`
    /// added; nil when the handshake is broken, after answering it with its refusal.
    private func acceptUpgrade(_ request: HTTPRequest, headers: HTTPHeaders) -> [UInt8]? {
        let key: String
        do throws(WebSocketHandshakeError) {
            key = try WebSocketHandshake.validate(request: request)
        } catch {
            _ = try? ResponseWriter.write(WebSocketHandshake.rejection(for: error), to: socket,
                                          method: request.method, version: request.version, keepAlive: false)
            return nil
        }
        let accept = WebSocketHandshake.acceptResponse(key: key, headers: headers)
        return try? HTTPEncoder.responseHead(status: accept.status, headers: accept.headers)
    }

    /// The upgraded connection, on this connection's loop; it owns the socket from now on, and
    /// frees the connection's slot when it closes.
    func upgrade(bufferedBytes: [UInt8], configuration: WebSocketConfiguration?, storage: HTTPConnectionStorage,
                 handler: (any WebSocketLoopHandler)? = nil, unsentHandshake: [UInt8] = []) -> WebSocketConnection {
        socket.markUpgraded()
        let onEnd = self.onEnd
        return WebSocketConnection(
            socket: socket, role: .server, configuration: configuration ?? self.configuration.webSocket,
            bufferedBytes: bufferedBytes, loop: loop, handler: handler, unsentHandshake: unsentHandshake,
            onClose: {
                storage.close()
                onEnd()
            })
    }

    /// Ends the connection for a read that failed: the answer for a broken or timed-out
    /// request, nothing for a client that went away.
    private func end(for failure: ConnectionReader.Failure) {
        switch failure {
        case .parse(let error): refuse(error)
        case .refused(let refusal): refuse(refusal)
        case .ended, .idle: break
        }
    }

    /// Answers a request that ran out of time (RFC 9110 §15.5.9: 408, then close), then closes
    /// without resetting, draining for at most a second (the client may be sending still). The
    /// connection's slot is freed before the drain: a lingering close serves no one.
    private func refuse(_ refusal: HTTPServerRefusal) {
        socket.setWriteTimeout(milliseconds: 1000)
        _ = try? ResponseWriter.write(refusal.response, to: socket, method: .get, version: .http1_1, keepAlive: false)
        onEnd()
        socket.lingeringClose()
    }

    /// The answer to a request that broke the protocol or a limit: the responder's, closing.
    private func response(for error: HTTPParseError) -> HTTPResponse {
        var response = responder.response(for: error)
        response.headers["Connection"] = "close"
        return response
    }

    /// The bytes `refuse(_:)` writes for `error`, for the loop to write without blocking; nil
    /// when the responder's answer has a streamed body.
    func answerBytes(for error: HTTPParseError) -> [UInt8]? {
        ResponseWriter.bytes(of: response(for: error), method: .get, version: .http1_1, keepAlive: false)
    }

    /// Answers a request that broke the protocol or a limit, then closes without resetting
    /// (the client may still be sending the body we refused).
    private func refuse(_ error: HTTPParseError) {
        _ = try? ResponseWriter.write(response(for: error), to: socket, method: .get, version: .http1_1, keepAlive: false)
        onEnd()
        socket.lingeringClose()
    }
}
