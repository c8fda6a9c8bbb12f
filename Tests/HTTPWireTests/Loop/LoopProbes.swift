import Dispatch
@testable import HTTPWire
import KitchenTestSupport
import Synchronization

/// What the loop tests record from the loop's thread and read from the test's: entries in the
/// order they were appended, and a bounded wait for enough of them.
final class Log<Element: Sendable>: Sendable {
    private let entries = Mutex<[Element]>([])

    func append(_ entry: Element) { entries.withLock { $0.append(entry) } }

    var all: [Element] { entries.withLock { $0 } }

    var count: Int { entries.withLock { $0.count } }

    /// Whether at least `count` entries are in within `seconds`.
    func waitFor(count: Int, seconds: Double = 10) -> Bool { waitUntil(seconds: seconds) { self.count >= count } }
}

/// Why a loop test could not go on.
struct LoopTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension EventLoop {
    /// Runs `body` on the loop's thread and returns its result, waiting at most `seconds` (a
    /// guard against a hang, not a speed check: a loop making megabytes of test data on a
    /// machine running the whole suite once took more than 10 s).
    func runAndWait<T: Sendable>(seconds: Int = 60, _ body: @escaping @Sendable () throws -> T) throws -> T {
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        execute {
            let result = Result { try body() }
            outcome.withLock { $0 = result }
            done.signal()
        }
        guard done.wait(timeout: .now() + .seconds(seconds)) == .success else {
            throw LoopTestError("the loop did not run the work within \(seconds) s")
        }
        return try outcome.withLock { $0 }!.get()
    }

    /// Returns once the loop's own clock has moved `duration` past now (a timer on the loop, so
    /// every readiness the kernel reported before it was handed to the loop's sockets first).
    func waitForLoopTime(_ duration: Duration) throws {
        let fired = DispatchSemaphore(value: 0)
        execute { [self] in _ = scheduleTimer(at: now + duration) { fired.signal() } }
        guard fired.wait(timeout: .now() + .seconds(10)) == .success else {
            throw LoopTestError("the loop's timer did not fire")
        }
    }
}

/// Two connected TCP sockets on 127.0.0.1: `local` (accepted) and `remote` (connected to it).
func connectedPair() throws -> (local: Socket, remote: Socket) {
    let listener = try Listener(host: "127.0.0.1", port: 0)
    defer { listener.close() }
    let remote = try Socket.connect(host: "127.0.0.1", port: listener.address.port, timeoutMilliseconds: 5_000)
    guard let local = listener.accept() else { throw LoopTestError("accept failed") }
    return (local, remote)
}

/// A port on 127.0.0.1 that was bound and closed: nothing listens on it.
func closedPort() throws -> Int {
    let listener = try Listener(host: "127.0.0.1", port: 0)
    let port = listener.address.port
    listener.close()
    return port
}

/// A socket registered with a loop that records what the loop tells it. Readable: reads what
/// is there (`.read`), or `.endOfStream`. Writable: records it and stops watching for room,
/// which a connected socket always has (readiness is level-triggered).
final class ProbeSocket: EventLoopSocket, @unchecked Sendable {
    // Unchecked: `token` is touched on the loop's thread only; `calls` is a lock-protected log.
    enum Call: Equatable, Sendable {
        case read(String)
        case endOfStream
        case writable
        case loopStopped
    }

    let socket: Socket
    let loop: EventLoop
    let calls = Log<Call>()
    /// Whether every call came on the loop's thread.
    private let offTheLoop = Atomic<Bool>(false)
    var token: UInt64?

    init(socket: Socket, loop: EventLoop) {
        self.socket = socket
        self.loop = loop
    }

    /// Registers with `interest` (on the loop's thread).
    func register(_ interest: ReadinessPoller.Interest) throws {
        token = try loop.register(self, descriptor: socket.descriptor, interest: interest)
    }

    func readable() {
        noteThread()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let count: Int? = buffer.withUnsafeMutableBytes { raw in
            do throws(SocketError) { return try socket.readWithoutBlocking(into: raw) } catch { return 0 }
        }
        guard let count else { return }  // nothing after all
        if count > 0 {
            calls.append(.read(String(decoding: buffer.prefix(count), as: UTF8.self)))
        } else {
            calls.append(.endOfStream)
            if let token { loop.setInterest([], for: token) }
        }
    }

    func writable() {
        noteThread()
        calls.append(.writable)
        if let token { loop.setInterest([], for: token) }
    }

    func loopStopped() {
        noteThread()
        calls.append(.loopStopped)
    }

    /// Whether every call so far came on the loop's thread.
    var calledOnLoopThreadOnly: Bool { !offTheLoop.load(ordering: .relaxed) }

    private func noteThread() {
        if !loop.inEventLoop { offTheLoop.store(true, ordering: .relaxed) }
    }
}
