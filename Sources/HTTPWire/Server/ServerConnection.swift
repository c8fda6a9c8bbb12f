/// One accepted connection served on an ``EventLoop``: the thin shell around a
/// ``ServerConnectionMachine``. It reads and writes the socket without blocking, calls the
/// responder on the loop's thread, hands a streamed body to its ``HTTPRequestBodyStream``, keeps
/// the one timer the machine asks for, and performs what the machine says. A request the loop
/// cannot answer itself (a responder that may block, an ``HTTPBodyStream`` answer, a WebSocket
/// served on a thread) goes to a thread of its own with everything read so far
/// (``HTTPServerConnection``), and comes back here once that thread has nothing left to read.
final class ServerConnection: EventLoopSocket, @unchecked Sendable {
    // Unchecked: every property is touched on `loop`'s thread only; other threads reach the
    // connection only through `loop.execute`.
    private let connection: HTTPServerConnection
    private let loop: EventLoop
    private let storage: HTTPConnectionStorage
    private let threads: ConnectionThreads
    private var machine: ServerConnectionMachine
    private var token: UInt64?
    private var timer: (token: UInt64, deadline: Duration)?
    /// Whether the connection's slot was freed (its refusal is out; it only drains).
    private var released = false
    /// Told when a pushed body's queue is down to the low-water mark, or the connection ends.
    private var roomHandlers: [() -> Void] = []
    private var closedHandlers: [() -> Void] = []
    /// The body of the request being answered, while it streams to its responder.
    private var bodyStream: HTTPRequestBodyStream?

    /// A connection that waits for a request on `loop` from now; `decoder` holds what a thread
    /// already read (nil: nothing), requests are numbered from `nextRequestIndex`.
    init(connection: HTTPServerConnection, loop: EventLoop, storage: HTTPConnectionStorage, threads: ConnectionThreads,
         decoder: HTTPRequestDecoder? = nil, nextRequestIndex: Int = 0) {
        self.connection = connection
        self.loop = loop
        self.storage = storage
        self.threads = threads
        let configuration = connection.configuration
        let responder = connection.responder
        machine = ServerConnectionMachine(
            limits: configuration.limits,
            readTimeouts: RequestReadTimeouts(idle: configuration.idleTimeout, head: configuration.requestHeadTimeout,
                                    bodyProgress: configuration.bodyProgressTimeout),
            writeTimeout: configuration.responseWriteTimeout, pipelinedBytesLimit: configuration.pipelinedBytesLimit,
            now: loop.now, decoder: decoder, firstRequestIndex: nextRequestIndex,
            route: { head in
                if responder.respondingThread(for: head) == .ownThread { return .thread }
                return responder.bodyDelivery(for: head) == .streamed ? .streamedOnLoop : .eventLoop
            })
    }

    /// Starts watching the socket (on the loop's thread). A socket that cannot be watched is
    /// served on a thread instead, rather than lost.
    func start() {
        do throws(SocketError) {
            token = try loop.register(self, descriptor: connection.socket.descriptor, interest: .readable)
        } catch {
            threads.start(connection) { [connection, storage, machine] in
                var machine = machine
                connection.serve(storage: storage, from: .nothingRead(machine.handOff()), threads: nil)
            }
            return
        }
        threads.connectionArrived(on: loop)
        // Bytes a thread already read may hold a whole request.
        perform(machine.bytesReceived(now: loop.now))
    }

    // MARK: EventLoopSocket

