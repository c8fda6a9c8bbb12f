/// One server connection on an event loop, as a value: bytes, the end of the stream, the
/// responder's answers, what the socket took and the time go in; the action to perform comes
/// out. ``ServerConnection`` reads and writes the socket and performs the actions; this decides
/// them, with no socket, thread or clock of its own. Instants are offsets from any fixed start
/// the caller chooses (the loop's ``EventLoop/now``).
///
/// ```swift
/// var machine = ServerConnectionMachine(configuration: configuration, now: .zero)
/// machine.received(Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8), now: .seconds(1))
/// // .respond(GET /, requestIndex: 0)
/// machine.responded(Array("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".utf8), closes: false, now: .seconds(1))
/// // .send(the response); then `sent(count, flushed: true, now:)` reads on
/// ```
///
/// Requests are read with an ``HTTPRequestDecoder`` and timed with ``RequestReadTimeouts``: nothing of a request for the idle timeout closes silently (RFC 9112
/// §9.5); a head not complete by its deadline, or a body that stops arriving, is refused with
/// 408 (RFC 9110 §15.5.9); bytes that break the protocol or a limit get the parse error's answer.
/// Pipelined requests are answered one at a time, in order (RFC 9112 §9.3.2): what arrives while
/// a request is being answered waits in the decoder, up to ``pipelinedBytesLimit``, and then
/// the connection stops reading until the answer is out (back-pressure on the client).
///
/// A request whose body the responder takes as it arrives (`bodyDelivery` says
/// ``HTTPBodyDelivery/streamed``) is answered at its head, and the body follows as actions
/// (`ServerConnectionMachine+StreamedBody.swift`).
///
/// Answers are written without blocking: as much as the socket takes, the rest whenever it is
/// writable again, given up when the client takes no byte for the write timeout. A refusal is
/// followed by the FIN, and what the client still sends is discarded for ``drainTime``
/// (closing with unread bytes would reset, RFC 9112 §9.6).
struct ServerConnectionMachine: Sendable {
    /// How long the client may take no byte of a refusal before it is given up.
    static let refusalWriteTime = Duration.seconds(1)
    /// How long a refused connection is drained, at most.
    static let drainTime = Duration.seconds(1)
    /// How many bytes a refused connection may still send before it is closed regardless.
    static let drainLimit = 1 << 20
    /// The answer to `Expect: 100-continue` (RFC 9110 §10.1.1).
    static let continueBytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// How many received bytes may wait, undecoded, while a request is being answered.
    let pipelinedBytesLimit: Int
    /// How long the client may take no byte of an answer before the connection is closed.
    let writeTimeout: Duration
    private let bodyDelivery: @Sendable (HTTPRequest) -> HTTPBodyDelivery
    private var current: HTTPRequest?
    private var body: [UInt8] = []
    // Internal rather than private: the machine's other files (answers, the streamed-body route)
    // step the same state; nothing outside the machine touches it.
    var decoder: HTTPRequestDecoder
    var readTimeouts: RequestReadTimeouts
    var phase = Phase.reading
    var unsent: [ArraySlice<UInt8>] = []
    /// Whether an answer's body is being pushed now (``respondedStreaming(_:closes:now:)``, then
    /// ``streamed(_:now:)``), so the answer is not over when everything queued is written.
    var isStreaming = false
    var peerClosed = false
    var nextRequestIndex = 0
    /// On the streamed-body route: whether decoding (and reading) waits for the responder.
    var bodyPaused = false
    /// On the streamed-body route: what the shell was handed and has not reported done.
    var handedOut: BodyHandout?
    /// When ``timeElapsed(now:)`` is due, if anything is timed now.
    var deadline: Duration?

