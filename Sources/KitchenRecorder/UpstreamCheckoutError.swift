import HTTPWire

/// Why the pool gave a request no upstream connection.
enum UpstreamCheckoutError: Error, Sendable {
    /// A new connection could not be opened (refused, timed out, TLS): the client gets 502.
    case connection(HTTPClientError)
    /// All `connections` of the request's event loop (its share of `maxUpstreamConnections`,
    /// split among `loops` loops) stayed checked out for `waited`: the client gets 503.
    case poolExhausted(connections: Int, loops: Int, waited: Duration)
    /// The proxy is stopping: the client gets 503.
    case poolClosed
}
