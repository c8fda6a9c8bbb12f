import Foundation
import KitchenRecording

/// The server's side of a recorded conversation as a timeline with no clock of its own: it
/// says what comes next and how long after the upgrade it is due. A player waits in its own
/// time (a socket's real time, a test's virtual clock) and asks again. Socket replay, the
/// in-process channel and reproduction are thin shells over it, so the timing rules live here.
///
/// ```swift
/// var timeline = ConversationTimeline(ReplayConversation(entry), speed: .scaled(1))
/// while let (due, step) = timeline.next() {
///     wait(ConversationTimeline.wait(until: due, since: start, now: clock.currentDate))
///     perform(step)
/// }
/// ```
public struct ConversationTimeline: Sendable {
    /// What the server does next.
    public enum Step: Sendable, Equatable {
        /// Sends a recorded message.
        case message(ReplayedMessage)
        /// Closes as recorded (the server or the proxy ended the conversation).
        case close(HAR.WebSocketClose)
        /// Nothing more: the recording ends with the client closing (or not at all), so the
        /// server waits for this client to close.
        case awaitClientClose
    }

    /// A recorded message as it is sent again.
    public enum ReplayedMessage: Sendable, Equatable {
        case text(String)
        case binary([UInt8])

        /// `message`'s payload as its opcode says (an undecodable payload is sent empty).
        public init(_ message: HAR.WebSocketMessage) {
            let payload = (try? message.payload) ?? []
            self = message.opcode == .binary ? .binary(payload) : .text(String(decoding: payload, as: UTF8.self))
        }
    }

    /// The conversation played.
    public let conversation: ReplayConversation
    /// How fast.
    public let speed: ReplaySpeed
    private var position = 0

    /// The timeline of `conversation` at `speed`, before its first step.
    public init(_ conversation: ReplayConversation, speed: ReplaySpeed) {
        self.conversation = conversation
        self.speed = speed
    }

    /// The next step and when it is due after the upgrade (scaled by the speed); `nil` after
    /// the last step. The ending comes with the last message's time, or at once.
    public mutating func next() -> (due: Duration, step: Step)? {
        let messages = conversation.toClient
        guard position <= messages.count else { return nil }
        defer { position += 1 }
        if position < messages.count {
            let message = messages[position]
            return (speed.delay(message.offset), .message(ReplayedMessage(message.message)))
        }
        let due = messages.last.map { speed.delay($0.offset) } ?? .zero
        if conversation.serverCloses, let close = conversation.close { return (due, .close(close)) }
        return (due, .awaitClientClose)
    }

    /// How long a player started at `start` waits at `now` for a step `due` after the start:
    /// never negative (a step already late goes at once), in whole milliseconds, the HAR's unit.
    public static func wait(until due: Duration, since start: Date, now: Date) -> Duration {
        let elapsed = Int64((now.timeIntervalSince(start) * 1000).rounded())
        let remaining = due / .milliseconds(1) - Double(elapsed)
        return remaining > 0 ? .milliseconds(Int64(remaining.rounded())) : .zero
    }
}
