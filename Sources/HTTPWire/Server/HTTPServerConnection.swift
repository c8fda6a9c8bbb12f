/// Serves one accepted connection on a thread: reads requests (keep-alive and pipelined
/// ones in order), asks the responder, writes the replies, and hands an upgraded connection
/// to its WebSocket handler. While it waits for a request with nothing to read, it may give
/// its thread up to the ``RequestHeadLoop`` (see ``ConnectionThreads``), to be served again on
/// a new thread once a whole request head has arrived, from the bytes the loop read.
///
/// A body is read whole before the responder is called, unless the responder asks for it
/// streamed (``HTTPResponder/bodyDelivery(for:)``); then the responder pulls it from
/// ``HTTPRequestBody``, and a body it leaves unread closes the connection after the response.
struct HTTPServerConnection: Sendable {
    let socket: Socket
    let id: Int
    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    let heartbeat: WebSocketHeartbeat
    /// Where a waiting connection goes without a thread; nil: it never gives its thread up.
    let threads: ConnectionThreads?
    /// Frees the connection's slot in the server; runs before the socket closes (so a peer that
    /// sees the close finds the slot already free), and may run more than once.
    let onEnd: @Sendable () -> Void

    /// Serves a new connection on the calling thread.
    func serve() { serve(storage: HTTPConnectionStorage(), firstRequestIndex: 0, bufferedBytes: nil) }

    /// Ends a connection that is not being served (on the loop), as `serve` ends one.
    func end(storage: HTTPConnectionStorage) {
        storage.close()
        onEnd()
        socket.close()
    }

    /// Answers a request head the loop found broken or over a limit, as `serve` answers one
    /// read on a thread, and ends the connection.
    func answer(_ error: HTTPParseError, storage: HTTPConnectionStorage) {
        refuse(error)
        end(storage: storage)
    }

    /// Serves on the calling thread until the connection ends, or until it waits on the loop.
    /// `bufferedBytes` are what the loop already read (nil: nothing was read for this
    /// connection, which may go to the loop before reading). A connection handed over with
    /// none reads before it may go back: its bytes are waiting.
    func serve(storage: HTTPConnectionStorage, firstRequestIndex: Int, bufferedBytes: [UInt8]?) {
        var parked = false
        defer { if !parked { end(storage: storage) } }
        let reader = ConnectionReader(socket: socket, configuration: configuration, bufferedBytes: bufferedBytes ?? [],
                                      mayParkBeforeReading: bufferedBytes.map { !$0.isEmpty } ?? true)
        var current: HTTPRequest?
        var body: [UInt8] = []
        var requestIndex = firstRequestIndex
        let crowded = { [threads] in threads?.isCrowded ?? false }
        while true {
            let event: HTTPRequestDecoder.Event
            do throws(ConnectionReader.Failure) { event = try reader.next(parkingWhenIdle: crowded) } catch {
                // Nothing of a request buffered: the reader holds no state worth keeping, so the
                // connection can wait without this thread and start afresh on another.
                if case .idle = error, let threads,
                   threads.wait(self, storage: storage, nextRequestIndex: requestIndex) {
                    parked = true
                    return
                }
                end(for: error)
                return
            }
            switch event {
            case .head(let head):
                current = head
                body = []
                // RFC 9110 §10.1.1: tell a client that waits for it to send the body.
                if head.headers.containsToken("100-continue", in: "Expect"), reader.isMidMessage || hasBody(head) {
                    guard (try? socket.write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))) != nil else { return }
                }
                if hasBody(head), responder.bodyDelivery(for: head) == .streamed {
                    current = nil
                    let streamed = HTTPRequestBody(reader: reader, declaredLength: head.headers.contentLength)
                    let context = HTTPRequestContext(peer: socket.peer, connectionID: id, requestIndex: requestIndex,
                                                     storage: storage, body: streamed)
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
                                                 storage: storage)
                requestIndex += 1
                guard respond(to: request, context: context, reader: reader) else { return }
            }
        }
    }

    private func hasBody(_ request: HTTPRequest) -> Bool {
        request.headers.contains("Transfer-Encoding") || (request.headers["Content-Length"].map { $0 != "0" } ?? false)
    }

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
        return respond(with: reply, to: request, reader: reader)
    }

    /// Returns whether to keep reading requests on this connection.
    private func respond(to request: HTTPRequest, context: HTTPRequestContext, reader: ConnectionReader) -> Bool {
        respond(with: responder.respond(to: request, context: context), to: request, reader: reader)
    }

    private func respond(with reply: HTTPReply, to request: HTTPRequest, reader: ConnectionReader) -> Bool {
        switch reply {
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
            let key: String
            do throws(WebSocketHandshakeError) {
                key = try WebSocketHandshake.validate(request: request)
            } catch {
                _ = try? ResponseWriter.write(WebSocketHandshake.rejection(for: error), to: socket,
                                              method: request.method, version: request.version, keepAlive: false)
                return false
            }
            let accept = WebSocketHandshake.acceptResponse(key: key, headers: headers)
            guard let head = try? HTTPEncoder.responseHead(status: accept.status, headers: accept.headers),
                  (try? socket.write(head)) != nil
            else { return false }
            // RFC 6455 §4.2.2: bytes after the upgrade request are already WebSocket frames.
            let connection = WebSocketConnection(
                socket: socket, role: .server, configuration: configuration ?? self.configuration.webSocket,
                bufferedBytes: reader.takeBufferedBytes())
            socket.setReadTimeout(milliseconds: nil)
            heartbeat.register(connection)
            handler(connection)
            heartbeat.unregister(connection)
            if !connection.isEnded { connection.close(code: .goingAway, reason: "handler finished") }
            return false
        }
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
