import Dispatch
import Foundation
import HarnessCore
import HTTPWire
import Synchronization

/// The recording proxy's keep-alive connections to the upstream, shared by every client
/// connection and bounded: the upstream sees at most `maxConnections` connections from the
/// proxy, however many clients it has. A request relayed on an event loop checks a connection out
/// with ``checkOut(on:fresh:_:)`` and the loop drives it without blocking (every request, a
/// streamed upload and an https upstream included); one answered on a thread (the fallback for a
/// client connection no loop could watch, ProxyResponder+Thread.swift) borrows one with
/// ``checkOut(on:fresh:)`` and uses the blocking calls. Either returns it once the response's last byte was read
/// (``checkIn(_:reusable:)``, ``checkIn(_:)``), or closes it on a failure (``discard(_:)``).
/// When all are out, a request waits up to `checkoutTimeout` for one, then gets
/// ``UpstreamCheckoutError/poolExhausted(maxConnections:waited:)``.
///
/// The bookkeeping is ``UpstreamPoolState``, under a lock held for its push or pop only. An idle
/// connection stays with the loop that used it last, which keeps watching it (one the upstream
/// closes is dropped at once); a checkout prefers one already on its own loop, and moves one from
/// another loop rather than open a new connection.
///
/// ```swift
/// let lease = try pool.checkOut(on: context.eventLoop)
/// try lease.connection.write(request)
/// // … read the response to its end …
/// pool.checkIn(lease)
/// ```
final class UpstreamPool: Sendable {
    /// A connection lent to a thread for one exchange. `HTTPClientConnection` is not
    /// thread-safe: the pool lends a connection to one holder at a time, who returns it (once)
    /// before anyone else can have it, so only that holder's thread uses it meanwhile.
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

    typealias Grant = UpstreamPoolState<PooledConnection, ContinuousClock.Instant>.Grant

    /// Someone waiting for a connection: told on its own loop (nil: a thread) what it got.
    private struct Waiter: Sendable {
        let loop: EventLoop?
        let granted: @Sendable (Grant?) -> Void
    }

    private struct Locked: Sendable {
        var state: UpstreamPoolState<PooledConnection, ContinuousClock.Instant>
        var waiters: [Int: Waiter] = [:]
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

    // MARK: On an event loop

    /// A connection for one exchange driven by `loop` (call on its thread; `done` runs there):
    /// reused (`true`), or opened without blocking (`false`), or why there is none. `fresh` asks
    /// for a new connection (see ``UpstreamPoolState/checkOut(now:fresh:preferring:)``).
    func checkOut(on loop: EventLoop, fresh: Bool = false,
                  _ done: @escaping @Sendable (Result<(HTTPClientConnection, reused: Bool), UpstreamCheckoutError>) -> Void) {
        request(fresh: fresh, on: loop) { [self] grant in
            switch grant {
            case nil:
                done(.failure(refusal))
            case .reuse(let pooled)?:
                bring(pooled.connection, to: loop) { [self] brought in
                    guard brought else {
                        pooled.connection.close()
                        freeSlot()
                        return checkOut(on: loop, fresh: fresh, done)
                    }
                    done(.success((pooled.connection, true)))
                }
            case .open?:
                open(on: loop) { [self] result in
                    switch result {
                    case .success(let connection) where watch(connection, on: loop):
                        done(.success((connection, false)))
                    case .success(let connection):
                        connection.close()
                        freeSlot()
                        done(.failure(.connection(.socket(SocketError(kind: .other, operation: "watch the upstream connection")))))
                    case .failure(let error):
                        freeSlot()
                        done(.failure(.connection(error)))
                    }
                }
            }
        }
    }

    /// Opens a connection for `loop`: a plain one without blocking it; a TLS one on a thread of its
    /// own (its handshake blocks), handed back to the loop once established. `done` runs on the loop.
    private func open(on loop: EventLoop, _ done: @escaping @Sendable (Result<HTTPClientConnection, HTTPClientError>) -> Void) {
        guard let tls else {
            return HTTPClientConnection.open(host: host, port: port, limits: limits, responseTimeout: responseTimeout,
                                             on: loop, done)
        }
        let (host, port, limits, responseTimeout) = (self.host, self.port, self.limits, self.responseTimeout)
        let thread = Thread {
            let result = Result { () throws(HTTPClientError) -> HTTPClientConnection in
                try HTTPClientConnection(host: host, port: port, tls: tls, limits: limits, responseTimeout: responseTimeout)
            }
            let delivered = loop.submit { done(result) }
            if !delivered, case .success(let connection) = result { connection.close() }
        }
        thread.name = "upstream-tls-connect"
        thread.start()
    }

