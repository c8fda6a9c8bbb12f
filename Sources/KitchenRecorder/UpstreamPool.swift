import HTTPWire

/// Connections to the upstream. Each client connection keeps its own upstream
/// connection (kept in the server's per-connection storage, so no lock is taken
/// per request) and it is closed when the client connection ends.
struct UpstreamPool: Sendable {
    /// A connection used by one proxy thread at a time. `HTTPClientConnection` is not
    /// thread-safe; it lives in one client connection's storage and only that
    /// connection's thread uses it.
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
    /// TLS for an `https://` upstream; `nil` for plain HTTP.
    let tls: TLSClientConfiguration?
    let limits: HTTPLimits
    let responseTimeout: Duration

    /// The client connection's upstream connection if it can be reused, or a new one.
    func checkOut(for storage: HTTPConnectionStorage) throws(HTTPClientError) -> Lease {
        if let lease = storage.value as? Lease, lease.connection.isReusable {
            return Lease(connection: lease.connection, wasReused: true)
        }
        return try fresh(for: storage)
    }

    /// A new connection, remembered for the client connection (replacing any old one).
    func fresh(for storage: HTTPConnectionStorage) throws(HTTPClientError) -> Lease {
        (storage.value as? Lease)?.connection.close()
        let lease = Lease(connection: try HTTPClientConnection(host: host, port: port, tls: tls, limits: limits,
                                                               responseTimeout: responseTimeout), wasReused: false)
        storage.value = lease
        storage.onClose = { lease.connection.close() }
        return lease
    }

    /// After a response was read: a connection that cannot be reused is closed and forgotten.
    func checkIn(_ lease: Lease, for storage: HTTPConnectionStorage) {
        guard !lease.connection.isReusable else { return }
        discard(lease, for: storage)
    }

    /// Closes and forgets the connection (after a failure mid-exchange).
    func discard(_ lease: Lease, for storage: HTTPConnectionStorage) {
        lease.connection.close()
        if (storage.value as? Lease)?.connection === lease.connection { storage.value = nil }
    }
}
