/// What an event loop keeps for a client connection it drives: its registration, the exchange
/// under way, the request bytes the socket has not taken yet (and, for a body written as it is
/// produced, whether more may come), and the read timer.
///
/// The timer bounds how long the server may take no byte of the request and send none of the
/// response. It does not run while the exchange waits only for its own producer (a request body
/// still open, everything written so far taken, no response yet), nor while reading is paused
/// with nothing of the request waiting for the server.
final class LoopAttachment: EventLoopSocket, @unchecked Sendable {
    // Unchecked: touched on `loop`'s thread only.
    let loop: EventLoop
    var token: UInt64?
    private let connection: HTTPClientConnection
    private let onClosedWhileIdle: () -> Void
    private var handler: ((HTTPClientConnection.LoopEvent) -> Void)?
    private var unsent: [ArraySlice<UInt8>] = []
    private var unsentCount = 0
    /// A request body is still being produced (``HTTPRequestBodyWriter``).
    private var bodyOpen = false
    /// The server stopped taking the request (it may have answered early): the rest is dropped.
    private var discarding = false
    /// Producers waiting for the request's queue to drain.
    private var roomHandlers: [() -> Void] = []
    private var sawHead = false
    private var paused = false
    private var wasPaused = false
    /// Why the last read failed (a reset): told once what was read before it is delivered.
    private var readFailure: SocketError?
    private var timer: UInt64?
    /// Counts exchanges, so that a handler that started another one is not handed this one's events.
    private(set) var exchangeNumber = 0

    init(connection: HTTPClientConnection, loop: EventLoop, onClosedWhileIdle: @escaping () -> Void) {
        self.connection = connection
        self.loop = loop
        self.onClosedWhileIdle = onClosedWhileIdle
    }

    /// Starts an exchange whose request is `bytes`; with `bodyFollows`, a body follows them
    /// (``queueBody(_:of:)`` until ``endBody(_:of:)``).
    func start(_ bytes: [UInt8], bodyFollows: Bool = false, handler: @escaping (HTTPClientConnection.LoopEvent) -> Void) {
        self.handler = handler
        exchangeNumber += 1
        sawHead = false
        paused = false
        readFailure = nil
        discarding = false
        bodyOpen = bodyFollows
        unsent = []
        unsentCount = 0
        append(bytes)
        armTimer()
        flush()
        updateInterest()
    }

    func setPaused(_ paused: Bool) {
        guard self.paused != paused else { return }
        self.paused = paused
        armTimer()
        if !paused { deliver() }
        updateInterest()
    }

    func leave() {
        cancelTimer()
        handler = nil
        bodyOpen = false
        if let token { loop.deregister(token) }
        token = nil
        releaseRoomWaiters()
    }

    // MARK: A request body written as it is produced

    /// Whether exchange `number`'s body is still taken (not over, not refused by the server).
    func takesBody(of number: Int) -> Bool { number == exchangeNumber && handler != nil && bodyOpen && !discarding }

    /// Request bytes of exchange `number` the socket has not taken yet (0 once they go nowhere).
    func queuedBytes(of number: Int) -> Int { takesBody(of: number) ? unsentCount : 0 }

    /// Queues the next framed piece of exchange `number`'s body and writes what the socket takes.
    func queueBody(_ bytes: [UInt8], of number: Int) {
        guard takesBody(of: number), !bytes.isEmpty else { return }
        let waitedForProducer = waitsOnlyForProducer
        append(bytes)
        flush()
        if waitedForProducer, timer == nil, !waitsOnlyForProducer { armTimer() }
        updateInterest()
    }

    /// Ends exchange `number`'s body with `last` (the last chunk, or nothing): the response is
    /// awaited from now on.
    func endBody(_ last: [UInt8], of number: Int) {
        guard number == exchangeNumber, handler != nil, bodyOpen else { return }
        bodyOpen = false
        if !discarding { append(last) }
        flush()
        armTimer()
        updateInterest()
    }

    /// Calls `body` once exchange `number`'s queue is down to `lowWater`, or its body goes nowhere.
    func whenRoom(of number: Int, lowWater: Int, _ body: @escaping () -> Void) {
        guard takesBody(of: number), unsentCount > lowWater else { return body() }
        roomHandlers.append(body)
    }

    // MARK: EventLoopSocket