    func readable() {
        let socket = connection.socket
        var failed = false
        let count = machine.read(capacity: ConnectionReader.readCapacity) { buffer -> Int in
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

    private func perform(_ first: ServerConnectionMachine.Action) {
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
            case .bodyEnd:
                bodyStream?.finish()
                bodyStream = nil
                guard token != nil else { return }
                action = machine.bodyDelivered(now: loop.now)
            case .bodyFailed(let error):
                bodyStream?.fail(error)
                bodyStream = nil
                guard token != nil else { return }
                action = machine.bodyDelivered(now: loop.now)
            case .handOver(let head, let index):
                return handOver(.head(head, decoder: machine.handOff()), requestIndex: index)
            case .reject(let error):
                guard let answer = connection.answerBytes(for: error) else {
                    return handOver(.rejected(error), requestIndex: 0)
                }
                action = machine.answer(with: answer, now: loop.now)
            case .send(let bytes):
                let count: Int
                do throws(SocketError) {
                    count = try connection.socket.writeWithoutBlocking(bytes)
                } catch {
                    return end()  // the client is gone: there is no one to answer
                }
                action = machine.sent(count, flushed: !connection.socket.hasUnsentBytes, now: loop.now)
            case .finishAnswer:
                connection.socket.shutdownWrite()
                release()
                action = .wait
            case .close:
                return end()
            }
        }
    }

    /// Calls the responder on the loop's thread (with `body`, a body that streams as it arrives);
    /// returns the machine's next action, or nil when there is none yet (the answer comes later)
    /// or the connection left the loop (handed to a thread, or reset).
    private func respond(to request: HTTPRequest, requestIndex: Int,
                         body: HTTPRequestBodyStream? = nil) -> ServerConnectionMachine.Action? {
        let context = HTTPRequestContext(peer: connection.socket.peer, connectionID: connection.id,
                                         requestIndex: requestIndex, storage: storage, eventLoop: loop, bodyStream: body)
        let reply = connection.responder.respond(to: request, context: context)
        if case .deferred(let later) = reply {
            later.whenComplete { [self] reply in
                loop.execute { [self] in
                    // The connection may have ended or moved on meanwhile (the client left, the
                    // server stopped, a broken body was answered by the server).
                    guard token != nil, machine.isAwaitingAnswer,
                          let next = answer(request, requestIndex: requestIndex, with: reply) else { return }
                    perform(next)
                }
            }
            // A streamed body goes on arriving while the answer is pending.
            guard body != nil, token != nil else { return nil }
            return machine.bodyDelivered(now: loop.now)
        }
        return answer(request, requestIndex: requestIndex, with: reply)
    }

    /// Writes `reply` to `request`: returns the machine's next action, or nil when the connection
    /// left the loop.
    private func answer(_ request: HTTPRequest, requestIndex: Int, with reply: HTTPReply) -> ServerConnectionMachine.Action? {
        var request = request
        if machine.isReadingStreamedBody {
            // Answered before its body ended: the stream hears no more, and the connection closes
            // after the answer (framed so, on the loop or on a thread), as a thread's does.
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
        case .webSocket, .deferred:
            handOver(.reply(reply, to: request, decoder: machine.handOff()), requestIndex: requestIndex + 1)
            return nil
        case .webSocketOnLoop(let headers, let configuration, let handler):
            upgrade(request, headers: headers, configuration: configuration, handler: handler)
            return nil
        }
        let framed = ResponseWriter.frame(response, method: request.method, version: request.version,
                                          keepAlive: request.keepsConnectionAlive)
        switch framed.body {
        case .none:
            // A pushed body that must not be sent (HEAD, 204, 304) is still started, and discarded.
            if case .pushed(let pusher) = response.body {
                pusher.start(HTTPResponseBodyWriter(chunked: false, sink: DiscardingBodySink()))
            }
            return machine.responded(framed.head, closes: framed.closes, now: loop.now)
        case .pushed(let pusher, let chunked):
            perform(machine.respondedStreaming(framed.head, closes: framed.closes, now: loop.now))
            if token != nil { pusher.start(HTTPResponseBodyWriter(chunked: chunked, sink: self)) }
            return nil
        case .bytes(let body) where body.count <= ResponseWriter.coalescedBodyLimit:
            return machine.responded(framed.head + body, closes: framed.closes, now: loop.now)
        case .bytes(let body):
            return machine.responded(framed.head, body: body, closes: framed.closes, now: loop.now)
        case .rawStream, .chunkedStream:
            // A stream's producer blocks: it runs on a thread, which writes the answer.
            handOver(.reply(reply, to: request, decoder: machine.handOff()), requestIndex: requestIndex + 1)
            return nil
        }
    }

