import Synchronization

/// Holds connections that are waiting for a request, without a thread each: one thread watches
/// them all (epoll, kqueue), reads what arrives without blocking, and hands a connection to a
/// thread of its own only once a whole request head has arrived. So a head that trickles in
/// (slowloris) costs its socket and the bytes so far, not a thread.
///
/// What to do with each connection is decided by its ``RequestHeadReading``, a value with no
/// thread or socket of its own: wait (until a deadline), hand over, answer 408 at the head
/// deadline or a malformed head with its error's answer (written without blocking, the rest
/// when the socket is writable again, then drained), or close silently (idle too long, or the
/// client left). This class only waits, reads, writes and performs what it says; the deadlines
/// are kept in a ``ParkingLot``. Other threads hand it connections with ``wait(_:)``; a pipe
/// wakes it. A server runs one loop per core by default
/// (``HTTPServerConfiguration/eventLoopThreads``), each with its own connections.
final class RequestHeadLoop: Sendable {
    /// A connection handed to the loop, and how the loop gives it up.
    struct Waiting: Sendable {
        let socket: Socket
        /// Serves it on a thread of its own, starting from these bytes (a whole head, and what
        /// followed it; none when it could not be watched).
        let handOver: @Sendable ([UInt8]) -> Void
        /// The bytes a served connection answers a head that broke the protocol or a limit
        /// with; nil when they can only be written from a thread (a streamed body).
        let answer: @Sendable (HTTPParseError) -> [UInt8]?
        /// Answers such a head on a thread, as a served connection answers it, and ends it.
        let reject: @Sendable (HTTPParseError) -> Void
        /// Frees the connection's slot in the server (its answer is written; it only drains).
        let release: @Sendable () -> Void
        /// Ends it without a (further) response.
        let end: @Sendable () -> Void
    }

    private struct Entry: Sendable {
        let connection: Waiting
        var reading: RequestHeadReading
    }

    private struct State {
        var lot = ParkingLot<Entry>()
        var stopped = false
    }

    private enum Kept {
        case kept(wakesTheLoop: Bool)
        case stopped
        case unwatchable
    }

    private let poller: ReadinessPoller
    private let state = Mutex(State())
    private let limits: HTTPLimits
    private let readClock: RequestReadClock
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant

    /// Starts the loop's thread, named `http-heads-<number>`.
    init(configuration: HTTPServerConfiguration, number: Int = 0) throws(SocketError) {
        poller = try ReadinessPoller()
        limits = configuration.limits
        readClock = RequestReadClock(idle: configuration.idleTimeout, head: configuration.requestHeadTimeout,
                                     bodyProgress: configuration.bodyProgressTimeout)
        start = clock.now
        startThread(name: "http-heads-\(number)") { [self] in run() }
    }

    /// How many connections are on the loop now.
    var count: Int { state.withLock { $0.lot.count } }

    /// Takes `connection`, with nothing of a request read yet, until a whole head has arrived
    /// or the loop ends it. Returns false when the loop has stopped (the caller ends the
    /// connection itself).
    func wait(_ connection: Waiting) -> Bool {
        let reading = RequestHeadReading(limits: limits, clock: readClock, now: now)
        switch keep(Entry(connection: connection, reading: reading)) {
        case .kept(let wakesTheLoop):
            if wakesTheLoop { poller.wake() }
            return true
        case .stopped:
            return false
        case .unwatchable:
            // Cannot be watched: give it a thread back rather than lose it.
            connection.handOver([])
            return true
        }
    }

    /// Ends every connection on the loop, and the loop's thread.
    func stop() {
        state.withLock { $0.stopped = true }
        poller.wake()
    }

    /// Time since the loop started, in the machines' terms.
    private var now: Duration { start.duration(to: clock.now) }

