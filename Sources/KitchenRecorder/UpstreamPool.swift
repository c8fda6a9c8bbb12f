import Dispatch
import HTTPWire
import Synchronization

/// The recording proxy's keep-alive connections to the upstream: one pool per event loop
/// (``LoopUpstreamPool``), each used on its own loop's thread only, so no lock is shared and no
/// connection ever moves between loops. The bound `maxConnections` is split among the loops
/// (``shares(of:among:)``), so the upstream sees at most that many connections from the proxy,
/// however many clients it has.
///
/// A request relayed on a loop checks a connection out of that loop's pool (``loopPool(for:)``),
/// and the loop drives it without blocking (every request, a streamed upload and an https
/// upstream included). It returns it to that pool once the response's last byte was read, or
/// closes it there on a failure. When the loop's whole share is out, a request waits up to
/// `checkoutTimeout` for one of them, then gets
/// ``UpstreamCheckoutError/poolExhausted(connections:loops:waited:)``.
///
/// ```swift
/// let pool = UpstreamPool(host: "127.0.0.1", port: 8080, tls: nil, limits: HTTPLimits(), responseTimeout: .seconds(30),
///                         maxConnections: 64, idleTimeout: .seconds(4), checkoutTimeout: .seconds(30))
/// pool.serve(on: server.eventLoops)   // once, before the first request
/// // on one of those loops:
/// let upstream = pool.loopPool(for: loop)
/// upstream.checkOut(fresh: false) { result in … upstream.checkIn(connection, reusable: true) … }
/// ```
final class UpstreamPool: Sendable {
    /// Where the upstream is and how to talk to it.
    let endpoint: UpstreamEndpoint
    /// The bound on connections open at once, all loops together (at least one a loop).
    let maxConnections: Int
    let idleTimeout: Duration
    let checkoutTimeout: Duration
    /// Each loop's pool, set once by ``serve(on:)``.
    private let loopPools = AtomicLazyReference<LoopPools>()

    /// The pools, one a loop, fixed once made.
    private final class LoopPools: Sendable {
        let pools: [LoopUpstreamPool]
        init(_ pools: [LoopUpstreamPool]) { self.pools = pools }
    }

    init(host: String, port: Int, tls: TLSClientConfiguration?, limits: HTTPLimits, responseTimeout: Duration,
         maxConnections: Int, idleTimeout: Duration, checkoutTimeout: Duration) {
        endpoint = UpstreamEndpoint(host: host, port: port, tls: tls, limits: limits, responseTimeout: responseTimeout)
        self.maxConnections = max(1, maxConnections)
        self.idleTimeout = idleTimeout
        self.checkoutTimeout = checkoutTimeout
    }

    /// Gives each of `loops` a pool of its own, with its share of `maxConnections`. Call once,
    /// before the first checkout (``RecordingProxy`` does, before its server starts); a later
    /// call changes nothing.
    func serve(on loops: [EventLoop]) {
        let shares = Self.shares(of: maxConnections, among: loops.count)
        _ = loopPools.storeIfNil(LoopPools(zip(loops, shares).map { loop, share in
            LoopUpstreamPool(loop: loop, share: share, loopCount: loops.count, endpoint: endpoint, idleTimeout: idleTimeout,
                             checkoutTimeout: checkoutTimeout)
        }))
    }

    /// `total` connections split among `loops`: `total / loops` each, the first `total % loops`
    /// loops one more, so the shares add up to `total`. A loop always gets one, so with fewer
    /// connections than loops the total is the number of loops: ``RecordingProxy`` runs at most
    /// `maxUpstreamConnections` loops for that reason.
    static func shares(of total: Int, among loops: Int) -> [Int] {
        guard loops > 0 else { return [] }
        return (0..<loops).map { index in max(1, total / loops + (index < total % loops ? 1 : 0)) }
    }

    /// The pool of `loop`: an exchange driven by that loop checks its connection out of it, and
    /// in or discards it there, on the loop's thread.
    func loopPool(for loop: EventLoop) -> LoopUpstreamPool {
        guard let pool = pools.first(where: { $0.loop === loop }) else {
            preconditionFailure("UpstreamPool: a loop the pool does not serve (see serve(on:))")
        }
        return pool
    }

    /// Closes the idle connections and wakes every waiting request empty-handed; connections
    /// still checked out are closed when they come back. From any thread: each loop's pool is
    /// shut down on its loop; off the loops, this returns once they all have.
    func shutDown() {
        let done = DispatchGroup()
        var onALoop = false
        for pool in pools {
            guard !pool.loop.inEventLoop else {
                onALoop = true
                pool.shutDown()
                continue
            }
            done.enter()
            if !pool.loop.execute({ pool.shutDown(); done.leave() }) { done.leave() }  // a stopped loop closed its own
        }
        // A loop's thread does not wait for the others: they might be waiting for it.
        if !onALoop { done.wait() }
    }

    /// Each loop's pool, in the order of the loops given to ``serve(on:)``.
    var pools: [LoopUpstreamPool] { loopPools.load()?.pools ?? [] }
}
