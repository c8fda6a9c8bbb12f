import Synchronization

/// Counts the threads serving a server's connections and, past a limit, parks connections that
/// are waiting for a request instead of letting each hold a thread: a busy connection keeps its
/// thread (no hand-over on the fast path), while thousands of idle ones cost a socket each.
final class ConnectionThreads: Sendable {
    /// How many threads may wait on connections with nothing to read.
    let limit: Int
    private let parker: ConnectionParker
    private let running = Atomic<Int>(0)

    init(limit: Int, parker: ConnectionParker) {
        self.limit = limit
        self.parker = parker
    }

    /// Threads serving connections now.
    var count: Int { running.load(ordering: .relaxed) }

    /// Connections parked now.
    var parkedCount: Int { parker.count }

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

    /// Parks `connection` until bytes arrive (then `resume` runs on a new counted thread) or it
    /// has been idle too long (then `end` runs). False when the server is stopping: the caller
    /// ends the connection as usual.
    func park(_ connection: HTTPServerConnection, resume: @escaping @Sendable () -> Void,
              end: @escaping @Sendable () -> Void) -> Bool {
        parker.park(ConnectionParker.Parked(socket: connection.socket, resume: { [self] in start(connection, resume) }, end: end))
    }

    /// Ends every parked connection.
    func stop() { parker.stop() }
}
