/// One accepted connection served on an ``EventLoop``: the thin shell around a
/// ``ServerConnectionMachine``. It reads and writes the socket without blocking, calls the
/// responder on the loop's thread, hands a streamed body to its ``HTTPRequestBodyStream``,
/// writes a pushed answer as it is produced, keeps the one timer the machine asks for, and
/// performs what the machine says. An upgrade hands the socket to a ``WebSocketConnection`` on
/// the same loop.
final class ServerConnection: EventLoopSocket, @unchecked Sendable {
    // Unchecked: every property is touched on `loop`'s thread only; other threads reach the
    // connection only through `loop.execute`.
    let socket: Socket
    /// A number unique to the connection within its server.
    let id: Int
    let loop: EventLoop
    let configuration: HTTPServerConfiguration
    let responder: any HTTPResponder
    let storage = HTTPConnectionStorage()
    /// Frees the connection's slot in the server; runs before the socket closes (so a peer that
    /// sees the close finds the slot already free).
    let onEnd: @Sendable () -> Void
    var machine: ServerConnectionMachine
    var token: UInt64?
    private var timer: (token: UInt64, deadline: Duration)?
    /// Whether the connection's slot was freed (its refusal is out; it only drains).
    private var released = false
    /// Told when a pushed body's queue is down to the low-water mark, or the connection ends.
    var roomHandlers: [() -> Void] = []
    var closedHandlers: [() -> Void] = []
    /// The body of the request being answered, while it streams to its responder.
    var bodyStream: HTTPRequestBodyStream?

    /// Bytes asked of the socket per read.
    static let readCapacity = 16_384

    /// A connection that waits for a request on `loop` from now (made on the loop's thread).
    init(socket: Socket, id: Int, loop: EventLoop, configuration: HTTPServerConfiguration, responder: any HTTPResponder,
         onEnd: @escaping @Sendable () -> Void) {
        self.socket = socket
        self.id = id
        self.loop = loop
        self.configuration = configuration
        self.responder = responder
        self.onEnd = onEnd
        machine = ServerConnectionMachine(
            limits: configuration.limits,
            readTimeouts: RequestReadTimeouts(idle: configuration.idleTimeout, head: configuration.requestHeadTimeout,
                                              bodyProgress: configuration.bodyProgressTimeout),
            writeTimeout: configuration.responseWriteTimeout, pipelinedBytesLimit: configuration.pipelinedBytesLimit,
            now: loop.now, bodyDelivery: { head in responder.bodyDelivery(for: head) })
    }

    /// Starts watching the socket (on the loop's thread). A socket that cannot be watched is
    /// closed: nothing could serve it.
    func start() {
        do throws(SocketError) {
            token = try loop.register(self, descriptor: socket.descriptor, interest: .readable)
        } catch {
            storage.close()
            onEnd()
            return socket.close()
        }
        perform(machine.bytesReceived(now: loop.now))
    }

    // MARK: EventLoopSocket

    func readable() {
        let socket = self.socket
        var failed = false
        let count = machine.read(capacity: Self.readCapacity) { buffer -> Int in
            do throws(SocketError) {
                return try socket.readWithoutBlocking(into: buffer) ?? -1
            } catch {
                failed = true  // reset, or shut down by a stopping server
                return 0
            }
        }
        let now = loop.now
        if count > 0 {
            perform(machine.bytesReceived(now: now))
        } else if count == 0 || failed {
            perform(machine.ended(now: now, reset: failed))
        }
    }

    func writable() { perform(machine.writable(now: loop.now)) }

    func loopStopped() { end() }

    // MARK: Performing the machine's actions

    func perform(_ first: ServerConnectionMachine.Action) {
        var action = first
        while true {
            switch action {
            case .wait:
                return settle()
            case .respond(let request, let index):
                guard let next = respond(to: request, requestIndex: index) else { return }
                action = next
            case .respondStreaming(let head, let index):
                let stream = HTTPRequestBodyStream(declaredLength: head.headers.contentLength, source: self)
                bodyStream = stream
                guard let next = respond(to: head, requestIndex: index, body: stream) else { return }
                action = next
            case .bodyPiece(let piece):
                bodyStream?.deliver(piece)
                guard token != nil else { return }
                action = machine.bodyDelivered(now: loop.now)
            case .bodyEnd, .bodyFailed:
                // The stream's last hand-out: its end, or why it broke.
                if case .bodyFailed(let error) = action { bodyStream?.fail(error) } else { bodyStream?.finish() }
                bodyStream = nil
                guard token != nil else { return }
                action = machine.bodyDelivered(now: loop.now)
            case .reject(let error):
                action = machine.answer(with: answerBytes(for: error), now: loop.now)
            case .send(let bytes):
                let count: Int
                do throws(SocketError) {
                    count = try socket.writeWithoutBlocking(bytes)
                } catch {
                    return end()  // the client is gone: there is no one to answer
                }
                action = machine.sent(count, flushed: !socket.hasUnsentBytes, now: loop.now)
            case .finishAnswer:
                socket.shutdownWrite()
                release()
                action = .wait
            case .close:
                return end()
            }
        }
    }

    /// Watches the socket for what the machine wants now, and keeps its one timer.
    private func settle() {
        guard let token else { return }
        if !roomHandlers.isEmpty, machine.unsentByteCount <= HTTPResponseBodyWriter.lowWater {
            for handler in exchange(&roomHandlers, with: []) { handler() }
            guard self.token != nil else { return }  // a handler may have ended the connection
        }
        var interest: ReadinessPoller.Interest = []
        if machine.wantsToRead { interest.insert(.readable) }
        if machine.wantsToWrite { interest.insert(.writable) }
        loop.setInterest(interest, for: token)
        guard timer?.deadline != machine.deadline else { return }
        if let timer { loop.cancelTimer(timer.token) }
        timer = machine.deadline.map { deadline in
            (loop.scheduleTimer(at: deadline) { [self] in
                timer = nil
                perform(machine.timeElapsed(now: loop.now))
            }, deadline)
        }
    }

    /// Frees the connection's slot in the server (an answered connection that only drains
    /// serves no one).
    private func release() {
        guard !released else { return }
        released = true
        onEnd()
    }

    func leaveLoop() {
        guard let token else { return }
        if let timer { loop.cancelTimer(timer.token) }
        timer = nil
        loop.deregister(token)
        self.token = nil
    }

    /// Ends the connection on the loop.
    func end(resetting: Bool = false) {
        guard token != nil else { return }
        leaveLoop()
        _ = machine.handOff()
        storage.close()
        release()
        if resetting { socket.reset() } else { socket.close() }
        roomHandlers = []
        bodyStream?.fail(.clientGone)
        bodyStream = nil
        for handler in exchange(&closedHandlers, with: []) { handler() }
    }
}

/// A streamed body's source: its consumer holding it back, or taking it again.
extension ServerConnection {
    func setBodyPaused(_ paused: Bool) {
        guard token != nil else { return }
        perform(paused ? machine.pauseBody() : machine.resumeBody(now: loop.now))
    }
}

/// A pushed body's way to the client, for its ``HTTPResponseBodyWriter``: each piece joins what
/// the machine writes.
extension ServerConnection {
    func push(_ bytes: [UInt8]) {
        guard token != nil, machine.isStreaming else { return }
        perform(machine.streamed(bytes, now: loop.now))
    }

    func finish() {
        guard token != nil, machine.isStreaming else { return }
        perform(machine.streamEnded(now: loop.now))
    }

    var isClosed: Bool { token == nil }
}