    func readable() {
        // A read this attachment scheduled for itself may run after it left the loop: the
        // connection may be someone else's by then (an upgrade's 101 ends the exchange inside
        // the read that brought it, and the WebSocket takes the socket over). It must not read,
        // or it takes their bytes and closes their socket.
        guard token != nil else { return }
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
        if count == 0 {
            // The end, or a reset: what was read before it is still delivered (a response the
            // server sent whole before resetting is not lost), then the failure, if any.
            readFailure = failure
            connection.decoder.finish()
            if paused { stopWatching() }
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
        if unsentCount <= HTTPRequestBodyWriter.lowWater || discarding { releaseRoomWaiters() }
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
                // The request not all sent: the connection is mid-message, carry nothing more.
                if unsentCount > 0 || bodyOpen { connection.closeAfterResponse = true }
                finishExchange()
                handler(.end)
                return releaseRoomWaiters()
            case nil:
                guard connection.decoder.reachedEndOfStream else { return }
                if let readFailure { return fail(HTTPClientError(readFailure)) }
                return fail(sawHead ? .parse(.truncated) : .closedBeforeResponse)
            }
        }
    }

    /// Nothing more can be read, and reading is paused: the socket is watched no more (a reset
    /// one would be reported ready on every turn of the loop), and what the request still had to
    /// send is dropped. The events already read are delivered once reading resumes.
    private func stopWatching() {
        if let token { loop.deregister(token) }
        token = nil
        if unsentCount > 0 || bodyOpen { discarding = true }
        unsent = []
        unsentCount = 0
        connection.closeAfterResponse = true
        cancelTimer()
    }

    /// Whether the exchange waits for nothing but its own producer: a body still open, all of it
    /// written so far taken, and no response begun. No timer runs then.
    private var waitsOnlyForProducer: Bool {
        bodyOpen && !discarding && !sawHead && unsentCount == 0 && !connection.socket.hasUnsentBytes
    }

    private func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        unsent.append(bytes[...])
        unsentCount += bytes.count
    }

    /// Writes what the socket takes of the request (and ciphertext TLS held back).
    private func flush() {
        guard unsentCount > 0 || connection.socket.hasUnsentBytes else { return }
        do throws(SocketError) {
            var written = 0
            repeat {
                let count = try connection.socket.writeWithoutBlocking(unsent.first ?? ArraySlice())
                written += count
                unsentCount -= count
                if let first = unsent.first {
                    let rest = first.dropFirst(count)
                    if rest.isEmpty { unsent.removeFirst() } else { unsent[0] = rest }
                    if !rest.isEmpty { break }  // the socket is full
                }
            } while !unsent.isEmpty
            if written > 0 { armTimer() }
        } catch where error.kind == .brokenPipe || error.kind == .connectionReset {
            // The server may have answered and closed already (e.g. 413); let the read tell.
            unsent = []
            unsentCount = 0
            discarding = true
            connection.closeAfterResponse = true
            armTimer()  // nothing waits for the server to take it any more
        } catch {
            fail(HTTPClientError(error))
        }
    }

    private func fail(_ error: HTTPClientError) {
        guard let handler else { return }
        connection.closeAfterResponse = true
        finishExchange()
        handler(.failed(error))
        releaseRoomWaiters()
    }

    private func finishExchange() {
        handler = nil
        unsent = []
        unsentCount = 0
        bodyOpen = false
        cancelTimer()
        updateInterest()
    }

    /// Tells the producers waiting for room (they find room, or that their body goes nowhere).
    private func releaseRoomWaiters() {
        guard !roomHandlers.isEmpty else { return }
        for body in exchange(&roomHandlers, with: []) { body() }
    }

    private func updateInterest() {
        guard let token else { return }
        var interest: ReadinessPoller.Interest = paused ? [] : .readable
        if unsentCount > 0 || connection.socket.hasUnsentBytes { interest.insert(.writable) }
        loop.setInterest(interest, for: token)
        // Reading again after a pause: a TLS session may hold decrypted bytes the kernel will not
        // report, so they are read on the loop's next turn.
        if !paused, wasPaused, connection.socket.hasBufferedInput { loop.execute { [self] in readable() } }
        wasPaused = paused
    }

    private func armTimer() {
        cancelTimer()
        let waitsForServer = !paused || unsentCount > 0 || connection.socket.hasUnsentBytes
        guard handler != nil, waitsForServer, !waitsOnlyForProducer, let timeout = connection.responseTimeout else { return }
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
