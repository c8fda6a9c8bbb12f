import HarnessCore

/// One message a channel carries (AsyncAPI 3.0 Message Object).
public struct AsyncAPIMessage: Sendable {
    /// The message's key in its channel's `messages` map.
    public var key: String
    /// The message's own `name`, when given.
    public var name: String?
    /// The value of the channel's discriminator property that selects this message, if any.
    public var discriminatorValue: String?
    /// The payload schema; `nil` when the message declares none.
    public internal(set) var payload: JSONSchema?
    var payloadPointer: JSONPointer?
    /// Where the Message Object really lives (after following `$ref`).
    public var pointer: JSONPointer
}

/// One channel: an address and the messages that travel on it.
public struct AsyncAPIChannel: Sendable {
    /// The channel's key in `channels`.
    public var id: String
    /// The address (for the Kitchen API, the WebSocket path `/ws`); `nil` when dynamic.
    public var address: String?
    /// The messages in declaration order.
    public var messages: [AsyncAPIMessage]
    /// The payload property whose value tells the messages apart (such as `type`), when
    /// every message pins it to distinct values.
    public var discriminator: String?

    /// The message whose discriminator value is `value`.
    public func message(discriminatedBy value: String) -> AsyncAPIMessage? {
        messages.first { $0.discriminatorValue == value }
    }

    mutating func attach(_ graph: SchemaGraph) {
        for index in messages.indices {
            messages[index].payload = messages[index].payloadPointer.flatMap(graph.schema(at:))
        }
    }
}

/// Which way an operation's messages travel, from the point of view of the application the
/// document describes (AsyncAPI 3.0 §3.3.6: `send` means the application sends).
public enum AsyncAPIAction: String, Sendable, Hashable {
    case send, receive
}

/// One operation: an action on a channel with some of its messages.
public struct AsyncAPIOperation: Sendable {
    public var id: String
    /// Whether the application sends or receives the messages.
    public var action: AsyncAPIAction
    /// The key of the channel in `channels`.
    public var channelId: String
    /// The keys of the messages (in that channel) the operation uses; all of them when the
    /// operation lists none.
    public var messageKeys: [String]
}

/// The outcome of checking one WebSocket payload: the message it was taken for, and what is wrong.
public struct MessageValidation: Sendable {
    /// The message the payload was matched to; `nil` when none could be chosen.
    public var message: AsyncAPIMessage?
    /// Violations, with pointers into the payload.
    public var violations: [SchemaViolation]

    /// Whether the payload is a valid message of the channel.
    public var isValid: Bool { message != nil && violations.isEmpty }
}