    /// Answers the upgrade on the loop and hands the socket to a WebSocket served by `handler`
    /// on this loop: the 101 as far as the socket takes it now (the WebSocket writes the rest
    /// first), and the bytes that followed the request are its first frames (RFC 6455 §4.2.2).
    private func upgrade(_ request: HTTPRequest, headers: HTTPHeaders, configuration: WebSocketConfiguration?,
                         handler: any WebSocketLoopHandler) {
        let key: String
        do throws(WebSocketHandshakeError) { key = try WebSocketHandshake.validate(request: request) } catch {
            let refusal = ResponseWriter.bytes(of: WebSocketHandshake.rejection(for: error), method: request.method,
                                               version: request.version, keepAlive: false) ?? []
            return perform(machine.responded(refusal, closes: true, now: loop.now))
        }
        let accept = WebSocketHandshake.acceptResponse(key: key, headers: headers)
        guard let head = try? HTTPEncoder.responseHead(status: accept.status, headers: accept.headers) else {
            return end()
        }
        var decoder = machine.handOff()
        leaveLoop()
        let written = (try? connection.socket.writeWithoutBlocking(head)) ?? 0
        _ = connection.upgrade(bufferedBytes: decoder.takeBufferedBytes(), configuration: configuration, storage: storage,
                               handler: handler, unsentHandshake: Array(head.dropFirst(written)))
    }

    /// Watches the socket for what the machine wants now, and keeps its one timer.
    private func settle() {
        guard let token else { return }
        if !roomHandlers.isEmpty, machine.unsentByteCount <= HTTPResponseBodyWriter.lowWater {
            let handlers = roomHandlers
            roomHandlers = []
            for handler in handlers { handler() }
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

    /// Leaves the loop: the connection goes on on a thread of its own.
    private func handOver(_ start: HTTPServerConnection.Start, requestIndex: Int) {
        leaveLoop()
        let connection = self.connection, storage = self.storage, threads = self.threads
        threads.start(connection) {
            connection.serve(storage: storage, from: start, firstRequestIndex: requestIndex, threads: threads)
        }
    }

    /// Frees the connection's slot in the server (an answered connection that only drains
    /// serves no one).
    private func release() {
        guard !released else { return }
        released = true
        connection.onEnd()
    }

    private func leaveLoop() {
        guard let token else { return }
        if let timer { loop.cancelTimer(timer.token) }
        timer = nil
        loop.deregister(token)
        self.token = nil
        threads.connectionLeft(loop)
    }

    /// Ends the connection on the loop.
    private func end(resetting: Bool = false) {
        guard token != nil else { return }
        leaveLoop()
        _ = machine.handOff()
        storage.close()
        release()
        if resetting { connection.socket.reset() } else { connection.socket.close() }
        roomHandlers = []
        bodyStream?.fail(.clientGone)
        bodyStream = nil
        let handlers = closedHandlers
        closedHandlers = []
        for handler in handlers { handler() }
    }
}

/// A streamed body's source: its consumer holding it back, or taking it again.
extension ServerConnection: RequestBodySource {
    func pauseBody() {
        guard token != nil else { return }
        perform(machine.pauseBody())
    }

    func resumeBody() {
        guard token != nil else { return }
        perform(machine.resumeBody(now: loop.now))
    }
}

/// A pushed body's sink on the connection's loop: each piece joins what the machine writes.
extension ServerConnection: ResponseBodySink {
    func push(_ bytes: [UInt8]) {
        guard token != nil, machine.isStreaming else { return }
        perform(machine.streamed(bytes, now: loop.now))
    }

    func finish() {
        guard token != nil, machine.isStreaming else { return }
        perform(machine.streamEnded(now: loop.now))
    }

    func abort() { end() }

    var queuedBytes: Int { machine.unsentByteCount }

    var isClosed: Bool { token == nil }

    func whenRoom(_ body: @escaping () -> Void) { roomHandlers.append(body) }

    func whenClosed(_ body: @escaping () -> Void) { closedHandlers.append(body) }
}
