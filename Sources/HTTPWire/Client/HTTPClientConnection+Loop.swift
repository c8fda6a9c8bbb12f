/// A plain-TCP client connection driven by an event loop: the request goes out without
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
    public enum LoopEvent: Sendable {
        /// The response's head (interim 1xx responses are skipped).
        case head(HTTPResponse)
        /// The next piece of its body.
        case body([UInt8])
        /// The response is complete: the connection may carry another exchange if ``isReusable``.
        case end
        /// The exchange failed (the connection is not reusable).
        case failed(HTTPClientError)
    }

    /// Opens a plain-TCP connection from `loop`'s thread without blocking it (names are
    /// resolved first, which may wait on the resolver); `done` is called once, on the loop's
    /// thread, with the connection (not attached yet) or why it could not be opened.
    public static func open(host: String, port: Int, limits: HTTPLimits = HTTPLimits(),
                            responseTimeout: Duration? = .seconds(60), connectTimeout: Duration = .seconds(10),
                            on loop: EventLoop, _ done: @escaping (Result<HTTPClientConnection, HTTPClientError>) -> Void) {
        LoopConnector.connect(host: host, port: port, on: loop, timeout: connectTimeout) { result in
            switch result {
            case .success(let socket):
                done(.success(HTTPClientConnection(socket: socket, host: host, port: port, limits: limits,
                                                   responseTimeout: responseTimeout)))
            case .failure(let error):
                done(.failure(HTTPClientError(error)))
            }
        }
    }

    /// The loop driving the connection now, if any.
    public var attachedLoop: EventLoop? { onLoop?.loop }

    /// Lets `loop` drive the connection from now on (call on the loop's thread; plain TCP or TLS
    /// after its handshake). While no exchange is under way the loop keeps watching it: bytes or
    /// the end of the stream then mean the upstream gave the connection up, and it is closed and
    /// `onClosedWhileIdle` is called.
    public func attach(to loop: EventLoop, onClosedWhileIdle: @escaping () -> Void) throws(HTTPClientError) {
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
    /// a thread may then use the blocking calls.
    public func detach() { leaveLoop() }

    /// Sends `request` and reads its response on the attached loop, without blocking (call on
    /// the loop's thread). `handler` hears the head, the body's pieces and the end, or a
    /// failure. Each read may wait `responseTimeout` for the next byte; then the exchange
    /// fails with `.timedOut`. A request that cannot be written whole (the server stopped
    /// reading, say after answering early) still has its response read.
    public func exchange(_ request: HTTPRequest, _ handler: @escaping (LoopEvent) -> Void) {
        guard let attachment = onLoop, !socket.isClosed else {
            return handler(.failed(.socket(SocketError(kind: .closed, operation: "exchange on a connection no loop drives"))))
        }
        let bytes: [UInt8]
        do throws(HTTPClientError) { bytes = try encode(request) } catch {
            closeAfterResponse = true
            return handler(.failed(error))
        }
        attachment.start(bytes, handler: handler)
    }

    /// Stops reading the response for now (its consumer is behind); the timeout is paused too.
    public func pauseReading() { onLoop?.setPaused(true) }

    /// Reads the response on after ``pauseReading()``.
    public func resumeReading() { onLoop?.setPaused(false) }

    /// Ends the loop's part (on close or detach).
    func leaveLoop() {
        guard let attachment = onLoop else { return }
        onLoop = nil
        attachment.leave()
    }
}

/// What an event loop keeps for a client connection it drives: its registration, the exchange
/// under way, the request bytes the socket has not taken yet, and the read timer.
final class LoopAttachment: EventLoopSocket, @unchecked Sendable {
    // Unchecked: touched on `loop`'s thread only.
    let loop: EventLoop
    var token: UInt64?
    private let connection: HTTPClientConnection
    private let onClosedWhileIdle: () -> Void
    private var handler: ((HTTPClientConnection.LoopEvent) -> Void)?
    private var unsent: ArraySlice<UInt8> = []
    private var sawHead = false
    private var paused = false
    private var wasPaused = false
    private var timer: UInt64?
    /// Counts exchanges, so that a handler that started another one is not handed this one's events.
    private var exchangeNumber = 0

    init(connection: HTTPClientConnection, loop: EventLoop, onClosedWhileIdle: @escaping () -> Void) {
        self.connection = connection
        self.loop = loop
        self.onClosedWhileIdle = onClosedWhileIdle
    }

    func start(_ bytes: [UInt8], handler: @escaping (HTTPClientConnection.LoopEvent) -> Void) {
        self.handler = handler
        exchangeNumber += 1
        sawHead = false
        paused = false
        unsent = bytes[...]
        armTimer()
        flush()
        updateInterest()
    }

