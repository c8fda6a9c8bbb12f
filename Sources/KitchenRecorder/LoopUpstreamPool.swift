import HTTPWire

/// Where the upstream is and how to talk to it: what a loop's pool needs to open a connection.
struct UpstreamEndpoint: Sendable {
    let host: String
    let port: Int
    /// TLS for an `https://` upstream; `nil` for plain HTTP.
    let tls: TLSClientConfiguration?
    let limits: HTTPLimits
    let responseTimeout: Duration
}

/// One event loop's upstream pool, its share of ``UpstreamPool``: the connections this loop
/// opened (each driven by the loop, and watched by it while idle, so one the upstream closes is
/// dropped at once), the requests on this loop waiting for one, and ``UpstreamPoolState``
/// keeping the count against ``share``. A connection never leaves the loop it was opened on.
///
/// ```swift
/// // on `loop`'s thread:
/// pool.checkOut(fresh: false) { result in
///     guard case .success(let (connection, _)) = result else { return }
///     connection.exchange(request) { event in … pool.checkIn(connection, reusable: true) … }
/// }
/// ```
final class LoopUpstreamPool: @unchecked Sendable {
    // Unchecked: `state`, `waiters` and the connections are touched on `loop`'s thread only:
    // every method is called there, and what finishes elsewhere (a TLS handshake on a thread of
    // its own) hands its result to the loop with `execute`. `share` is fixed: it is read from any thread.
    typealias State = UpstreamPoolState<HTTPClientConnection, ContinuousClock.Instant>
    typealias Grant = State.Grant
    typealias Answer = @Sendable (Result<(HTTPClientConnection, reused: Bool), UpstreamCheckoutError>) -> Void

    /// A request waiting for a connection, and the timer that ends its wait.
    private struct Waiter: Sendable {
        let granted: @Sendable (Grant?) -> Void
        let timer: UInt64
    }

    let loop: EventLoop
    /// Connections this loop may have open at once (being opened, checked out and idle).
    let share: Int
    private let endpoint: UpstreamEndpoint
    private let checkoutTimeout: Duration
    /// How many loops share the upstream bound: the 503's text says so.
    private let loopCount: Int
    private var state: State
    private var waiters: [Int: Waiter] = [:]

    init(loop: EventLoop, share: Int, loopCount: Int, endpoint: UpstreamEndpoint, idleTimeout: Duration,
         checkoutTimeout: Duration) {
        self.loop = loop
        self.endpoint = endpoint
        self.checkoutTimeout = checkoutTimeout
        self.loopCount = loopCount
        state = State(maxConnections: share, idleTimeout: idleTimeout)
        self.share = state.maxConnections
    }

    /// A connection for one exchange on this loop: reused (`true`), or opened without blocking
    /// the loop (`false`), or why there is none; `done` runs on the loop. `fresh` asks for a new
    /// connection (see ``UpstreamPoolState/checkOut(now:fresh:)``).
    func checkOut(fresh: Bool, _ done: @escaping Answer) {
        request(fresh: fresh) { [self] grant in
            switch grant {
            case nil:
                done(.failure(refusal))
            case .reuse(let connection)?:
                guard connection.attachedLoop === loop else {
                    // Let go of by the loop while idle (closed under it): its slot serves another.
                    discard(connection)
                    return checkOut(fresh: fresh, done)
                }
                done(.success((connection, true)))
            case .open?:
                open { [self] result in
                    switch result {
                    case .success(let connection) where watch(connection):
                        done(.success((connection, false)))
                    case .success(let connection):
                        discard(connection)
                        done(.failure(.connection(.socket(SocketError(kind: .other, operation: "watch the upstream connection")))))
                    case .failure(let error):
                        freeSlot()
                        done(.failure(.connection(error)))
                    }
                }
            }
        }
    }

    /// Takes back a connection whose response was read to its end: kept, or handed to the
    /// longest waiter, when `reusable` (and the upstream did not say it closes it); closed otherwise.
    func checkIn(_ connection: HTTPClientConnection, reusable: Bool) {
        assert(connection.attachedLoop.map { $0 === loop } ?? true, "a connection comes back to the loop that opened it")
        let (ticket, close) = state.checkIn(connection, reusable: reusable && connection.isReusable, now: .now)
        for stale in close { stale.close() }
        wake(ticket)
    }

    /// Closes a connection after a failure mid-exchange and frees its slot.
    func discard(_ connection: HTTPClientConnection) {
        connection.close()
        freeSlot()
    }

    /// Closes the idle connections and wakes every waiting request empty-handed; connections
    /// still checked out are closed when they come back.
    func shutDown() {
        let (tickets, idle) = state.shutDown()
        for connection in idle { connection.close() }
        for ticket in tickets {
            guard let waiter = waiters.removeValue(forKey: ticket) else { continue }
            loop.cancelTimer(waiter.timer)
            waiter.granted(nil)
        }
    }

    // MARK: Steps

    private var refusal: UpstreamCheckoutError {
        state.isShutDown ? .poolClosed : .poolExhausted(connections: share, loops: loopCount, waited: checkoutTimeout)
    }

    /// What a checkout gets, now or once something is freed, or nil when the wait runs out.
    private func request(fresh: Bool, _ granted: @escaping @Sendable (Grant?) -> Void) {
        guard !state.isShutDown else { return granted(nil) }
        let (step, stale) = state.checkOut(now: .now, fresh: fresh)
        for connection in stale { connection.close() }
        switch step {
        case .granted(let grant):
            granted(grant)
        case .wait(let ticket):
            let timer = loop.scheduleTimer(at: loop.now + checkoutTimeout) { [self] in giveUpWaiting(ticket) }
            waiters[ticket] = Waiter(granted: granted, timer: timer)
        }
    }

    /// Waiter `ticket`'s time ran out.
    private func giveUpWaiting(_ ticket: Int) {
        guard let waiter = waiters.removeValue(forKey: ticket) else { return }
        waiter.granted(state.stopWaiting(ticket))
    }

    /// Hands what was granted to waiter `ticket`, after the current step: the exchange that freed
    /// it finishes before another starts on it.
    private func wake(_ ticket: Int?) {
        guard let ticket, let waiter = waiters.removeValue(forKey: ticket) else { return }
        loop.cancelTimer(waiter.timer)
        let grant = state.stopWaiting(ticket)
        let delivered = loop.execute { waiter.granted(grant) }
        if !delivered, case .reuse(let connection)? = grant { connection.close() }  // the loop is stopping
    }

    private func freeSlot() {
        wake(state.discard())
    }

    /// Opens a connection for this loop without blocking it (TLS's handshake runs on a thread of
    /// its own); `done` runs on the loop.
    private func open(_ done: @escaping @Sendable (Result<HTTPClientConnection, HTTPClientError>) -> Void) {
        HTTPClientConnection.open(host: endpoint.host, port: endpoint.port, tls: endpoint.tls, limits: endpoint.limits,
                                  responseTimeout: endpoint.responseTimeout, on: loop, done)
    }

    /// Lets the loop drive `connection` and watch it while idle. False when it cannot be watched.
    private func watch(_ connection: HTTPClientConnection) -> Bool {
        do throws(HTTPClientError) {
            try connection.attach(to: loop) { [weak self, weak connection] in
                guard let self, let connection else { return }
                let (dropped, ticket) = state.dropIdle { $0 === connection }
                if dropped { wake(ticket) }
            }
            return true
        } catch {
            return false
        }
    }
}
