import Dispatch
import HarnessCore
import Synchronization

/// One thread that waits on its sockets (epoll, kqueue) and its timers, and runs what they call
/// for; other threads hand it work with ``execute(_:)``. Everything registered with a loop
/// (sockets, timers) is touched on the loop's thread only, so what it runs needs no locks.
///
/// Time on a loop is a `Duration` since the loop started (``now``), the unit every connection
/// machine counts its deadlines in.
///
/// ```swift
/// let loop = try EventLoop(name: "http-loop-0")
/// loop.execute { print("on the loop at", loop.now) }
/// loop.stop()   // waits for the loop's thread to end
/// ```
package final class EventLoop: @unchecked Sendable {
    // Unchecked: `sockets`, `timers` and `nextToken` are touched only on the loop's own thread
    // (by the methods documented "on the loop's thread", called from sockets, timers and
    // executed work); the inbox is a Mutex, and `poller.wake()` is safe from any thread.

    /// A socket registered with the loop, and what it is watched for.
    struct Registration {
        let socket: any EventLoopSocket
        let descriptor: Int32
        var interest: ReadinessPoller.Interest
    }

    private struct Inbox {
        var work: [@Sendable () -> Void] = []
        var stopping = false
        /// The wake-up descriptor is closed: nothing may write to it (its number may already
        /// belong to another file).
        var closed = false
    }

    /// The name of the loop's thread.
    package let name: String
    private let poller: ReadinessPoller
    private let inbox = Mutex(Inbox())
    /// Set once a wake-up is on its way, so that a burst of `execute` calls writes it once.
    private let wakeUpPending = Atomic<Bool>(false)
    private let threadID = Atomic<UInt>(0)
    private let finished = DispatchSemaphore(value: 0)
    private let hasFinished = Atomic<Bool>(false)
    private let origin = ContinuousClock.now
    var sockets: [UInt64: Registration] = [:]
    /// A read buffer every socket of the loop may use during one call.
    private var readBuffer = [UInt8](repeating: 0, count: 65_536)
    private var timers = TimerHeap<() -> Void>()
    private var nextToken: UInt64 = 0
    /// What owners keep on this loop (``local(_:make:)``).
    private var locals: [Int: AnyObject] = [:]

    /// The loop that drives the client connections (HTTP and WebSocket) opened without one:
    /// started with the first of them, for the life of the process.
    package static let sharedClientLoop: EventLoop? = try? EventLoop(name: "client-loop")

    /// Starts the loop's thread.
    package init(name: String) throws(SocketError) {
        self.name = name
        poller = try ReadinessPoller()
        startThread(name: name) { [self] in run() }
    }

    /// Time since the loop started.
    package var now: Duration { origin.duration(to: .now) }

    /// Whether the caller runs on this loop's thread.
    package var inEventLoop: Bool { threadID.load(ordering: .acquiring) == Platform.currentThreadID }

    /// Runs `work` on the loop's thread, after what it is doing now. Safe from any thread,
    /// the loop's own included. Says whether `work` was taken: once the loop is stopping,
    /// work handed over is dropped.
    @discardableResult
    package func execute(_ work: @escaping @Sendable () -> Void) -> Bool {
        let onLoop = inEventLoop
        return inbox.withLock { inbox -> Bool in
            guard !inbox.stopping else { return false }
            inbox.work.append(work)
            // Woken under the lock: the loop closes the wake-up descriptor under it too, so a
            // wake-up never reaches a descriptor number reused after the loop ended.
            if !onLoop, !wakeUpPending.exchange(true, ordering: .acquiringAndReleasing) { poller.wake() }
            return true
        }
    }

    /// Stops the loop: every socket still registered is told (``EventLoopSocket/loopStopped()``),
    /// then the thread ends. From another thread, returns once it has; from the loop's own
    /// thread, returns at once and the loop ends after the current step.
    package func stop() {
        inbox.withLock { inbox in
            inbox.stopping = true
            if !inbox.closed { poller.wake() }
        }
        guard !inEventLoop, !hasFinished.load(ordering: .acquiring) else { return }
        finished.wait()
        finished.signal()  // later callers of stop() return too
    }

    // MARK: Sockets (on the loop's thread)

    /// Watches `descriptor` for `socket`, as `interest` says; returns the registration's token.
    func register(_ socket: any EventLoopSocket, descriptor: Int32,
                  interest: ReadinessPoller.Interest) throws(SocketError) -> UInt64 {
        nextToken += 1
        try poller.add(descriptor, token: nextToken, interest: interest)
        sockets[nextToken] = Registration(socket: socket, descriptor: descriptor, interest: interest)
        return nextToken
    }

    /// Changes what registration `token` is watched for (nothing when it is unchanged).
    func setInterest(_ interest: ReadinessPoller.Interest, for token: UInt64) {
        guard var registration = sockets[token], registration.interest != interest else { return }
        registration.interest = interest
        sockets[token] = registration
        // Fails only for a descriptor already closed, whose registration the kernel dropped.
        try? poller.modify(registration.descriptor, token: token, interest: interest)
    }

    /// Stops watching registration `token` (before its descriptor is closed or handed on).
    func deregister(_ token: UInt64) {
        guard let registration = sockets.removeValue(forKey: token) else { return }
        poller.remove(registration.descriptor)
    }

    /// Lends the loop's read buffer (64 KiB) to `body` (on the loop's thread; not re-entrantly).
    func scratch<Result, Failure: Error>(
        _ body: (UnsafeMutableRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try readBuffer.withMutableBytes(body)
    }

    /// The object this loop keeps under `key`, made by `make` on first use: state an owner keeps
    /// per loop, used on the loop's thread only and so without a lock. Call on the loop's thread.
    /// The loop lets go of it when it stops.
    package func local<Value: AnyObject>(_ key: LoopLocalKey<Value>, make: () -> Value) -> Value {
        // The key's type parameter makes every value under its number a `Value`.
        if let value = locals[key.number] { return unsafeDowncast(value, to: Value.self) }
        let value = make()
        locals[key.number] = value
        return value
    }

    // MARK: Timers (on the loop's thread)

    /// Calls `fire` on the loop's thread once ``now`` reaches `deadline`; returns a token for
    /// ``cancelTimer(_:)``. Call on the loop's thread.
    package func scheduleTimer(at deadline: Duration, _ fire: @escaping () -> Void) -> UInt64 {
        timers.insert(fire, deadline: deadline)
    }

    /// Cancels a timer that has not fired yet (a fired or cancelled one is ignored). Call on the
    /// loop's thread.
    package func cancelTimer(_ token: UInt64) {
        timers.remove(token)
    }

    // MARK: The loop

    private func run() {
        threadID.store(Platform.currentThreadID, ordering: .releasing)
        while true {
            poller.wait(milliseconds: waitMilliseconds()) { token, readable, writable in
                guard let socket = sockets[token]?.socket else { return }
                if readable { socket.readable() }
                // Reading may have ended and deregistered the socket.
                if writable, sockets[token] != nil { socket.writable() }
            }
            // One at a time: a timer that fires may cancel another due in the same turn.
            let turn = now
            while let fire = timers.removeFirstDue(at: turn) { fire() }
            wakeUpPending.store(false, ordering: .releasing)
            let (work, stopping) = inbox.withLock { inbox in
                defer { inbox.work = [] }
                return (inbox.work, inbox.stopping)
            }
            for item in work { item() }
            if stopping { break }
        }
        let remaining = sockets.values.map(\.socket)
        for socket in remaining { socket.loopStopped() }
        for token in Array(sockets.keys) { deregister(token) }
        timers = TimerHeap()
        locals = [:]
        inbox.withLock { inbox in
            inbox.closed = true
            poller.close()
        }
        hasFinished.store(true, ordering: .releasing)
        finished.signal()
    }

    /// How long the next wait may last: not past the earliest timer, and not at all when work
    /// is waiting (handed over by the loop's own thread, which sends no wake-up).
    private func waitMilliseconds() -> Int32 {
        let pending = inbox.withLock { !$0.work.isEmpty || $0.stopping }
        if pending { return 0 }
        guard let deadline = timers.earliestDeadline else { return -1 }
        let remaining = deadline - now
        guard remaining > .zero else { return 0 }
        return Int32(clamping: remaining.socketTimeoutMilliseconds)
    }
}

/// Names the `Value` one owner keeps on each loop (``EventLoop/local(_:make:)``); every key made
/// is distinct.
package struct LoopLocalKey<Value: AnyObject>: Sendable {
    let number = LoopLocalKeys.next.wrappingAdd(1, ordering: .relaxed).newValue

    /// A key no other owner has.
    package init() {}
}

/// Numbers the keys (a generic type cannot hold the counter).
private enum LoopLocalKeys {
    static let next = Atomic<Int>(0)
}

/// A socket on an ``EventLoop``: told when it can read or write, and when the loop stops. Every
/// call comes on the loop's thread.
protocol EventLoopSocket: AnyObject {
    /// Bytes, the end of the stream or an error can be read without blocking.
    func readable()
    /// Bytes can be written without blocking (or the socket failed).
    func writable()
    /// The loop is stopping: end the connection now.
    func loopStopped()
}
