import Dispatch
import HarnessCore
import HTTPWire
import Synchronization

/// The recording proxy's keep-alive connections to the upstream, shared by every client
/// connection and bounded: the upstream sees at most `maxConnections` connections from the
/// proxy, however many clients it has. A request checks a connection out for its whole exchange
/// and returns it once the response's last byte was read (``checkIn(_:)``), or closes it on a
/// failure (``discard(_:)``). When all are out, a request waits up to `checkoutTimeout` for
/// one, then gets ``UpstreamCheckoutError/poolExhausted(maxConnections:waited:)``.
///
/// The bookkeeping is ``UpstreamPoolState``; this shell performs what it decides. The lock is
/// held for the state's push or pop only: connecting, closing and waiting happen outside it.
/// WebSocket upgrades do not come here: each owns its upstream connection for its life.
///
/// ```swift
/// let lease = try pool.checkOut()
/// try lease.connection.write(request)
/// // … read the response to its end …
/// pool.checkIn(lease)
/// ```
final class UpstreamPool: Sendable {
    /// A connection checked out to one exchange. `HTTPClientConnection` is not thread-safe: the
    /// pool hands a connection to one holder at a time, who returns it (once) before anyone else
    /// can have it, so only that holder's thread uses it meanwhile.
    final class Lease: @unchecked Sendable {
        let connection: HTTPClientConnection
        /// Whether it served a request before (a failure on it may be the upstream's idle close).
        let wasReused: Bool
        /// Cleared when the exchange left the connection unfit for another request (a request
        /// body not sent whole): it is then closed at check-in.
        var mayBeReused = true
        fileprivate let pool: UpstreamPool
        fileprivate var isReturned = false

        fileprivate init(connection: HTTPClientConnection, wasReused: Bool, pool: UpstreamPool) {
            self.connection = connection
            self.wasReused = wasReused
            self.pool = pool
        }

        /// A lease dropped unreturned (a response whose body never ran, because the client went
        /// away before its head was written) gives its slot back rather than leaking it.
        deinit { if !isReturned { pool.discard(self) } }
    }

    /// What the pool holds idle: a connection no thread uses (see ``Lease``).
    fileprivate struct Pooled: @unchecked Sendable {
        let connection: HTTPClientConnection
    }

    private typealias Grant = UpstreamPoolState<Pooled, ContinuousClock.Instant>.Grant

    private struct Locked: Sendable {
        var state: UpstreamPoolState<Pooled, ContinuousClock.Instant>
        /// The semaphore each waiting checkout sleeps on, by ticket.
        var signals: [Int: DispatchSemaphore] = [:]
    }

    let host: String
    let port: Int
    /// TLS for an `https://` upstream; `nil` for plain HTTP.
    let tls: TLSClientConfiguration?
    let limits: HTTPLimits
    let responseTimeout: Duration
    let maxConnections: Int
    let checkoutTimeout: Duration
    private let locked: SleepingMutex<Locked>
    private let exhaustedCount = Atomic<Int>(0)

    init(host: String, port: Int, tls: TLSClientConfiguration?, limits: HTTPLimits, responseTimeout: Duration,
         maxConnections: Int, idleTimeout: Duration, checkoutTimeout: Duration) {
        self.host = host
        self.port = port
        self.tls = tls
        self.limits = limits
        self.responseTimeout = responseTimeout
        self.maxConnections = max(1, maxConnections)
        self.checkoutTimeout = checkoutTimeout
        locked = SleepingMutex(Locked(state: UpstreamPoolState(maxConnections: self.maxConnections, idleTimeout: idleTimeout)))
    }

    /// Checkouts that found no connection free within `checkoutTimeout` (answered 503).
    var exhaustedCheckouts: Int { exhaustedCount.load(ordering: .relaxed) }

