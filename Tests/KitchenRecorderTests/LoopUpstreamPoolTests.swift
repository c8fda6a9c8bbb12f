import Dispatch
import Foundation
import HTTPWire
@testable import KitchenRecorder
import Synchronization
import Testing

/// The upstream pool through its loop API, over real sockets and loops: each loop's share
/// bounds what that loop may open, a connection comes back to the loop it was opened on and is
/// reused there only, and no connection ever serves two loops. The tests wait for the loops on
/// their own thread, not on the cooperative pool, which other suites' blocking tests may hold.
@Suite(.timeLimit(.minutes(2))) struct LoopUpstreamPoolTests {
    typealias CheckOut = Result<(HTTPClientConnection, reused: Bool), UpstreamCheckoutError>

    /// An upstream to connect to, and a pool of `connections` for it shared by `loops`.
    func pool(connections: Int, loops count: Int,
              checkoutTimeout: Duration = .milliseconds(100)) throws -> (HTTPServer, UpstreamPool, [EventLoop]) {
        let upstream = HTTPServer(configuration: .init(port: 0), responder: Respond { _ in .response(.text(.ok, "ok")) })
        try upstream.start()
        let loops = try (0..<count).map { index in try EventLoop(name: "pool-test-\(index)") }
        let pool = UpstreamPool(host: "127.0.0.1", port: upstream.address!.port, tls: nil, limits: HTTPLimits(),
                                responseTimeout: .seconds(30), maxConnections: connections, idleTimeout: .seconds(3600),
                                checkoutTimeout: checkoutTimeout)
        pool.serve(on: loops)
        return (upstream, pool, loops)
    }

    func stop(_ upstream: HTTPServer, _ pool: UpstreamPool, _ loops: [EventLoop]) {
        pool.shutDown()
        for loop in loops { loop.stop() }
        upstream.stop()
    }

    /// A checkout on `loop`, as its caller there gets it.
    func checkOut(_ pool: UpstreamPool, on loop: EventLoop, fresh: Bool = false) -> CheckOut {
        onLoop(loop) { answer in pool.loopPool(for: loop).checkOut(fresh: fresh, answer) }
    }

    /// Runs `work` on `loop`'s thread and waits for what it answers.
    func onLoop<T: Sendable>(_ loop: EventLoop, _ work: @escaping @Sendable (@escaping @Sendable (T) -> Void) -> Void) -> T {
        let answered = DispatchSemaphore(value: 0)
        let answer = Mutex<T?>(nil)
        loop.execute {
            work { value in
                answer.withLock { $0 = value }
                answered.signal()
            }
        }
        answered.wait()
        return answer.withLock { $0! }
    }

    /// Runs `work` on `loop`'s thread and returns what it gives.
    func onLoop<T: Sendable>(_ loop: EventLoop, _ work: @escaping @Sendable () -> T) -> T {
        onLoop(loop) { answer in answer(work()) }
    }

    func isExhausted(_ result: CheckOut, connections: Int, loops: Int) -> Bool {
        guard case .failure(.poolExhausted(connections, loops, _)) = result else { return false }
        return true
    }

    @Test func theTotalIsSplitAmongTheLoopsTheFirstTakingTheRemainder() {
        #expect(UpstreamPool.shares(of: 64, among: 16) == Array(repeating: 4, count: 16))
        #expect(UpstreamPool.shares(of: 64, among: 2) == [32, 32])
        #expect(UpstreamPool.shares(of: 7, among: 3) == [3, 2, 2])
        #expect(UpstreamPool.shares(of: 5, among: 5) == [1, 1, 1, 1, 1])
        #expect(UpstreamPool.shares(of: 1, among: 2) == [1, 1], "a loop always gets one")
    }

    @Test func theProxyRunsNoMoreLoopsThanUpstreamConnectionsSoTheSharesAddUpToTheBound() {
        var configuration = RecordingProxyConfiguration(upstream: URL(string: "http://127.0.0.1:1")!,
                                                        output: URL(fileURLWithPath: "/tmp/unused.har"))
        configuration.eventLoopThreads = 8
        configuration.maxUpstreamConnections = 3
        #expect(configuration.servingLoops == 3)
        #expect(UpstreamPool.shares(of: 3, among: configuration.servingLoops).reduce(0, +) == 3)
        configuration.maxUpstreamConnections = 64
        #expect(configuration.servingLoops == 8)
        configuration.eventLoopThreads = 0
        #expect(configuration.servingLoops == 1)
    }

    @Test func aLoopsWholeShareOutMakesTheNextCheckoutWaitThenGetsItRefused() throws {
        let (upstream, pool, loops) = try pool(connections: 1, loops: 1)
        defer { stop(upstream, pool, loops) }
        let loop = loops[0]
        let first = try checkOut(pool, on: loop).get()
        #expect(!first.reused)
        #expect(isExhausted(checkOut(pool, on: loop), connections: 1, loops: 1), "the bound of 1 holds while it is out")
        onLoop(loop) { pool.loopPool(for: loop).checkIn(first.0, reusable: true) }
        let again = try checkOut(pool, on: loop).get()
        #expect(again.reused && again.0 === first.0, "the connection checked in is reused")
        onLoop(loop) { pool.loopPool(for: loop).discard(again.0) }
        let fresh = try checkOut(pool, on: loop).get()
        #expect(!fresh.reused && fresh.0 !== first.0, "a discarded connection's slot opens a new one")
        onLoop(loop) { pool.loopPool(for: loop).checkIn(fresh.0, reusable: true) }
    }

    @Test func aWaitingCheckoutIsHandedTheConnectionCheckedInOnItsLoop() throws {
        let (upstream, pool, loops) = try pool(connections: 1, loops: 1, checkoutTimeout: .seconds(30))
        defer { stop(upstream, pool, loops) }
        let loop = loops[0]
        let first = try checkOut(pool, on: loop).get()
        let handed: CheckOut = onLoop(loop) { answer in
            pool.loopPool(for: loop).checkOut(fresh: false, answer)  // waits: the share is out
            pool.loopPool(for: loop).checkIn(first.0, reusable: true)
        }
        let (connection, reused) = try handed.get()
        #expect(reused && connection === first.0)
        onLoop(loop) { pool.loopPool(for: loop).checkIn(connection, reusable: true) }
    }

    @Test func twoLoopsNeverShareAConnectionNorLendEachOtherTheirShare() throws {
        let (upstream, pool, loops) = try pool(connections: 2, loops: 2)
        defer { stop(upstream, pool, loops) }
        #expect(pool.shares == [1, 1])
        let onFirst = try checkOut(pool, on: loops[0]).get()
        onLoop(loops[0]) { pool.loopPool(for: loops[0]).checkIn(onFirst.0, reusable: true) }
        // The first loop's connection sits idle: the second loop opens its own all the same.
        let onSecond = try checkOut(pool, on: loops[1]).get()
        #expect(!onSecond.reused && onSecond.0 !== onFirst.0)
        #expect(onLoop(loops[1]) { onSecond.0.attachedLoop === loops[1] }, "driven by the loop it was opened for")
        // The second loop's share is out: it waits, and is refused, while the first loop's connection is idle.
        #expect(isExhausted(checkOut(pool, on: loops[1]), connections: 1, loops: 2))
        let again = try checkOut(pool, on: loops[0]).get()
        #expect(again.reused && again.0 === onFirst.0, "the idle connection stayed with its loop")
        #expect(onLoop(loops[0]) { again.0.attachedLoop === loops[0] })
        onLoop(loops[0]) { pool.loopPool(for: loops[0]).checkIn(again.0, reusable: true) }
        onLoop(loops[1]) { pool.loopPool(for: loops[1]).checkIn(onSecond.0, reusable: true) }
    }

    @Test func shutDownFromAnotherThreadClosesEveryLoopsPoolAndRefusesWhatComesNext() throws {
        let (upstream, pool, loops) = try pool(connections: 2, loops: 2)
        defer { stop(upstream, pool, loops) }
        let idle = try checkOut(pool, on: loops[0]).get()
        onLoop(loops[0]) { pool.loopPool(for: loops[0]).checkIn(idle.0, reusable: true) }
        pool.shutDown()
        #expect(!idle.0.isReusable, "the idle connection was closed")
        for loop in loops {
            guard case .failure(.poolClosed) = checkOut(pool, on: loop) else {
                Issue.record("a checkout after shutDown was not refused as closed")
                continue
            }
        }
    }
}
