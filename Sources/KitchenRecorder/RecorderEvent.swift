import KitchenRecording

/// What the recording proxy just did, told to ``RecordingProxyConfiguration/observer`` as it
/// happens (after the record's write, on the connection's event loop): for progress output.
///
/// Paths are given without their query, which may carry a secret (`?token=`); nothing here is
/// redacted beyond that, so an observer shows paths, statuses and counts, never bodies.
///
/// ```swift
/// configuration.observer = { event in
///     if case .exchange(let exchange) = event { print(exchange.method, exchange.path, exchange.status) }
/// }
/// ```
public enum RecorderEvent: Sendable {
    /// One HTTP exchange (or a refused WebSocket upgrade) and what became of its record.
    case exchange(Exchange)
    /// A WebSocket conversation was opened upstream and its opening recorded.
    case webSocketOpened(id: String, path: String, outcome: Outcome)
    /// One complete data message of conversation `id`.
    case webSocketMessage(id: String, sentByClient: Bool, outcome: Outcome)
    /// How conversation `id` ended.
    case webSocketClosed(id: String, code: Int?, closedBy: HAR.WebSocketClose.Party, outcome: Outcome)
    /// A request answered 503 without reaching the upstream: no pooled upstream connection came
    /// free within ``RecordingProxyConfiguration/upstreamCheckoutTimeout`` (or the proxy was
    /// stopping). Nothing is recorded: the upstream never saw it.
    case upstreamBusy(method: String, path: String)

    /// An HTTP exchange as the proxy relayed it.
    public struct Exchange: Sendable {
        public let method: String
        /// The path as the upstream got it, without the query.
        public let path: String
        /// The status the client got (502 when the upstream failed).
        public let status: Int
        /// From the request's arrival to the answer's last byte read from the upstream.
        public let duration: Duration
        /// Why the upstream could not answer, when it could not.
        public let upstreamFailure: HAR.ExchangeError?
        public let outcome: Outcome
    }

    /// What became of a record.
    public enum Outcome: Sendable {
        /// Written to the journal; `redacted` when a secret in it was replaced by an alias.
        case recorded(redacted: Bool)
        /// Not written: it could not be redacted safely (redaction fails closed).
        case refused(RecordingError)
        /// Not written: the journal cannot be written, the proxy stops relaying.
        case failed(RecordingError)
    }
}