    /// A connection for one exchange: the idle one used last, or a new one while fewer than
    /// `maxConnections` are open, or the first one freed within `checkoutTimeout`. `fresh`
    /// asks for a new connection (see ``UpstreamPoolState/checkOut(now:fresh:)``).
    func checkOut(fresh: Bool = false) throws(UpstreamCheckoutError) -> Lease {
        let (step, stale, signal) = locked.withLock { locked in
            let (step, stale) = locked.state.checkOut(now: .now, fresh: fresh)
            guard case .wait(let ticket) = step else { return (step, stale, DispatchSemaphore?.none) }
            let signal = DispatchSemaphore(value: 0)
            locked.signals[ticket] = signal
            return (step, stale, signal)
        }
        close(stale)
        let grant: Grant
        switch step {
        case .granted(let granted): grant = granted
        case .wait(let ticket): grant = try awaitGrant(ticket, signal: signal)
        }
        switch grant {
        case .reuse(let pooled):
            return Lease(connection: pooled.connection, wasReused: true, pool: self)
        case .open:
            do throws(HTTPClientError) {
                let connection = try HTTPClientConnection(host: host, port: port, tls: tls, limits: limits,
                                                          responseTimeout: responseTimeout)
                return Lease(connection: connection, wasReused: false, pool: self)
            } catch {
                freeSlot()
                throw .connection(error)
            }
        }
    }

    /// Sleeps until `ticket` is granted a connection or a slot, or `checkoutTimeout` passes.
    private func awaitGrant(_ ticket: Int, signal: DispatchSemaphore?) throws(UpstreamCheckoutError) -> Grant {
        _ = signal?.wait(timeout: .now() + .nanoseconds(Int(checkoutTimeout / .nanoseconds(1))))
        let (granted, isShutDown) = locked.withLock { locked in
            locked.signals[ticket] = nil
            return (locked.state.stopWaiting(ticket), locked.state.isShutDown)
        }
        guard let granted else {
            if isShutDown { throw .poolClosed }
            exhaustedCount.add(1, ordering: .relaxed)
            throw .poolExhausted(maxConnections: maxConnections, waited: checkoutTimeout)
        }
        return granted
    }

    /// Returns a connection whose response was read to its last byte: kept for reuse (or handed
    /// to a waiting request) unless the upstream said it closes it (`isReusable`) or the
    /// exchange left it unfit (``Lease/mayBeReused``).
    func checkIn(_ lease: Lease) {
        guard !lease.isReturned else { return }
        lease.isReturned = true
        let pooled = Pooled(connection: lease.connection), reusable = lease.mayBeReused && lease.connection.isReusable
        let (wake, stale) = locked.withLock { locked in
            let (ticket, stale) = locked.state.checkIn(pooled, reusable: reusable, now: .now)
            return (ticket.flatMap { locked.signals.removeValue(forKey: $0) }, stale)
        }
        wake?.signal()
        close(stale)
    }

    /// Closes a checked-out connection after a failure mid-exchange and frees its slot.
    func discard(_ lease: Lease) {
        guard !lease.isReturned else { return }
        lease.isReturned = true
        lease.connection.close()
        freeSlot()
    }

    /// Closes the idle connections and wakes every waiting request empty-handed; connections
    /// still checked out are closed when they come back.
    func shutDown() {
        let (wake, idle) = locked.withLock { locked in
            let (tickets, idle) = locked.state.shutDown()
            return (tickets.compactMap { locked.signals.removeValue(forKey: $0) }, idle)
        }
        for signal in wake { signal.signal() }
        close(idle)
    }

    private func freeSlot() {
        let wake = locked.withLock { locked in locked.state.discard().flatMap { locked.signals.removeValue(forKey: $0) } }
        wake?.signal()
    }

    private func close(_ connections: [Pooled]) {
        for pooled in connections { pooled.connection.close() }
    }
}

/// Why the pool gave a request no upstream connection.
enum UpstreamCheckoutError: Error, Sendable {
    /// A new connection could not be opened (refused, timed out, TLS): the client gets 502.
    case connection(HTTPClientError)
    /// All `maxConnections` stayed checked out for `waited`: the client gets 503.
    case poolExhausted(maxConnections: Int, waited: Duration)
    /// The proxy is stopping: the client gets 503.
    case poolClosed
}
