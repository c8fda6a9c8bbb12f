/// One connection waiting for a request head without a thread, as a value: bytes, the end of
/// the stream and time go in, the action to perform comes out. ``RequestHeadLoop`` reads the
/// socket and performs the actions; this decides them, with no socket or clock of its own.
/// Instants are offsets from any fixed start the caller chooses, as in ``RequestReadClock``.
///
/// ```swift
/// var reading = RequestHeadReading(limits: HTTPLimits(), clock: clock, now: .zero)
/// reading.received(Array("GET / HTTP/1.1\r\n".utf8), now: .seconds(1))   // .wait(until: 1 s + head timeout)
/// reading.received(Array("Host: a\r\n\r\n".utf8), now: .seconds(2))      // .handOver(all 27 bytes)
/// ```
/// The head is decided exactly as a connection thread decides it (the same
/// ``HTTPRequestDecoder`` and ``RequestReadClock``): nothing received for the idle timeout
/// closes silently (RFC 9112 §9.5); a head not complete by its deadline is refused with 408
/// (RFC 9110 §15.5.9); a head that breaks the protocol or a limit gets the parse error's answer.
///
/// An answer is written as a connection thread writes it, without holding a thread: as much as
/// the socket takes at once, the rest whenever it is writable again, given up only when the
/// client takes nothing for ``writeTime`` (as a thread's write timeout); then the FIN, and what the client still sends is
/// discarded for ``drainTime`` (closing with unread bytes would reset, RFC 9112 §9.6).
struct RequestHeadReading: Sendable {
    /// What the loop does next with the connection.
    enum Action: Sendable, Equatable {
        /// Keep it, and hear of it again when bytes arrive or at `until`.
        case wait(until: Duration)
        /// A whole head arrived: serve the connection on a thread of its own, starting from
        /// these bytes (the head, and whatever followed it).
        case handOver([UInt8])
        /// The head broke the protocol or a limit: find the answer a served connection gives
        /// and pass it to ``answer(with:now:)``.
        case reject(HTTPParseError)
        /// Write as much of these bytes as the socket takes without blocking, and report it with
        /// ``sent(_:flushed:now:)``; `until` is when the answer is given up if no byte goes out.
        case send([UInt8], until: Duration)
        /// Keep it, and hear of it again once it is writable or at `until`.
        case waitWritable(until: Duration)
        /// The answer is written: send the FIN, free the connection's slot, and keep discarding
        /// what the client still sends until `drainUntil` (``wait(until:)`` from here on).
        case finishAnswer(drainUntil: Duration)
        /// Close without a (further) word.
        case close
    }

    private enum Phase: Sendable {
        case reading
        /// An answer is being written; `unsent` is what the socket has not taken yet.
        case answering(unsent: ArraySlice<UInt8>)
        /// The answer was written; counts what has been discarded since.
        case draining(discarded: Int)
        case finished
    }

    /// How long the client may take no byte of an answer before it is given up (as a
    /// connection thread's write timeout).
    static let writeTime = Duration.seconds(1)
    /// How long an answered connection is drained, at most (as `Socket.lingeringClose`).
    static let drainTime = Duration.seconds(1)
    /// How many bytes an answered connection may still send before it is closed regardless.
    static let drainLimit = 1 << 20

    private var decoder: HTTPRequestDecoder
    private var clock: RequestReadClock
    private var bytes: [UInt8] = []
    private var phase = Phase.reading
    /// When the loop must hear of this connection again if nothing happens first.
    private(set) var deadline: Duration

    /// A connection with nothing of a request received, starting to wait at `now`.
    init(limits: HTTPLimits, clock: RequestReadClock, now: Duration) {
        decoder = HTTPRequestDecoder(limits: limits)
        self.clock = clock
        deadline = now + clock.idle
    }

    /// Whether the loop should watch for the socket to become writable, not readable.
    var awaitsWritable: Bool {
        if case .answering = phase { return true }
        return false
    }

    /// Bytes arrived at `now`.
    mutating func received(_ received: some Collection<UInt8>, now: Duration) -> Action {
        switch phase {
        case .reading:
            break
        case .answering:
            // Not asked for while answering; what the client sent will be drained later.
            return .waitWritable(until: deadline)
        case .draining(let discarded):
            guard discarded + received.count < Self.drainLimit else { return finish() }
            phase = .draining(discarded: discarded + received.count)
            return .wait(until: deadline)
        case .finished:
            return .close
        }
        // The head was due before these bytes were read: they cannot save it (a connection
        // thread would not have waited for them).
        if decoder.isMidMessage, clock.timeout(for: .head, now: now) == nil { return refuse(now: now) }
        bytes.append(contentsOf: received)
        decoder.feed(received)
        do throws(HTTPParseError) {
            // In the head state the decoder's only event is the head.
            if try decoder.next() != nil {
                phase = .finished
                return .handOver(bytes)
            }
        } catch {
            // The loop answers it (``answer(with:now:)``), or hands it to a thread that does.
            phase = .finished
            return .reject(error)
        }
        guard decoder.isMidMessage else {
            // Only blank lines so far (skipped before a request line): still idle.
            deadline = now + clock.idle
            return .wait(until: deadline)
        }
        guard let remaining = clock.timeout(for: .head, now: now) else { return refuse(now: now) }
        deadline = now + remaining
        return .wait(until: deadline)
    }

    /// After ``Action/reject(_:)``: write `response`, the answer to the head's error, at `now`.
    mutating func answer(with response: [UInt8], now: Duration) -> Action {
        phase = .answering(unsent: response[...])
        deadline = now + Self.writeTime
        return .send(response, until: deadline)
    }

    /// The socket took `count` bytes of the last ``Action/send(_:until:)`` at `now`; `flushed`
    /// says whether nothing the socket accepted is still held back (TLS).
    mutating func sent(_ count: Int, flushed: Bool, now: Duration) -> Action {
        guard case .answering(let unsent) = phase else { return .close }
        let rest = unsent.dropFirst(count)
        guard rest.isEmpty, flushed else {
            phase = .answering(unsent: rest)
            // Like a thread's write timeout: the time runs from the last byte the client took.
            if count > 0 { deadline = now + Self.writeTime }
            return .waitWritable(until: deadline)
        }
        phase = .draining(discarded: 0)
        deadline = now + Self.drainTime
        return .finishAnswer(drainUntil: deadline)
    }

    /// The socket became writable at `now`.
    mutating func writable(now: Duration) -> Action {
        guard case .answering(let unsent) = phase else { return .close }
        return .send(Array(unsent), until: deadline)
    }

    /// The client closed (or reset) the connection.
    mutating func ended() -> Action { finish() }

    /// The loop's timer for this connection fired at `now`.
    mutating func timeElapsed(now: Duration) -> Action {
        guard now >= deadline else {
            return awaitsWritable ? .waitWritable(until: deadline) : .wait(until: deadline)
        }
        switch phase {
        case .reading where decoder.isMidMessage:
            return refuse(now: now)
        case .reading, .answering, .draining, .finished:
            // An answer the client did not read in time is given up, as a thread's write times out.
            return finish()
        }
    }

    /// The head is late: answer 408 (RFC 9110 §15.5.9).
    private mutating func refuse(now: Duration) -> Action {
        answer(with: HTTPServerRefusal.requestHeadTimedOut(limit: clock.head).responseBytes, now: now)
    }

    private mutating func finish() -> Action {
        phase = .finished
        return .close
    }
}
