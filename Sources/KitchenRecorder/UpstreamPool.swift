import HTTPWire
import Synchronization

/// Idle keep-alive connections to the upstream, reused across client requests.
final class UpstreamPool: Sendable {
    /// A connection checked out by one proxy thread. `HTTPClientConnection` is not
    /// thread-safe; it is only ever used by the thread that holds this lease.
    final class Lease: @unchecked Sendable {
        let connection: HTTPClientConnection
        /// Whether it served a request before (a failure on it may be the upstream's idle close).
        let wasReused: Bool

        init(connection: HTTPClientConnection, wasReused: Bool) {
            self.connection = connection
            self.wasReused = wasReused
        }
    }

    let host: String
    let port: Int
    let limits: HTTPLimits
    let responseTimeout: Duration
    private let idle = Mutex<[Lease]>([])
    private let maximumIdle = 256

    init(host: String, port: Int, limits: HTTPLimits, responseTimeout: Duration) {
        self.host = host
        self.port = port
        self.limits = limits
        self.responseTimeout = responseTimeout
    }

    /// An idle connection, or a new one.
    func checkOut() throws(HTTPClientError) -> Lease {
        if let lease = idle.withLock({ $0.popLast() }) {
            return Lease(connection: lease.connection, wasReused: true)
        }
        return try fresh()
    }

    /// A new connection, never a pooled one.
    func fresh() throws(HTTPClientError) -> Lease {
        Lease(connection: try HTTPClientConnection(host: host, port: port, limits: limits,
                                                   responseTimeout: responseTimeout), wasReused: false)
    }

    /// Returns a connection whose response was read completely; closes it if it cannot be reused.
    func checkIn(_ lease: Lease) {
        guard lease.connection.isReusable else {
            lease.connection.close()
            return
        }
        let kept = idle.withLock { idle -> Bool in
            guard idle.count < maximumIdle else { return false }
            idle.append(lease)
            return true
        }
        if !kept { lease.connection.close() }
    }

    /// Closes every idle connection.
    func drain() {
        for lease in idle.withLock({ idle in defer { idle = [] }; return idle }) { lease.connection.close() }
    }
}
