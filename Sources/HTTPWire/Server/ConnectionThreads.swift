import Synchronization

/// Counts the threads serving a server's connections and, past a limit, hands connections that
/// are waiting for a request to a ``RequestHeadLoop`` instead of letting each hold a thread: a
/// busy connection keeps its thread (no hand-over on the fast path), while thousands of idle or
/// slowly speaking ones cost a socket each. A connection on the loop gets a thread again once a
/// whole request head has arrived. With several loops, a connection always goes to the same
/// one (by its id), so the loops share the connections evenly.
final class ConnectionThreads: Sendable {
    /// How many threads may wait on connections with nothing to read.
    let limit: Int
    private let loops: [RequestHeadLoop]
    private let running = Atomic<Int>(0)

    /// `loops` must not be empty.
    init(limit: Int, loops: [RequestHeadLoop]) {
        self.limit = limit
        self.loops = loops
    }

    /// Threads serving connections now.
    var count: Int { running.load(ordering: .relaxed) }

    /// Connections on the loops now (waiting for, or receiving, a request head).
    var parkedCount: Int { parkedCountPerLoop.reduce(0, +) }

    /// Connections on each loop now.
    var parkedCountPerLoop: [Int] { loops.map(\.count) }

    /// Whether a new connection would be one thread too many to wait on a thread of its own.
    var isFull: Bool { count >= limit }

    /// Whether a serving thread (counted) is one too many to go on waiting.
    var isCrowded: Bool { count > limit }

    /// Runs `body` on a new, counted thread.
    func start(_ connection: HTTPServerConnection, _ body: @escaping @Sendable () -> Void) {
        running.add(1, ordering: .relaxed)
        startThread(name: "http-connection-\(connection.id)", stackSize: connection.configuration.threadStackSize) { [self] in
            body()
            running.subtract(1, ordering: .relaxed)
        }
    }

    /// Hands `connection`, with nothing of a request read, to the loop until a whole head has
    /// arrived (then it is served on a new counted thread, its requests numbered from
    /// `nextRequestIndex`). False when the server is stopping: the caller ends the connection.
    func wait(_ connection: HTTPServerConnection, storage: HTTPConnectionStorage, nextRequestIndex: Int) -> Bool {
        loops[connection.id % loops.count].wait(RequestHeadLoop.Waiting(
            socket: connection.socket,
            handOver: { [self] bytes in
                start(connection) { connection.serve(storage: storage, firstRequestIndex: nextRequestIndex, bufferedBytes: bytes) }
            },
            answer: { error in connection.answerBytes(for: error) },
            reject: { [self] error in start(connection) { connection.answer(error, storage: storage) } },
            release: connection.onEnd,
            end: { connection.end(storage: storage) }))
    }

    /// Ends every connection on the loops.
    func stop() { for loop in loops { loop.stop() } }
}
