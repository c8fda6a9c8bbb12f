/// A client connection driven by an event loop: the request goes out without
/// blocking, the response's events come back on the loop's thread, and between exchanges the
/// loop keeps watching it, so an upstream that closes an idle connection is noticed at once.
///
/// ```swift
/// HTTPClientConnection.open(host: "127.0.0.1", port: 8080, on: loop) { result in
///     guard case .success(let connection) = result else { return }
///     try? connection.attach(to: loop) { /* closed while idle */ }
///     connection.exchange(HTTPRequest(method: .get, target: "/devices")) { event in … }
/// }
/// ```
extension HTTPClientConnection {
    /// What an exchange driven by an event loop hears, in order, on the loop's thread.
    package enum LoopEvent: Sendable {
        /// The response's head (interim 1xx responses are skipped).
        case head(HTTPResponse)
        /// The next piece of its body.
        case body([UInt8])
        /// The response is complete: the connection may carry another exchange if ``isReusable``.
        case end
        /// The exchange failed (the connection is not reusable).
        case failed(HTTPClientError)
    }

    /// Opens a connection from `loop`'s thread without blocking it: plain TCP is connected there
    /// (names are resolved first, which may wait on the resolver); with `tls` the connect and the
    /// handshake, which block, run on a thread of their own and the connection is handed back to
    /// the loop. `done` is called once, on the loop's thread, with the connection (not attached
    /// yet) or why it could not be opened.
    package static func open(host: String, port: Int, tls: TLSClientConfiguration? = nil, limits: HTTPLimits = HTTPLimits(),
                            responseTimeout: Duration? = .seconds(60), connectTimeout: Duration = .seconds(10),
                            on loop: EventLoop, _ done: @escaping @Sendable (Result<HTTPClientConnection, HTTPClientError>) -> Void) {
        guard let tls else {
            return LoopConnector.connect(host: host, port: port, on: loop, timeout: connectTimeout) { result in
                done(result.map { HTTPClientConnection(socket: $0, host: host, port: port, limits: limits, responseTimeout: responseTimeout) }
                    .mapError(HTTPClientError.init))
            }
        }
        startThread(name: "tls-connect") {
            let result = Result { () throws(HTTPClientError) -> HTTPClientConnection in
                try HTTPClientConnection(host: host, port: port, tls: tls, limits: limits, connectTimeout: connectTimeout,
                                         responseTimeout: responseTimeout)
            }
            // A loop that is stopping takes no work: the connection would reach no one.
            if !loop.execute({ done(result) }), case .success(let connection) = result { connection.close() }
        }
    }

    /// Opens a connection as ``open(host:port:tls:limits:responseTimeout:connectTimeout:on:_:)``
    /// does and attaches it to `loop`, for an owner that needs no word of an idle close (the
    /// connection is closed then, and its next exchange fails).
    package static func openAttached(host: String, port: Int, tls: TLSClientConfiguration? = nil,
                                     timeouts: (connect: Duration, response: Duration), on loop: EventLoop,
                                     _ done: @escaping @Sendable (Result<HTTPClientConnection, HTTPClientError>) -> Void) {
        open(host: host, port: port, tls: tls, responseTimeout: timeouts.response, connectTimeout: timeouts.connect, on: loop) { opened in
            done(opened.flatMap { connection in
                do throws(HTTPClientError) { try connection.attach(to: loop, onClosedWhileIdle: {}) } catch {
                    connection.close()
                    return .failure(error)
                }
                return .success(connection)
            })
        }
    }

