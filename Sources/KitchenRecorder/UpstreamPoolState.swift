/// The bookkeeping of one event loop's upstream keep-alive pool, with no socket and no clock:
/// which connections are idle (and since when), how many are open against the bound, and who
/// waits for one. Each call takes the current instant and returns what the shell must do:
/// use this idle connection, open a new one, wait, wake a waiter, close these stale ones.
///
/// ```swift
/// var state = UpstreamPoolState<Connection, ContinuousClock.Instant>(maxConnections: 2, idleTimeout: .seconds(4))
/// let (grant, stale) = state.checkOut(now: .now)   // .open: connect, outside any lock
/// // … the exchange …
/// let (wake, more) = state.checkIn(connection, reusable: true, now: .now)
/// ```
///
/// Rules: at most `maxConnections` are open at once, those being opened and those checked out
/// included; the idle connection used last is reused first (LIFO), so the ones left over age
/// and are closed once idle for `idleTimeout` (checked at every call, no timer); a freed
/// connection or slot goes to the longest waiter first.
struct UpstreamPoolState<Connection: Sendable, Instant: InstantProtocol>: Sendable where Instant.Duration == Duration {
    /// An idle connection and the instant it was checked in.
    struct Idle: Sendable {
        let connection: Connection
        let since: Instant
    }

    /// What a checkout gets.
    enum Grant: Sendable {
        /// This idle connection, already open.
        case reuse(Connection)
        /// A slot: open a new connection (``discard()`` the slot if that fails).
        case open
    }

    /// What the caller of ``checkOut(now:fresh:)`` does next.
    enum CheckOut: Sendable {
        case granted(Grant)
        /// Every slot is taken: wait to be woken with `ticket`, then ``stopWaiting(_:)``.
        case wait(ticket: Int)
    }

    let maxConnections: Int
    let idleTimeout: Duration
    /// Idle connections, the oldest first.
    private(set) var idle: [Idle] = []
    /// Connections counted against the bound: idle, checked out, or being opened.
    private(set) var open = 0
    /// Tickets of waiting checkouts, the longest waiting first.
    private(set) var waiters: [Int] = []
    /// What woken waiters get when they call ``stopWaiting(_:)``.
    private var grants: [Int: Grant] = [:]
    private var nextTicket = 0
    /// After ``shutDown()``: nothing is kept idle any more.
    private(set) var isShutDown = false

    init(maxConnections: Int, idleTimeout: Duration) {
        self.maxConnections = max(1, maxConnections)
        self.idleTimeout = idleTimeout
    }

    /// A connection for one exchange: the idle one used last, else a slot to open one, else a
    /// ticket to wait with. `fresh` asks for a new connection (a retry after a stale reused one,
    /// or a body that cannot be sent twice): at the bound, the oldest idle connection is closed
    /// to make room for it. Also returns the idle connections gone stale, to close.
    mutating func checkOut(now: Instant, fresh: Bool = false) -> (CheckOut, close: [Connection]) {
        var close = sweep(now: now)
        if !fresh, let last = idle.popLast() {
            return (.granted(.reuse(last.connection)), close)
        }
        if open < maxConnections {
            open += 1
            return (.granted(.open), close)
        }
        if fresh, !idle.isEmpty {
            // The oldest idle connection gives its slot to the new one.
            close.append(idle.removeFirst().connection)
            return (.granted(.open), close)
        }
        nextTicket += 1
        waiters.append(nextTicket)
        return (.wait(ticket: nextTicket), close)
    }

    /// Returns a connection after its response's last byte was read. A reusable one goes to the
    /// longest waiter (whose ticket is returned, to wake), or is kept idle; one the upstream
    /// closed (`reusable` false) is closed, its slot going to the longest waiter.
    mutating func checkIn(_ connection: Connection, reusable: Bool, now: Instant) -> (wake: Int?, close: [Connection]) {
        var close = sweep(now: now)
        guard reusable, !isShutDown else {
            close.append(connection)
            return (discard(), close)
        }
        if !waiters.isEmpty {
            let ticket = waiters.removeFirst()
            grants[ticket] = .reuse(connection)
            return (ticket, close)
        }
        idle.append(Idle(connection: connection, since: now))
        return (nil, close)
    }

    /// Forgets a checked-out connection the caller closed (after a failure), or a slot whose
    /// connection could not be opened: the slot goes to the longest waiter, if any, whose
    /// ticket is returned.
    mutating func discard() -> Int? {
        guard !waiters.isEmpty, !isShutDown else {
            open -= 1
            return nil
        }
        let ticket = waiters.removeFirst()
        grants[ticket] = .open
        return ticket
    }

    /// Drops the idle connection `isIt` picks (the upstream closed it while it sat idle), if it
    /// is idle; its slot goes to the longest waiter. Returns whether it was idle here, and the
    /// ticket of the waiter that gets the slot.
    mutating func dropIdle(where isIt: (Connection) -> Bool) -> (dropped: Bool, wake: Int?) {
        guard let index = idle.firstIndex(where: { isIt($0.connection) }) else { return (false, nil) }
        idle.remove(at: index)
        return (true, discard())
    }

    /// Ends a wait (woken or timed out): what was granted to `ticket`, or `nil` when nothing was
    /// (the waiter is then forgotten and gets nothing later).
    mutating func stopWaiting(_ ticket: Int) -> Grant? {
        if let grant = grants.removeValue(forKey: ticket) { return grant }
        waiters.removeAll { $0 == ticket }
        return nil
    }

    /// Closes the pool: returns every idle connection, to close, and the waiters to wake (with
    /// nothing granted); connections checked in later are closed too.
    mutating func shutDown() -> (wake: [Int], close: [Connection]) {
        isShutDown = true
        let closing = idle.map(\.connection)
        open -= closing.count
        idle = []
        defer { waiters = [] }
        return (waiters, closing)
    }

    /// Takes out the idle connections unused for `idleTimeout` (the oldest are first).
    private mutating func sweep(now: Instant) -> [Connection] {
        let stale = idle.prefix { $0.since.duration(to: now) >= idleTimeout }.count
        guard stale > 0 else { return [] }
        let closing = idle.prefix(stale).map(\.connection)
        idle.removeFirst(stale)
        open -= stale
        return closing
    }
}
