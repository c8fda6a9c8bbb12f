import KitchenRecorder

/// `kitchen record`'s count: exchanges and WebSocket messages recorded, records that failed.
///
/// Lines: `GET /devices 200 4 ms recorded`, `POST /auth/login 200 12 ms redacted`,
/// `WS /ws opened (ws-1) recorded`, `WS /ws closed 1000 by client (ws-1): 2 from client, 7 from server`.
/// `GET /devices 503 no upstream connection free, not relayed`.
/// Summary: `recorded 1,234 exchanges, 56 messages; 0 failed`, then `; 3 answered 503 (upstream connections busy)`
/// when there were such.
struct RecordTally: ProgressTally {
    /// HTTP exchanges and WebSocket openings written to the journal.
    private(set) var exchanges = 0
    /// WebSocket messages written to the journal.
    private(set) var messages = 0
    /// Records refused by redaction or lost to a journal that cannot be written.
    private(set) var failed = 0
    /// Requests answered 503 because no upstream connection came free in time.
    private(set) var upstreamBusy = 0
    /// Open conversations: their path and messages so far each way.
    private var conversations: [String: (path: String, sent: Int, received: Int)] = [:]

    var summary: String {
        "recorded \(counted(exchanges, "exchange", "exchanges")), \(counted(messages, "message", "messages")); \(grouped(failed)) failed"
            + (upstreamBusy > 0 ? "; \(grouped(upstreamBusy)) answered 503 (upstream connections busy)" : "")
    }

    mutating func note(_ event: RecorderEvent) -> String? {
        switch event {
        case .exchange(let exchange):
            count(exchange.outcome, as: \.exchanges)
            let upstream = exchange.upstreamFailure.map { " (upstream \($0.kind.rawValue))" } ?? ""
            return "\(exchange.method) \(exchange.path) \(exchange.status)\(upstream) \(Int(exchange.duration / .milliseconds(1))) ms "
                + Self.describe(exchange.outcome)
        case .webSocketOpened(let id, let path, let outcome):
            count(outcome, as: \.exchanges)
            conversations[id] = (path, 0, 0)
            return "WS \(path) opened (\(id)) " + Self.describe(outcome)
        case .webSocketMessage(let id, let sentByClient, let outcome):
            count(outcome, as: \.messages)
            if case .recorded = outcome {
                if sentByClient { conversations[id]?.sent += 1 } else { conversations[id]?.received += 1 }
            }
            // Only a message that was not recorded gets a line of its own; the rest are counted at the close.
            if case .recorded = outcome { return nil }
            return "WS \(conversations[id]?.path ?? "?") message (\(id)) " + Self.describe(outcome)
        case .webSocketClosed(let id, let code, let closedBy, let outcome):
            count(outcome, as: nil)
            let conversation = conversations.removeValue(forKey: id) ?? ("?", 0, 0)
            let failure: String
            if case .recorded = outcome { failure = "" } else { failure = "; close " + Self.describe(outcome) }
            return "WS \(conversation.path) closed \(code.map(String.init) ?? "without a code") by \(closedBy.rawValue) (\(id)): "
                + "\(conversation.sent) from client, \(conversation.received) from server" + failure
        case .upstreamBusy(let method, let path):
            upstreamBusy += 1
            return "\(method) \(path) 503 no upstream connection free, not relayed"
        }
    }

    /// Counts a written record under `counter`, a refused or failed one as failed.
    private mutating func count(_ outcome: RecorderEvent.Outcome, as counter: WritableKeyPath<RecordTally, Int>?) {
        switch outcome {
        case .recorded: if let counter { self[keyPath: counter] += 1 }
        case .refused, .failed: failed += 1
        }
    }

    /// `recorded`, `redacted` (recorded, a secret replaced by its alias), `refused: …`, `FAILED: …`.
    static func describe(_ outcome: RecorderEvent.Outcome) -> String {
        switch outcome {
        case .recorded(let redacted): redacted ? "redacted" : "recorded"
        case .refused(let error): "refused (not recorded): \(error)"
        case .failed(let error): "FAILED (journal): \(error)"
        }
    }
}
