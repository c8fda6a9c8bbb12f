import Synchronization

/// Holds connections that are waiting for their next request without a thread each: one
/// thread watches them all (epoll, kqueue) and hands a connection back to a thread of its
/// own when bytes arrive, or closes it silently when it has been idle for `idleTimeout`
/// (RFC 9112 §9.5). A parked connection costs its socket and a few hundred bytes of state.
///
/// What to do for each event is decided by ``ParkingLot``, a value with no thread or socket
/// of its own; this class only waits, and performs what it says.
final class ConnectionParker: Sendable {
    /// A connection handed over, and how to give it back.
    struct Parked: Sendable {
        let socket: Socket
        /// Serves it again on a thread of its own (bytes arrived).
        let resume: @Sendable () -> Void
        /// Ends it without a response (idle too long, or the server stopped).
        let end: @Sendable () -> Void
    }

    private struct State {
        var lot = ParkingLot<Parked>()
        var stopped = false
    }

    private let poller: ReadinessPoller
    private let state = Mutex(State())
    private let idleTimeout: Duration
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant

    init(idleTimeout: Duration) throws(SocketError) {
        self.poller = try ReadinessPoller()
        self.idleTimeout = idleTimeout
        self.start = clock.now
        startThread(name: "http-parked-connections") { [self] in run() }
    }

    /// How many connections are parked now.
    var count: Int { state.withLock { $0.lot.count } }

    /// Takes `connection` until bytes arrive or it has been idle too long. Returns false when
    /// the parker has stopped (the caller ends the connection itself).
    func park(_ connection: Parked) -> Bool {
        let parked = state.withLock { state -> (token: UInt64, first: Bool)? in
            guard !state.stopped else { return nil }
            let first = state.lot.count == 0
            return (state.lot.park(connection, deadline: now + idleTimeout), first)
        }
        guard let (token, first) = parked else { return false }
        do throws(SocketError) {
            try poller.watch(connection.socket.descriptor, token: token)
        } catch {
            // Cannot be watched: give it its thread back rather than lose it.
            if let unparked = state.withLock({ $0.lot.take(token) }) { unparked.resume() }
            return true
        }
        // Deadlines only grow (each is now + the same timeout), so the thread's wait needs
        // shortening only when it was waiting with nothing parked.
        if first { poller.wake() }
        return true
    }

    /// Ends every parked connection and the thread.
    func stop() {
        state.withLock { $0.stopped = true }
        poller.wake()
    }

    /// Time since the parker started, in the lot's terms.
    private var now: Duration { start.duration(to: clock.now) }

    private func run() {
        while true {
            let wait = state.withLock { state -> Int32? in
                guard !state.stopped else { return nil }
                guard let deadline = state.lot.earliestDeadline else { return -1 }
                return Int32(clamping: max(Duration.zero, deadline - now).socketTimeoutMilliseconds)
            }
            guard let wait else { break }
            let ready = poller.wait(milliseconds: wait)
            let (woken, expired) = state.withLock { state in
                (ready.compactMap { state.lot.take($0) }, state.lot.takeExpired(at: now))
            }
            for connection in woken { connection.resume() }
            for connection in expired {
                poller.forget(connection.socket.descriptor)
                connection.end()
            }
        }
        let remaining = state.withLock { $0.lot.takeAll() }
        for connection in remaining {
            poller.forget(connection.socket.descriptor)
            connection.end()
        }
        poller.close()
    }
}

/// The parked connections and their idle deadlines, as a plain value: park one and get its
/// token, take it back by token (bytes arrived), take those whose deadline has passed.
/// Times are offsets from any fixed start the caller chooses, so it is tested without a clock.
struct ParkingLot<Item> {
    private var items: [UInt64: (item: Item, deadline: Duration)] = [:]
    private var nextToken: UInt64 = 0

    /// How many are parked.
    var count: Int { items.count }

    /// The soonest deadline, or nil when none is parked.
    var earliestDeadline: Duration? { items.values.lazy.map(\.deadline).min() }

    /// Parks `item` until `deadline`; returns its token (never reused).
    mutating func park(_ item: Item, deadline: Duration) -> UInt64 {
        defer { nextToken += 1 }
        items[nextToken] = (item, deadline)
        return nextToken
    }

    /// Removes and returns the item parked under `token`, if it is still parked.
    mutating func take(_ token: UInt64) -> Item? { items.removeValue(forKey: token)?.item }

    /// Removes and returns the items whose deadline is at or before `now`, soonest first.
    mutating func takeExpired(at now: Duration) -> [Item] {
        let expired = items.filter { $0.value.deadline <= now }.sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }
        for (token, _) in expired { items.removeValue(forKey: token) }
        return expired.map(\.value.item)
    }

    /// Removes and returns everything, in token order.
    mutating func takeAll() -> [Item] {
        defer { items = [:] }
        return items.sorted { $0.key < $1.key }.map(\.value.item)
    }
}
