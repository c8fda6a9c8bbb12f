import Dispatch
import Synchronization
@testable import HTTPWire

// What the tests read of HTTPWire's state; the shipped code never needs to ask.

extension HTTPServer {
    /// The number of open connections now.
    var connectionCount: Int { connections.withLock { $0.count } }

    /// The number of connections served as HTTP on the event loops now: waiting for a request,
    /// reading one, being answered, or draining after a refusal for at most a second (when they
    /// no longer count in `connectionCount`). Upgraded ones (WebSockets) are not counted.
    var httpConnectionCount: Int { httpConnectionCountPerLoop.reduce(0, +) }

    /// The number of connections on each event loop now, as `httpConnectionCount` counts them:
    /// the ones registered with the loop as HTTP connections, counted on its thread. A stopped
    /// loop has ended its connections.
    var httpConnectionCountPerLoop: [Int] {
        eventLoops.map { loop in
            let counted = Mutex(0)
            let done = DispatchSemaphore(value: 0)
            let queued = loop.execute {
                counted.withLock { $0 = loop.sockets.values.count { $0.socket is ServerConnection } }
                done.signal()
            }
            // Work the loop took before it began stopping still runs.
            if queued { done.wait() }
            return counted.withLock { $0 }
        }
    }
}

extension ServerConnectionMachine {
    /// Whether the machine has no further part (upgraded or closed).
    var isFinished: Bool {
        if case .finished = phase { return true }
        return false
    }
}

extension EventLoop {
    /// How many sockets are registered now (read on the loop's thread).
    var registeredCount: Int { sockets.count }
}

extension TimerHeap {
    /// Removes and returns the items whose deadline is at or before `now`, soonest first.
    mutating func removeDue(at now: Duration) -> [Item] {
        var due: [Item] = []
        while let item = removeFirstDue(at: now) { due.append(item) }
        return due
    }

    /// How many are pending.
    var count: Int { items.count }

    /// Removes and returns everything, in token order.
    mutating func removeAll() -> [Item] {
        let tokens = items.keys.sorted()
        return tokens.compactMap { remove($0) }
    }
}

extension HTTPRequestBodyWriter {
    /// Whether what is written goes nowhere: the server stopped taking the body, or the
    /// exchange is over (answered, failed, or the connection closed).
    var isDiscarding: Bool { !(attachment?.takesBody(of: exchange) ?? false) }
}
