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
struct RequestHeadReading: Sendable {
    /// What the loop does next with the connection.
    enum Action: Sendable, Equatable {
        /// Keep it, and hear of it again when bytes arrive or at `until`.
        case wait(until: Duration)
        /// A whole head arrived: serve the connection on a thread of its own, starting from
        /// these bytes (the head, and whatever followed it).
        case handOver([UInt8])
        /// Write the refusal's response and stop sending; keep discarding what the client still
        /// sends until `drainUntil` (closing with unread bytes would reset, RFC 9112 §9.6).
        case refuse(HTTPServerRefusal, drainUntil: Duration)
        /// The head broke the protocol or a limit: answer the error as a served connection does.
        case reject(HTTPParseError)
        /// Close without a (further) word.
        case close
    }

    private enum Phase: Sendable {
        case reading
        /// A refusal was written; counts what has been discarded since.
        case draining(discarded: Int)
        case finished
    }

    /// How long a refused connection is drained, at most (as `Socket.lingeringClose`).
    static let drainTime = Duration.seconds(1)
    /// How many bytes a refused connection may still send before it is closed regardless.
    static let drainLimit = 1 << 20

    private var decoder: HTTPRequestDecoder
    private var clock: RequestReadClock
    private var bytes: [UInt8] = []
    private var phase = Phase.reading
    /// When the loop must hear of this connection again if no byte arrives first.
    private(set) var deadline: Duration

    /// A connection with nothing of a request received, starting to wait at `now`.
    init(limits: HTTPLimits, clock: RequestReadClock, now: Duration) {
        decoder = HTTPRequestDecoder(limits: limits)
        self.clock = clock
        deadline = now + clock.idle
    }

    /// Bytes arrived at `now`.
    mutating func received(_ received: some Collection<UInt8>, now: Duration) -> Action {
        switch phase {
        case .reading:
            break
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

    /// The client closed (or reset) the connection.
    mutating func ended() -> Action { finish() }

    /// The loop's timer for this connection fired at `now`.
    mutating func timeElapsed(now: Duration) -> Action {
        guard now >= deadline else { return .wait(until: deadline) }
        switch phase {
        case .reading where decoder.isMidMessage:
            return refuse(now: now)
        case .reading, .draining, .finished:
            return finish()
        }
    }

    private mutating func refuse(now: Duration) -> Action {
        phase = .draining(discarded: 0)
        deadline = now + Self.drainTime
        return .refuse(.requestHeadTimedOut(limit: clock.head), drainUntil: deadline)
    }

    private mutating func finish() -> Action {
        phase = .finished
        return .close
    }
}
