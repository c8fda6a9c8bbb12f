/// The event loop's side of a ``WebSocketConnection``: it reads the socket and feeds the
/// machine, hands what is decoded to the connection's ``WebSocketLoopHandler`` (its own, or the
/// inbox `receive()` reads), writes what the socket would not take at once, keeps the
/// machine's deadline and the write-progress and receive timers, and ends TCP the role's way.
final class WebSocketDriver: EventLoopSocket, @unchecked Sendable {
    // Unchecked: every property is touched on the connection's loop thread only (`connection`
    // is set once by the connection's init, before the loop can reach the driver).

    enum Ending {
        case open
        /// Writing out what is queued, until the deadline.
        case flushing(until: Duration)
        /// Our FIN is out (server), or we wait for the server's (client): reading and
        /// discarding until the end of the stream or the deadline.
        case draining(until: Duration)
        case closed
    }

    /// Set by the connection's init; released once the connection is closed (breaking the
    /// reference cycle the loop keeps alive while it drives the connection).
    var connection: WebSocketConnection?
    let handler: any WebSocketLoopHandler
    var token: UInt64?
    var deadlineTimer: (token: UInt64, deadline: Duration)?
    var writeTimer: UInt64?
    var endingTimer: UInt64?
    var receiveTimer: UInt64?
    private var receiveTimeout: Duration?
    private var lastReceived = Duration.zero
    var ending = Ending.open
    var deliveredEnd = false
    /// The handler asked for no more for now (``WebSocketConnection/pauseReading()``).
    private var handlerPaused = false
    /// Whether the socket was watched for reading at the last ``updateInterest()``.
    private var wasReading = true

    init(handler: any WebSocketLoopHandler) {
        self.handler = handler
    }

    // MARK: Starting

    /// Registers the socket and performs the machine's opening actions (on the loop's thread).
    func start(opening: [WebSocketStateMachine.Action]) {
        guard let connection else { return }
        do throws(SocketError) {
            token = try connection.eventLoop.register(self, descriptor: connection.socket.descriptor, interest: .readable)
        } catch {
            connection.socket.shutdown()
            connection.state.withLock { $0.endOfStream = true }
        }
        lastReceived = connection.now
        if opening.contains(where: { if case .armDeadline = $0 { true } else { false } }) { arm() }
        handler.opened(connection)
        deliver()
        // A TLS session may already hold decrypted bytes that came with the handshake's answer;
        // the kernel has nothing more to report, so they are read now.
        if connection.socket.hasBufferedInput { readable() }
    }

    // MARK: EventLoopSocket

    func readable() {
        guard let connection else { return }
        let socket = connection.socket
        var bytes: Int?
        do throws(SocketError) {
            bytes = try connection.eventLoop.scratch { buffer throws(SocketError) -> Int? in
                guard let count = try socket.readWithoutBlocking(into: buffer) else { return nil }
                if count > 0, case .open = ending {
                    connection.state.withLock { $0.machine.receive(UnsafeRawBufferPointer(rebasing: buffer[..<count])) }
                }
                return count
            }
        } catch {
            bytes = 0  // reset, or shut down by us or a stopping server: the end of the stream
        }
        guard let count = bytes else { return }
        if count == 0 {
            if case .draining = ending { return closeNow() }
            connection.state.withLock { $0.endOfStream = true }
        } else {
            lastReceived = connection.now
        }
        if case .open = ending { deliver() } else { updateInterest() }
        // TLS may hold decrypted bytes the kernel no longer reports: read them on the next turn.
        if count > 0, socket.hasBufferedInput { connection.eventLoop.execute { [self] in readable() } }
    }

    /// Writes what is queued, as far as the socket takes it without blocking. The lock is held
    /// only to take the bytes and to count what went: no write happens under it, and this
    /// thread is the only writer, so the bytes go out in the order they were queued.
    func writable() {
        guard let connection else { return }
        let socket = connection.socket
        var closeWentOut = false
        while let bytes = connection.state.withLock({ $0.nextWrite(over: socket) }) {
            let written = Result { () throws(SocketError) in try socket.writeWithoutBlocking(bytes[...]) }
            let now = connection.now
            let outcome = connection.state.withLock { $0.wrote(written, over: socket, now: now) }
            closeWentOut = closeWentOut || outcome.closeWentOut
            if !outcome.writeOn { break }
        }
        // Our close frame reached the peer's side: its answer is due a close timeout from now.
        if closeWentOut { _ = connection.step { machine, now in machine.closeFrameWritten(now: now) } }
        let drained = connection.state.withLock { !$0.waitsToWrite(over: socket) }
        if drained, case .flushing = ending { return finishTransport() }
        updateInterest()
    }

    func loopStopped() {
        connection?.socket.shutdown()
        closeNow()
    }

    // MARK: Work from the connection

    /// Performs the machine's actions that are the loop's, in this order: the deadline first (a
    /// close frame written by the flush moves it on), then the flush (bytes were queued, or the
    /// transport ends), then the end of the transport (after the frames queued before it).
    func perform(_ actions: [WebSocketStateMachine.Action], flushing: Bool) {
        if actions.contains(where: { if case .armDeadline = $0 { true } else { false } }) { arm() }
        let ending = actions.filter { $0 == .dropTransport || $0 == .finishTransport }
        if flushing || !ending.isEmpty { writable() }
        for action in ending {
            // Dropped: TCP ends at once, without a further word; finished: the role's way (§7.1.1).
            if action == .dropTransport { connection?.socket.shutdown() } else { beginEnding() }
        }
    }