    /// Puts `entry` in the lot until its deadline and watches its socket (for bytes to read, or
    /// for room to write while an answer is going out), under the lock, so that the loop never
    /// sees the socket ready before it finds the entry.
    private func keep(_ entry: Entry) -> Kept {
        state.withLock { state -> Kept in
            guard !state.stopped else { return .stopped }
            let deadline = entry.reading.deadline
            let wakes = state.lot.earliestDeadline.map { deadline < $0 } ?? true
            let token = state.lot.park(entry, deadline: deadline)
            do throws(SocketError) {
                try poller.watch(entry.connection.socket.descriptor, token: token,
                                 for: entry.reading.awaitsWritable ? .writable : .readable)
            } catch {
                _ = state.lot.take(token)
                return .unwatchable
            }
            return .kept(wakesTheLoop: wakes)
        }
    }

    private func run() {
        var scratch = [UInt8](repeating: 0, count: ConnectionReader.readCapacity)
        while true {
            let wait = state.withLock { state -> Int32? in
                guard !state.stopped else { return nil }
                guard let deadline = state.lot.earliestDeadline else { return -1 }
                return Int32(clamping: max(Duration.zero, deadline - self.now).socketTimeoutMilliseconds)
            }
            guard let wait else { break }
            let ready = poller.wait(milliseconds: wait)
            let now = self.now
            let (readable, expired) = state.withLock { state in
                (ready.compactMap { state.lot.take($0) }, state.lot.takeExpired(at: now))
            }
            for var entry in readable {
                let action = entry.reading.awaitsWritable
                    ? entry.reading.writable(now: now) : read(&entry, into: &scratch, now: now)
                perform(action, on: &entry, now: now)
            }
            for var entry in expired {
                let action = entry.reading.timeElapsed(now: now)
                perform(action, on: &entry, now: now)
            }
        }
        let remaining = state.withLock { $0.lot.takeAll() }
        for entry in remaining { end(entry) }
        poller.close()
    }

    /// Reads what arrived on a connection its readiness was reported for, and feeds it in. The
    /// read never blocks: the socket is readable (bytes, the end, or an error) and this thread
    /// is its only reader.
    private func read(_ entry: inout Entry, into scratch: inout [UInt8], now: Duration) -> RequestHeadReading.Action {
        let socket = entry.connection.socket
        // Reported, but nothing to read after all: keep waiting.
        guard socket.waitUntilReadable(milliseconds: 0) else { return .wait(until: entry.reading.deadline) }
        let count = scratch.withUnsafeMutableBytes { raw in (try? socket.read(into: raw)) ?? 0 }
        guard count > 0 else { return entry.reading.ended() }  // closed or reset
        return entry.reading.received(scratch[0..<count], now: now)
    }

    /// Performs `first` and what the machine says next, until the connection waits, is handed
    /// on or ends.
    private func perform(_ first: RequestHeadReading.Action, on entry: inout Entry, now: Duration) {
        let connection = entry.connection
        var action = first
        while true {
            switch action {
            case .wait, .waitWritable:
                return keepOrEnd(entry)
            case .handOver(let bytes):
                return connection.handOver(bytes)
            case .reject(let error):
                guard let answer = connection.answer(error) else { return connection.reject(error) }
                action = entry.reading.answer(with: answer, now: now)
            case .send(let bytes, _):
                // Fails only when the client is gone: then there is no one to answer.
                guard let count = try? connection.socket.writeWithoutBlocking(bytes) else { return end(entry) }
                action = entry.reading.sent(count, flushed: !connection.socket.hasUnsentBytes, now: now)
            case .finishAnswer:
                connection.socket.shutdownWrite()
                connection.release()
                return keepOrEnd(entry)
            case .close:
                return end(entry)
            }
        }
    }

    /// Keeps a connection the loop already had (no wake-up needed: the loop itself is running).
    private func keepOrEnd(_ entry: Entry) {
        guard case .kept = keep(entry) else { return end(entry) }
    }

    private func end(_ entry: Entry) {
        poller.forget(entry.connection.socket.descriptor)
        entry.connection.end()
    }
}