    /// A connection that starts waiting for a request at `now`; `bodyDelivery` says how each
    /// request's body reaches the responder.
    init(limits: HTTPLimits, readTimeouts: RequestReadTimeouts, writeTimeout: Duration, pipelinedBytesLimit: Int,
         now: Duration, bodyDelivery: @escaping @Sendable (HTTPRequest) -> HTTPBodyDelivery = { _ in .buffered }) {
        decoder = HTTPRequestDecoder(limits: limits)
        self.readTimeouts = readTimeouts
        self.writeTimeout = writeTimeout
        self.pipelinedBytesLimit = pipelinedBytesLimit
        self.bodyDelivery = bodyDelivery
        deadline = now + readTimeouts.idle
    }

    // MARK: What the shell asks

    /// Whether the shell should read (bytes are wanted, or the end of the stream must be seen).
    var wantsToRead: Bool {
        switch phase {
        case .reading: !peerClosed
        case .streamingBody: !peerClosed && !bodyPaused
        case .responding, .writing(.nextRequest), .writing(.close):
            !peerClosed && decoder.buffer.readableCount < pipelinedBytesLimit
        case .draining: true
        case .rejecting, .writing(.drain), .writing(.closeUnread), .finished: false
        }
    }

    /// Whether bytes wait for the socket to take them.
    var wantsToWrite: Bool { !unsent.isEmpty }

    /// How many bytes wait for the socket to take them (a pushed body's back-pressure).
    var unsentByteCount: Int { unsent.reduce(0) { $0 + $1.count } }

    /// Whether the responder's answer is awaited (``responded(_:body:closes:now:)`` takes one).
    var isAwaitingAnswer: Bool {
        switch phase {
        case .responding, .streamingBody: true
        default: false
        }
    }

    /// Ends the machine's part and gives up the decoder, with whatever it holds: the bytes that
    /// followed an upgrade request are the WebSocket's first frames.
    mutating func handOff() -> HTTPRequestDecoder {
        phase = .finished
        deadline = nil
        return decoder
    }

    // MARK: Inputs

    /// Reads straight into the decoder: `fill` writes up to `capacity` bytes and returns the
    /// count. Follow a positive count with ``bytesReceived(now:)``, and 0 with ``ended(now:)``.
    mutating func read<Failure: Error>(
        capacity: Int, _ fill: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
    ) throws(Failure) -> Int {
        try decoder.feed(capacity: capacity, fill)
    }

    /// `bytes` arrived at `now` (as ``read(capacity:_:)`` then ``bytesReceived(now:)``).
    mutating func received(_ bytes: some Collection<UInt8>, now: Duration) -> Action {
        decoder.feed(bytes)
        return bytesReceived(now: now)
    }

    /// Bytes read with ``read(capacity:_:)`` arrived at `now`.
    mutating func bytesReceived(now: Duration) -> Action {
        switch phase {
        case .reading:
            // The head was due before these bytes were read: they cannot save it.
            if let due = readTimeouts.headDeadline, now >= due { return refuse(.requestHeadTimedOut(limit: readTimeouts.head), now: now) }
            return advance(now: now)
        case .streamingBody:
            return decodeBody(now: now)
        case .draining(let discarded):
            let count = decoder.takeBufferedBytes().count
            guard discarded + count < Self.drainLimit else { return finish() }
            phase = .draining(discarded: discarded + count)
            return .wait
        case .responding, .rejecting, .writing:
            // Pipelined: decoded once the answer is out.
            return .wait
        case .finished:
            return .wait
        }
    }

    /// The client closed its side at `now`, or, with `reset`, the connection failed (it was
    /// reset): then nothing can be read of it or written to it any more.
    mutating func ended(now: Duration, reset: Bool = false) -> Action {
        peerClosed = true
        switch phase {
        case .responding:
            // It may still read the answer it asked for, unless the connection was reset.
            return reset ? finish() : .wait
        case .writing(.nextRequest), .writing(.close):
            // It may still read the answer; a reset one fails its next write.
            return .wait
        case .streamingBody:
            // Closed: what is buffered may still complete the body (decoded once not paused).
            return reset ? failBody(.clientGone) : decodeBody(now: now)
        case .reading, .rejecting, .writing(.drain), .writing(.closeUnread), .draining, .finished:
            return finish()
        }
    }