    func setPaused(_ paused: Bool) {
        guard self.paused != paused else { return }
        self.paused = paused
        if paused {
            cancelTimer()
        } else {
            armTimer()
            deliver()
        }
        updateInterest()
    }

    func leave() {
        cancelTimer()
        handler = nil
        if let token { loop.deregister(token) }
        token = nil
    }

    // MARK: EventLoopSocket

    func readable() {
        var failure: SocketError?
        let socket = connection.socket
        let count = connection.decoder.feed(capacity: 65_536) { buffer -> Int in
            do throws(SocketError) { return try socket.readWithoutBlocking(into: buffer) ?? -1 } catch {
                failure = error
                return 0
            }
        }
        if count < 0 { return }  // nothing after all
        guard handler != nil else {
            // Idle: the upstream closed, failed, or sent what no request asked for.
            connection.close()
            return onClosedWhileIdle()
        }
        if let failure {
            return fail(HTTPClientError(failure))
        }
        if count == 0 {
            connection.reachedEndOfStream = true
            connection.decoder.finish()
        } else {
            armTimer()
        }
        deliver()
        // TLS may hold decrypted bytes the kernel no longer reports: read them on the next turn.
        if count > 0, socket.hasBufferedInput { loop.execute { [self] in readable() } }
    }

    func writable() {
        flush()
        updateInterest()
    }

    func loopStopped() {
        fail(.socket(SocketError(kind: .closed, operation: "the event loop stopped")))
        connection.close()
    }

    // MARK: Steps

    /// Hands the handler every event the decoder has, until it needs bytes or the exchange ends.
    private func deliver() {
        let number = exchangeNumber
        while let handler, !paused, number == exchangeNumber {
            let event: HTTPResponseDecoder.Event?
            do throws(HTTPParseError) { event = try connection.decoder.next() } catch { return fail(.parse(error)) }
            switch event {
            case .head(let response)?:
                sawHead = true
                if response.headers.containsToken("close", in: "Connection") || response.version == .http1_0 {
                    connection.closeAfterResponse = true
                }
                handler(.head(response))
            case .body(let bytes)?:
                handler(.body(bytes))
            case .end?:
                // The request's bytes not all taken: the connection is mid-message, carry nothing more.
                if !unsent.isEmpty { connection.closeAfterResponse = true }
                finishExchange()
                return handler(.end)
            case nil:
                guard connection.reachedEndOfStream else { return }
                return fail(sawHead ? .parse(.truncated) : .closedBeforeResponse)
            }
        }
    }

    /// Writes what the socket takes of the request (and ciphertext TLS held back).
    private func flush() {
        guard !unsent.isEmpty || connection.socket.hasUnsentBytes else { return }
        do throws(SocketError) {
            let count = try connection.socket.writeWithoutBlocking(unsent)
            unsent = unsent.dropFirst(count)
            if count > 0 { armTimer() }
        } catch where error.kind == .brokenPipe || error.kind == .connectionReset {
            // The server may have answered and closed already (e.g. 413); let the read tell.
            unsent = []
            connection.closeAfterResponse = true
        } catch {
            fail(HTTPClientError(error))
        }
    }

    private func fail(_ error: HTTPClientError) {
        guard let handler else { return }
        connection.closeAfterResponse = true
        finishExchange()
        handler(.failed(error))
    }

    private func finishExchange() {
        handler = nil
        unsent = []
        cancelTimer()
        updateInterest()
    }

    private func updateInterest() {
        guard let token else { return }
        var interest: ReadinessPoller.Interest = paused ? [] : .readable
        if !unsent.isEmpty || connection.socket.hasUnsentBytes { interest.insert(.writable) }
        loop.setInterest(interest, for: token)
        // Reading again after a pause: a TLS session may hold decrypted bytes the kernel will not
        // report, so they are read on the loop's next turn.
        if !paused, wasPaused, connection.socket.hasBufferedInput { loop.execute { [self] in readable() } }
        wasPaused = paused
    }

    private func armTimer() {
        cancelTimer()
        guard handler != nil, let timeout = connection.responseTimeout else { return }
        let number = exchangeNumber
        timer = loop.scheduleTimer(at: loop.now + timeout) { [self] in
            timer = nil
            guard number == exchangeNumber else { return }
            fail(.socket(SocketError(kind: .timedOut, operation: "read the response from \(connection.host):\(connection.port)")))
        }
    }

    private func cancelTimer() {
        if let timer { loop.cancelTimer(timer) }
        timer = nil
    }
}
