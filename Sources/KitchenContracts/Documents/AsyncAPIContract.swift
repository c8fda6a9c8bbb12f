import HarnessCore

/// An AsyncAPI 3.0 contract, loaded and checked: channels, their messages and payload
/// schemas, and the operations on them.
///
/// ```swift
/// let contract = try AsyncAPIContract(contentsOf: URL(fileURLWithPath: "Contracts/kitchen.asyncapi.json"))
/// let outcome = contract.validateMessage(payload, onChannel: "/ws")
/// outcome.message?.key        // "state"
/// outcome.violations          // [] when the frame is a valid message
/// ```
public struct AsyncAPIContract: ContractDocument {
    /// The document as loaded.
    public let document: JSONValue
    /// The file name (or `<inline>`), as used in errors.
    public let file: String
    /// Channels in document order.
    public let channels: [AsyncAPIChannel]
    /// Operations in document order.
    public let operations: [AsyncAPIOperation]
    let graph: SchemaGraph

    /// Loads a contract already parsed. `options` say how its schemas compile; the
    /// document's `"x-kitchen-formats": "assert"` turns format assertion on.
    public init(document: JSONValue, file: String = "<inline>", options: SchemaOptions = .init()) throws(ContractError) {
        var loader = AsyncAPILoader(document: document, file: file, options: options.adjusted(by: document))
        let (channels, operations, graph) = try loader.load()
        self.document = document
        self.file = file
        self.channels = channels
        self.operations = operations
        self.graph = graph
    }

    /// The channel whose key or address is `idOrAddress`.
    public func channel(_ idOrAddress: String) -> AsyncAPIChannel? {
        channels.first { $0.id == idOrAddress } ?? channels.first { $0.address == idOrAddress }
    }

    /// The compiled schema `components/schemas/<name>`.
    public func schema(named name: String) -> JSONSchema? {
        graph.schema(at: JSONPointer(tokens: ["components", "schemas", name]))
    }

    /// Checks one received payload against the messages of a channel (by key or address).
    /// When the channel's messages share a discriminator the payload's value picks the
    /// message, and an unknown value is reported as such; otherwise the first message the
    /// payload satisfies is taken, or the nearest one's violations are reported.
    public func validateMessage(_ payload: JSONValue, onChannel idOrAddress: String) -> MessageValidation {
        guard let channel = channel(idOrAddress) else {
            return MessageValidation(message: nil, violations: [SchemaViolation(
                pointer: .root, schemaPath: "#/channels", keyword: "channel",
                expected: "a declared channel", found: "unknown channel \"\(idOrAddress)\"")])
        }
        let channelPath = "#" + JSONPointer(tokens: ["channels", channel.id, "messages"]).description
        func noMessage(_ pointer: JSONPointer, expected: String, found: String) -> MessageValidation {
            MessageValidation(message: nil, violations: [SchemaViolation(
                pointer: pointer, schemaPath: channelPath, keyword: "message", expected: expected, found: found)])
        }
        if channel.messages.count > 1, let property = channel.discriminator {
            let known = channel.messages.compactMap(\.discriminatorValue).map(JSONValue.string)
            let expected = "a known message type (\(ValueWording.oneOf(known)))"
            guard let value = payload[property] else {
                return noMessage(JSONPointer(tokens: [property]), expected: expected, found: "absent")
            }
            guard let name = value.stringValue, let message = channel.message(discriminatedBy: name) else {
                return noMessage(JSONPointer(tokens: [property]), expected: expected,
                                 found: "unknown message type \(ValueWording.describe(value))")
            }
            return MessageValidation(message: message, violations: message.payload?.validate(payload) ?? [])
        }
        var outcomes: [(AsyncAPIMessage, [SchemaViolation])] = []
        for message in channel.messages {
            let found = message.payload?.validate(payload) ?? []
            if found.isEmpty { return MessageValidation(message: message, violations: []) }
            outcomes.append((message, found))
        }
        guard let nearest = outcomes.min(by: { $0.1.count < $1.1.count }) else {
            return noMessage(.root, expected: "a message of channel \(channel.id)", found: "a channel without messages")
        }
        if outcomes.count == 1 { return MessageValidation(message: nearest.0, violations: nearest.1) }
        var unmatched = noMessage(
            .root, expected: "one of \(outcomes.count) messages (\(outcomes.map(\.0.key).joined(separator: ", ")))",
            found: "matches none of \(outcomes.count)")
        unmatched.violations += nearest.1
        return unmatched
    }
}