    /// Takes back a connection an exchange on its loop read to its end (call on that loop's
    /// thread): kept, or handed to the longest waiter, when `reusable`; closed otherwise.
    func checkIn(_ connection: HTTPClientConnection, reusable: Bool) {
        giveBack(PooledConnection(connection), reusable: reusable && connection.isReusable)
    }

    /// Closes a connection after a failure mid-exchange and frees its slot.
    func discard(_ connection: HTTPClientConnection) {
        connection.close()
        freeSlot()
    }

    // MARK: On a thread

    /// A connection for one exchange on the calling thread (never an event loop's: it blocks):
    /// the idle one used last, or a new one (opened here, TLS and all) while fewer than
    /// `maxConnections` are open, or the first one freed within `checkoutTimeout`. `loop` is the
    /// one the request came on (connections already there are preferred).
    func checkOut(on loop: EventLoop? = nil, fresh: Bool = false) throws(UpstreamCheckoutError) -> Lease {
        let answered = DispatchSemaphore(value: 0)
        let answer = Mutex<Grant??>(nil)
        let ticket = request(fresh: fresh, on: nil, preferring: loop) { [self] grant in
            guard case .reuse(let pooled)? = grant else {
                answer.withLock { $0 = .some(grant) }
                answered.signal()
                return
            }
            // A thread reads and writes it with blocking calls: the loop lets go of it first.
            bring(pooled.connection, to: nil) { brought in
                // One that could not be moved is closed; its slot opens a new one here instead.
                answer.withLock { $0 = .some(brought ? grant : .open) }
                if !brought { pooled.connection.close() }
                _ = answered.signal()
            }
        }
        if let ticket, answered.wait(timeout: .now() + .nanoseconds(Int(checkoutTimeout / .nanoseconds(1)))) == .timedOut {
            giveUpWaiting(ticket)  // answers, unless a grant came meanwhile (then that answered)
            answered.wait()
        } else if ticket == nil {
            answered.wait()
        }
        switch answer.withLock({ $0 }) ?? nil {
        case nil:
            throw refusal
        case .reuse(let pooled)?:
            return Lease(connection: pooled.connection, wasReused: true, pool: self)
        case .open?:
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

    /// Returns a lent connection whose response was read to its last byte: kept for reuse (or
    /// handed to a waiting request) unless the upstream said it closes it or the exchange left it
    /// unfit (``Lease/mayBeReused``).
    func checkIn(_ lease: Lease) {
        guard !lease.isReturned else { return }
        lease.isReturned = true
        giveBack(PooledConnection(lease.connection), reusable: lease.mayBeReused && lease.connection.isReusable)
    }

    /// Closes a lent connection after a failure mid-exchange and frees its slot.
    func discard(_ lease: Lease) {
        guard !lease.isReturned else { return }
        lease.isReturned = true
        discard(lease.connection)
    }

    /// Closes the idle connections and wakes every waiting request empty-handed; connections
    /// still checked out are closed when they come back.
    func shutDown() {
        let (woken, idle) = locked.withLock { locked in
            let (tickets, idle) = locked.state.shutDown()
            return (tickets.compactMap { locked.waiters.removeValue(forKey: $0) }, idle)
        }
        for waiter in woken { deliver(nil, to: waiter) }
        for pooled in idle { close(pooled.connection) }
    }

    // MARK: Steps

    private var refusal: UpstreamCheckoutError {
        locked.withLock { $0.state.isShutDown }
            ? .poolClosed : .poolExhausted(maxConnections: maxConnections, waited: checkoutTimeout)
    }

    /// What a checkout from `loop` (nil: a thread) gets, now or once something is freed, or nil
    /// when the wait runs out; `granted` runs on `loop`'s thread (or any thread, for a thread).
    /// Returns the ticket of a thread's wait, which the thread times itself.
    @discardableResult
    private func request(fresh: Bool, on loop: EventLoop?, preferring home: EventLoop? = nil,
                         _ granted: @escaping @Sendable (Grant?) -> Void) -> Int? {
        let near = home ?? loop
        let (step, stale) = locked.withLock { locked -> (UpstreamPoolState<PooledConnection, ContinuousClock.Instant>.CheckOut?, [PooledConnection]) in
            guard !locked.state.isShutDown else { return (nil, []) }
            let (step, stale) = locked.state.checkOut(now: .now, fresh: fresh) { $0.connection.attachedLoop === near }
            if case .wait(let ticket) = step { locked.waiters[ticket] = Waiter(loop: loop, granted: granted) }
            return (step, stale)
        }
        for pooled in stale { close(pooled.connection) }
        switch step {
        case nil:
            granted(nil)
        case .granted(let grant)?:
            granted(grant)
        case .wait(let ticket)?:
            guard let loop else { return ticket }
            _ = loop.scheduleTimer(at: loop.now + checkoutTimeout) { [self] in giveUpWaiting(ticket) }
        }
        return nil
    }

    /// Waiter `ticket`'s time ran out: it gets what was granted meanwhile, if anything.
    private func giveUpWaiting(_ ticket: Int) {
        let outcome = locked.withLock { locked -> (Waiter, Grant?)? in
            guard let waiter = locked.waiters.removeValue(forKey: ticket) else { return nil }
            return (waiter, locked.state.stopWaiting(ticket))
        }
        guard let (waiter, grant) = outcome else { return }
        if grant == nil { exhaustedCount.add(1, ordering: .relaxed) }
        waiter.granted(grant)
    }

    /// Hands what was granted to waiter `ticket`, on its loop.
    private func wake(_ ticket: Int?) {
        guard let ticket else { return }
        let outcome = locked.withLock { locked -> (Waiter, Grant?)? in
            guard let waiter = locked.waiters.removeValue(forKey: ticket) else { return nil }
            return (waiter, locked.state.stopWaiting(ticket))
        }
        guard let (waiter, grant) = outcome else { return }
        deliver(grant, to: waiter)
    }

    private func deliver(_ grant: Grant?, to waiter: Waiter) {
        guard let loop = waiter.loop else { return waiter.granted(grant) }
        let delivered = loop.submit { waiter.granted(grant) }
        if !delivered, case .reuse(let pooled)? = grant { giveBack(pooled, reusable: false) }
    }

    private func giveBack(_ pooled: PooledConnection, reusable: Bool) {
        let (ticket, stale) = locked.withLock { $0.state.checkIn(pooled, reusable: reusable, now: .now) }
        if !reusable { close(pooled.connection) }
        for old in stale { close(old.connection) }
        wake(ticket)
    }

    private func freeSlot() {
        wake(locked.withLock { $0.state.discard() })
    }

    /// Moves `connection` to `loop` (nil: to a thread, watched by no loop) and calls `done`
    /// there with whether it could be: the loop it was on lets go of it first.
    private func bring(_ connection: HTTPClientConnection, to loop: EventLoop?, _ done: @escaping @Sendable (Bool) -> Void) {
        let arrive: @Sendable () -> Void = { [self] in
            guard let loop else { return done(true) }
            let watched = watch(connection, on: loop)
            done(watched)
        }
        guard let current = connection.attachedLoop, current !== loop else { return arrive() }
        let moving = current.submit {
            connection.detach()
            guard let loop else { return arrive() }
            if !loop.submit(arrive) { connection.close() }
        }
        if !moving { done(false) }
    }

    /// Lets `loop` drive `connection` and watch it while idle. False when it cannot be watched.
    private func watch(_ connection: HTTPClientConnection, on loop: EventLoop) -> Bool {
        guard connection.attachedLoop == nil else { return connection.attachedLoop === loop }
        do throws(HTTPClientError) {
            try connection.attach(to: loop) { [weak self, weak connection] in
                guard let self, let connection else { return }
                let (dropped, ticket) = locked.withLock { $0.state.dropIdle { $0.connection === connection } }
                if dropped { wake(ticket) }
            }
            return true
        } catch {
            return false
        }
    }

    /// Closes `connection` on the loop that drives it (or here, when none does).
    private func close(_ connection: HTTPClientConnection) {
        guard let loop = connection.attachedLoop, !loop.inEventLoop else { return connection.close() }
        if !loop.submit({ connection.close() }) { connection.close() }
    }
}