    /// ``deadline`` came (or the shell's timer fired early) at `now`.
    mutating func timeElapsed(now: Duration) -> Action {
        guard let due = deadline, now >= due else { return .wait }
        switch phase {
        case .reading:
            if !unsent.isEmpty { return finish() }  // a 100 Continue the client never took
            if !decoder.isReadingHead { return refuse(.bodyStalled(limit: readTimeouts.bodyProgress), now: now) }
            if decoder.isMidMessage { return refuse(.requestHeadTimedOut(limit: readTimeouts.head), now: now) }
            return finish()  // idle too long: closed without a word (RFC 9112 §9.5)
        case .streamingBody:
            // Not while paused (no deadline then): only a client that sends nothing is refused.
            return failBody(unsent.isEmpty ? .stalled(limit: readTimeouts.bodyProgress) : .clientGone)
        case .writing, .draining:
            // An answer the client did not read in time is given up.
            return finish()
        case .responding, .rejecting, .finished:
            return .wait
        }
    }

    // MARK: Steps

    /// Decodes what is buffered, up to the next thing to do.
    mutating func advance(now: Duration) -> Action {
        while true {
            let event: HTTPRequestDecoder.Event?
            do throws(HTTPParseError) { event = try decoder.next() } catch {
                phase = .rejecting
                deadline = nil
                return .reject(error)
            }
            switch event {
            case .head(let head)?:
                readTimeouts.headCompleted()
                if Self.hasBody(head), bodyDelivery(head) == .streamed { return startStreamedBody(head, now: now) }
                current = head
                body = []
                if queueContinue(for: head, now: now) { return .send(unsent[0]) }
            case .body(let chunk)?:
                body.append(contentsOf: chunk)
            case .end?:
                // The end of the previous request's body, after it was handed on, has no head here.
                guard var request = current else { continue }
                request.body = body
                current = nil
                body = []
                phase = .responding
                deadline = nil
                defer { nextRequestIndex += 1 }
                return .respond(request, requestIndex: nextRequestIndex)
            case nil:
                return waitForBytes(now: now)
            }
        }
    }

    /// Nothing more to decode: wait for bytes until the deadline of the request's phase.
    private mutating func waitForBytes(now: Duration) -> Action {
        // The client closed its side with no whole request left to answer.
        if peerClosed { return finish() }
        if !decoder.isReadingHead {
            deadline = now + readTimeouts.bodyProgress
            _ = readTimeouts.timeout(for: .body, now: now)
        } else if decoder.isMidMessage {
            guard let remaining = readTimeouts.timeout(for: .head, now: now) else {
                return refuse(.requestHeadTimedOut(limit: readTimeouts.head), now: now)
            }
            deadline = now + remaining
        } else {
            // Only blank lines so far (skipped before a request line), or nothing: still idle.
            deadline = now + (readTimeouts.timeout(for: .idle, now: now) ?? readTimeouts.idle)
        }
        return .wait
    }

    /// Queues `100 Continue` for a request with a body that asks for it before sending the body
    /// (RFC 9110 §10.1.1); returns whether it did.
    mutating func queueContinue(for head: HTTPRequest, now: Duration) -> Bool {
        guard Self.hasBody(head), head.headers.containsToken("100-continue", in: "Expect") else { return false }
        unsent.append(Self.continueBytes[...])
        deadline = now + writeTimeout
        return true
    }

    /// Whether a request with this head has a body (RFC 9112 §6.3).
    static func hasBody(_ head: HTTPRequest) -> Bool {
        head.headers.contains("Transfer-Encoding") || (head.headers["Content-Length"].map { $0 != "0" } ?? false)
    }
}
