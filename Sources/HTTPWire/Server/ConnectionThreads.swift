import Synchronization

/// Where a server's connections are served: each on its ``EventLoop`` (the loop chosen by its
/// id, so the loops share the connections evenly), or, while a request needs one, on a thread
/// of its own. Counts both, starts the threads, and takes a connection back onto its loop once
/// its thread waits for a request with nothing of one read.
final class ConnectionThreads: Sendable {
    private let loops: [EventLoop]
    private let running = Atomic<Int>(0)
    private let perLoop: Mutex<[Int]>

    /// `loops` must not be empty.
    init(loops: [EventLoop]) {
        self.loops = loops
        perLoop = Mutex(Array(repeating: 0, count: loops.count))
    }

    /// Threads serving connections now.
    var count: Int { running.load(ordering: .relaxed) }

    /// Connections on the loops now.
    var onLoopsCount: Int { perLoop.withLock { $0.reduce(0, +) } }

    /// Connections on each loop now.
    var onLoopsCountPerLoop: [Int] { perLoop.withLock { $0 } }

    /// The loop connection `id` is served on.
    func loop(for id: Int) -> EventLoop { loops[id % loops.count] }

    /// Serves a new connection on its loop.
    func serveOnLoop(_ connection: HTTPServerConnection) {
        let loop = loop(for: connection.id), storage = HTTPConnectionStorage()
        let taken = loop.submit { [self] in
            ServerConnection(connection: connection, loop: loop, storage: storage, threads: self).start()
        }
        if !taken { connection.end(storage: storage) }  // the server is stopping
    }

    /// Takes a connection back onto its loop, with nothing of a request read, its requests
    /// numbered on from `nextRequestIndex`. False when the server is stopping: the caller ends
    /// the connection.
    func resume(_ connection: HTTPServerConnection, storage: HTTPConnectionStorage, nextRequestIndex: Int) -> Bool {
        let loop = loop(for: connection.id)
        return loop.submit { [self] in
            ServerConnection(connection: connection, loop: loop, storage: storage, threads: self,
                             nextRequestIndex: nextRequestIndex).start()
        }
    }

    /// Runs `body` on a new, counted thread.
    func start(_ connection: HTTPServerConnection, _ body: @escaping @Sendable () -> Void) {
        running.add(1, ordering: .relaxed)
        startThread(name: "http-connection-\(connection.id)", stackSize: connection.configuration.threadStackSize) { [self] in
            body()
            running.subtract(1, ordering: .relaxed)
        }
    }

    /// A connection started on `loop`'s thread.
    func connectionArrived(on loop: EventLoop) { change(loop, by: 1) }

    /// A connection left `loop` (handed to a thread, or ended).
    func connectionLeft(_ loop: EventLoop) { change(loop, by: -1) }

    private func change(_ loop: EventLoop, by delta: Int) {
        guard let index = loops.firstIndex(where: { $0 === loop }) else { return }
        perLoop.withLock { $0[index] += delta }
    }
}