    /// Sends `request` on a connection of its own, opened and driven by `loop`, and returns the
    /// whole response; the connection is closed after it. Nothing blocks a thread while it waits.
    /// A task cancelled meanwhile still waits for the answer, or for a timeout to end it.
    package static func fetch(_ request: HTTPRequest, host: String, port: Int, tls: TLSClientConfiguration? = nil,
                              connectTimeout: Duration = .seconds(10), responseTimeout: Duration = .seconds(60),
                              on loop: EventLoop? = EventLoop.sharedClientLoop) async throws(HTTPClientError) -> HTTPResponse {
        guard let loop else { throw .noEventLoop }
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, HTTPClientError>, Never>) in
            let submitted = loop.execute {
                openAttached(host: host, port: port, tls: tls, timeouts: (connectTimeout, responseTimeout), on: loop) { opened in
                    let connection: HTTPClientConnection
                    do throws(HTTPClientError) { connection = try opened.get() } catch {
                        return continuation.resume(returning: .failure(error))
                    }
                    connection.fetch(request) { result in
                        connection.close()
                        continuation.resume(returning: result)
                    }
                }
            }
            if !submitted { continuation.resume(returning: .failure(.noEventLoop)) }
        }
        return try result.get()
    }

    /// The loop driving the connection now, if any.
    package var attachedLoop: EventLoop? { onLoop?.loop }

    /// Lets `loop` drive the connection from now on (call on the loop's thread; plain TCP or TLS
    /// after its handshake). While no exchange is under way the loop keeps watching it: bytes or
    /// the end of the stream then mean the upstream gave the connection up, and it is closed and
    /// `onClosedWhileIdle` is called.
    package func attach(to loop: EventLoop, onClosedWhileIdle: @escaping () -> Void) throws(HTTPClientError) {
        guard onLoop == nil else { return }
        let attachment = LoopAttachment(connection: self, loop: loop, onClosedWhileIdle: onClosedWhileIdle)
        do throws(SocketError) {
            attachment.token = try loop.register(attachment, descriptor: socket.descriptor, interest: .readable)
        } catch {
            throw HTTPClientError(error)
        }
        onLoop = attachment
        // A TLS session may hold decrypted bytes the kernel will not report: look at them now.
        if socket.hasBufferedInput { loop.execute { attachment.readable() } }
    }

    /// Stops the loop driving the connection (call on its thread, with no exchange under way):
    /// a thread may then use the blocking calls. `close()` does it too.
    package func detach() {
        guard let attachment = onLoop else { return }
        onLoop = nil
        attachment.leave()
    }

    /// Sends `request` and reads its response on the attached loop, without blocking (call on
    /// the loop's thread). `handler` hears the head, the body's pieces and the end, or a
    /// failure. Each read may wait `responseTimeout` for the next byte; then the exchange
    /// fails with `.timedOut`. A request that cannot be written whole (the server stopped
    /// reading, say after answering early) still has its response read.
    package func exchange(_ request: HTTPRequest, _ handler: @escaping (LoopEvent) -> Void) {
        _ = start({ () throws(HTTPClientError) in try encode(request) }, bodyFollows: false, handler)
    }

    /// Sends `request` and hands `done` the whole response, body included, on the attached loop
    /// (call on the loop's thread), or why there is none, as ``exchange(_:_:)`` reads it.
    package func fetch(_ request: HTTPRequest, _ done: @escaping (Result<HTTPResponse, HTTPClientError>) -> Void) {
        var answer: HTTPResponse?
        var body: [UInt8] = []
        exchange(request) { event in
            switch event {
            case .head(let response): answer = response
            case .body(let bytes): body.append(contentsOf: bytes)
            case .failed(let error): done(.failure(error))
            case .end:
                guard var answer else { return done(.failure(.closedBeforeResponse)) }
                answer.body = .bytes(body)
                done(.success(answer))
            }
        }
    }

    /// Sends `head` and then a body written as it is produced through the writer returned, and
    /// reads the response on the attached loop, without blocking (call on the loop's thread):
    /// the body is framed with `Content-Length: bodyLength`, or chunked when `bodyLength` is
    /// `nil` (RFC 9112 §6); `head.body` is ignored.
    /// `handler` hears the response as for ``exchange(_:_:)``, whenever it comes: a server that
    /// answers before the body is all sent (say 413) is heard, and the rest of the body is then
    /// dropped. The response timeout does not run while the exchange waits only for the body's
    /// producer.
    @discardableResult
    package func exchangeStreaming(_ head: HTTPRequest, bodyLength: Int?,
                                  _ handler: @escaping (LoopEvent) -> Void) -> HTTPRequestBodyWriter {
        let attachment = start({ () throws(HTTPClientError) in try encodeHead(head, bodyLength: bodyLength) },
                               bodyFollows: true, handler)
        return HTTPRequestBodyWriter(attachment: attachment, exchange: attachment?.exchangeNumber ?? 0, chunked: bodyLength == nil)
    }

    /// Starts an exchange on the attached loop with the request bytes `encode` gives; `nil`, the
    /// handler told why, when there is no loop or the request cannot be encoded.
    private func start(_ encode: () throws(HTTPClientError) -> [UInt8], bodyFollows: Bool,
                       _ handler: @escaping (LoopEvent) -> Void) -> LoopAttachment? {
        guard let attachment = onLoop, !socket.isClosed else {
            handler(.failed(.socket(SocketError(kind: .closed, operation: "exchange on a connection no loop drives"))))
            return nil
        }
        let bytes: [UInt8]
        do throws(HTTPClientError) { bytes = try encode() } catch {
            closeAfterResponse = true
            handler(.failed(error))
            return nil
        }
        attachment.start(bytes, bodyFollows: bodyFollows, handler: handler)
        return attachment
    }

    /// Stops reading the response for now (its consumer is behind); the timeout is paused too,
    /// unless request bytes wait for the server to take them.
    package func pauseReading() { onLoop?.setPaused(true) }

    /// Reads the response on after ``pauseReading()``.
    package func resumeReading() { onLoop?.setPaused(false) }
}