    /// Holds delivery and reading back for the handler, or lets them go on.
    func setHandlerPaused(_ paused: Bool) {
        guard handlerPaused != paused else { return }
        handlerPaused = paused
        updateInterest()
        // What is buffered is delivered on the loop's next turn, never from inside the handler
        // that asked to resume (it may be in the middle of handling a delivery itself).
        if !paused, let loop = connection?.eventLoop { loop.execute { [self] in deliver() } }
    }

    func setReceiveTimeout(_ timeout: Duration?) {
        receiveTimeout = timeout
        armReceiveTimer()
    }

    // MARK: Delivering

    /// Hands over what the machine decodes: each message or frame, then the end, to the handler.
    func deliver() {
        guard let connection else { return }
        let mode = handler.receiveMode
        while !deliveredEnd, !handlerPaused {
            var delivery = connection.step { machine, _ in machine.nextDelivery(as: mode) }
            if delivery == nil, connection.state.withLock({ $0.endOfStream }) {
                delivery = connection.step { machine, _ in machine.endOfStream() }
            }
            guard let delivery else { break }
            switch delivery {
            case .message(let message): handler.received(message, on: connection)
            case .frame(let frame): handler.received(frame, on: connection)
            case .closed(let info):
                deliveredEnd = true
                handler.ended(info, on: connection)
            case .cancelled:
                break  // the answer of a cancelled `receive()`, never the machine's
            }
        }
        updateInterest()
    }

    /// Watches the socket for what is wanted now, and keeps the write-progress timer.
    func updateInterest() {
        guard let connection, let token else { return }
        let (reads, writes) = connection.state.withLock { state -> (Bool, Bool) in
            let reads: Bool
            switch ending {
            case .open: reads = !state.endOfStream && !handlerPaused
            case .flushing: reads = false
            case .draining: reads = true
            case .closed: reads = false
            }
            return (reads, state.waitsToWrite(over: connection.socket))
        }
        var interest: ReadinessPoller.Interest = []
        if reads { interest.insert(.readable) }
        if writes { interest.insert(.writable) }
        connection.eventLoop.setInterest(interest, for: token)
        if writes, writeTimer == nil { armWriteTimer() }
        // Reading again after a pause: a TLS session may hold decrypted bytes the kernel will not
        // report, so they are read on the loop's next turn.
        if reads, !wasReading, connection.socket.hasBufferedInput {
            connection.eventLoop.execute { [self] in readable() }
        }
        wasReading = reads
    }

    // MARK: Timers

    /// Calls the machine back at the deadline it announced last (machine time), replacing the
    /// alarm armed before. That one, not the one a work item carried: work from another thread
    /// may reach the loop after a later deadline the loop's own steps announced (its flush wrote
    /// that thread's close frame first).
    private func arm() {
        guard let connection, let deadline = connection.state.withLock({ $0.machine.armedDeadline }) else { return }
        if let armed = deadlineTimer {
            guard armed.deadline != deadline else { return }
            connection.eventLoop.cancelTimer(armed.token)
        }
        let token = connection.eventLoop.scheduleTimer(at: connection.opened + deadline) { [self] in
            deadlineTimer = nil
            guard let connection = self.connection else { return }
            // Our close frame still waits behind what was queued before it: the peer cannot have
            // answered it, so its deadline runs on (the write timeout still bounds a stuck peer).
            let closeStillQueued = connection.state.withLock { $0.closeFrameEnd != nil }
            _ = connection.step { machine, now in
                closeStillQueued ? machine.closeFrameWritten(now: now) : machine.deadlineReached(deadline, now: now)
            }
            deliver()
        }
        deadlineTimer = (token, deadline)
    }

    /// Gives up on a peer that takes no byte for the write timeout (as a blocked write would time out).
    private func armWriteTimer() {
        guard let connection else { return }
        let (waiting, since) = connection.state.withLock { ($0.waitsToWrite(over: connection.socket), $0.lastWriteProgress) }
        guard waiting else { return }
        let limit = connection.configuration.writeTimeout
        writeTimer = connection.eventLoop.scheduleTimer(at: connection.opened + since + limit) { [self] in
            writeTimer = nil
            guard let connection = self.connection else { return }
            let now = connection.now
            let stalled = connection.state.withLock { state -> Bool in
                guard state.waitsToWrite(over: connection.socket), now - state.lastWriteProgress >= limit else { return false }
                if state.sendFailure == nil || state.sendFailure == .closed {
                    state.sendFailure = .socket(SocketError(kind: .timedOut, operation: "write"))
                }
                return true
            }
            if stalled { connection.socket.shutdown() } else { armWriteTimer() }
        }
    }

    /// Ends the connection as abnormal when nothing arrives for the receive timeout.
    private func armReceiveTimer() {
        guard let connection else { return }
        if let receiveTimer { connection.eventLoop.cancelTimer(receiveTimer) }
        receiveTimer = nil
        guard let timeout = receiveTimeout else { return }
        let since = waitedSince() ?? connection.now
        receiveTimer = connection.eventLoop.scheduleTimer(at: connection.opened + since + timeout) { [self] in
            receiveTimer = nil
            guard let connection = self.connection else { return }
            if let since = waitedSince(), connection.now - since >= timeout {
                connection.socket.shutdown()
            } else {
                armReceiveTimer()
            }
        }
    }

    /// Since when the reader has waited for something to arrive: the last bytes read, or, for a
    /// connection read through its inbox, no earlier than when its reader began to wait (time
    /// no one asked for anything does not count against the peer); nil while no one waits.
    private func waitedSince() -> Duration? {
        guard let inbox = handler as? WebSocketInbox else { return lastReceived }
        return inbox.readerWaitingSince.map { max($0, lastReceived) }
    }
}
