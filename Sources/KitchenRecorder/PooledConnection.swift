import HTTPWire

/// A connection as the pool keeps it: only one holder uses it at a time (the pool hands it from
/// one to the next), so it may cross threads inside the pool's lock.
struct PooledConnection: @unchecked Sendable {
    let connection: HTTPClientConnection
    init(_ connection: HTTPClientConnection) { self.connection = connection }
}
