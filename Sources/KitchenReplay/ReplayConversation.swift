import Foundation
import HarnessCore
import KitchenRecording

/// How fast a recorded timeline plays back.
public enum ReplaySpeed: Sendable, Hashable, CustomStringConvertible {
    /// Real relative times divided by `factor` (1 is the original pace).
    case scaled(Double)
    /// Everything at once, in order.
    case max

    /// `1`, `10`, `max`…
    public init?(_ text: String) {
        if text == "max" { self = .max; return }
        guard let factor = Double(text), factor > 0 else { return nil }
        self = .scaled(factor)
    }

    /// How long after the start a message recorded at `offset` plays.
    public func delay(_ offset: Duration) -> Duration {
        switch self {
        case .max: .zero
        case .scaled(let factor): offset / factor
        }
    }

    public var description: String {
        switch self {
        case .max: "max"
        case .scaled(let factor): factor == factor.rounded() ? "\(Int(factor))" : "\(factor)"
        }
    }
}

/// A recorded WebSocket conversation, as replay plays it: the server's messages at their
/// offsets from the upgrade, the client's messages expected in order, and how it closed.
public struct ReplayConversation: Sendable {
    public struct Message: Sendable {
        /// Time after the upgrade at which the message was recorded.
        public let offset: Duration
        public let message: HAR.WebSocketMessage
    }

    /// When the upgrade was recorded (the offsets count from here).
    public let startedAt: Date
    public let toClient: [Message]
    public let fromClient: [HAR.WebSocketMessage]
    public let close: HAR.WebSocketClose?

    public init(_ entry: HAR.Entry) {
        let start = Timestamp.milliseconds(from: entry.startedDateTime) ?? 0
        startedAt = Timestamp.date(milliseconds: start)
        // Chrome's error entries (`type: "error"`) never crossed the wire: nothing to play or expect.
        let messages = (entry.webSocketMessages ?? []).filter(\.isData)
        toClient = messages.filter { $0.type == .receive }.map { message in
            let milliseconds = Swift.max(0, Int64((message.time * 1000).rounded()) - start)
            return Message(offset: .milliseconds(milliseconds), message: message)
        }
        fromClient = messages.filter { $0.type == .send }
        close = entry.webSocketClose
    }

    /// Whether the server side ended it (so replay ends it too), rather than the client.
    public var serverCloses: Bool { close.map { $0.closedBy != .client } ?? false }
}
