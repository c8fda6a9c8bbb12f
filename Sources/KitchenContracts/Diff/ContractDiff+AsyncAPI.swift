import HarnessCore

extension ContractDiff {
    /// The changes from `old` to `new`, two AsyncAPI documents. Channels pair by address (or
    /// key); messages by key, then by discriminator value (a renamed message is the same
    /// message). A new message type is additive: like a new operation it is a new kind of
    /// event that clients dispatch on and must ignore when unknown, whereas a new enum value
    /// lands inside a field they already decode. Payloads of messages the application sends
    /// compare as responses (clients read them); those it receives, as requests.
    public static func compare(
        old: AsyncAPIContract, new: AsyncAPIContract, includeNeutral: Bool = false
    ) -> [ContractChange] {
        var differ = SchemaDiffer(oldDocument: old.document, newDocument: new.document)
        for channel in old.channels {
            let location = DiffLocation(prefix: channel.address ?? channel.id)
            guard let counterpart = new.channels.first(where: { same($0, channel) }) else {
                differ.record(.breaking, .channelRemoved, location, old: channel.id, new: nil)
                continue
            }
            compareMessages(channel, counterpart, in: new, at: location, with: &differ)
        }
        for channel in new.channels where !old.channels.contains(where: { same($0, channel) }) {
            differ.record(.additive, .channelAdded, DiffLocation(prefix: channel.address ?? channel.id), old: nil,
                new: channel.id)
        }
        for operation in old.operations {
            // Gone, or its action turned round: either breaks who sends or receives its messages.
            let counterpart = new.operations.first { $0.id == operation.id }
            guard counterpart?.action != operation.action else { continue }
            let kind: ContractChange.Kind = counterpart == nil ? .operationRemoved : .actionChanged
            differ.record(.breaking, kind, DiffLocation(prefix: "operation \(operation.id)"), old: operation.action.rawValue,
                          new: counterpart?.action.rawValue)
        }
        for operation in new.operations where !old.operations.contains(where: { $0.id == operation.id }) {
            differ.record(.additive, .operationAdded, DiffLocation(prefix: "operation \(operation.id)"), old: nil,
                new: operation.action.rawValue)
        }
        return finish(differ.changes, includeNeutral: includeNeutral)
    }

    private static func same(_ lhs: AsyncAPIChannel, _ rhs: AsyncAPIChannel) -> Bool {
        if let left = lhs.address, let right = rhs.address { return left == right }
        return lhs.id == rhs.id
    }

    private static func compareMessages(
        _ old: AsyncAPIChannel, _ new: AsyncAPIChannel, in newContract: AsyncAPIContract,
        at location: DiffLocation, with differ: inout SchemaDiffer
    ) {
        var unmatched = new.messages
        var pairs: [(AsyncAPIMessage, AsyncAPIMessage?)] = []
        for message in old.messages {
            pairs.append((message, unmatched.firstIndex { $0.key == message.key }.map { unmatched.remove(at: $0) }))
        }
        for (position, pair) in pairs.enumerated() where pair.1 == nil {
            guard let value = pair.0.discriminatorValue,
                  let index = unmatched.firstIndex(where: { $0.discriminatorValue == value }) else { continue }
            pairs[position].1 = unmatched.remove(at: index)
        }
        for (message, counterpart) in pairs {
            let at = DiffLocation(prefix: "\(location.prefix) → \(message.key)")
            guard let counterpart else {
                differ.record(.breaking, .messageRemoved, at,
                    old: message.discriminatorValue.map { "\"\($0)\"" } ?? message.key, new: nil)
                continue
            }
            guard let before = message.payloadPointer, let after = counterpart.payloadPointer else { continue }
            let actions = Set(newContract.operations.filter {
                $0.channelId == new.id && $0.messageKeys.contains(counterpart.key)
            }.map(\.action))
            differ.rootDiscriminator = old.discriminator ?? new.discriminator
            if let oldProperty = old.discriminator, let newProperty = new.discriminator, oldProperty != newProperty {
                differ.record(.breaking, .discriminatorChanged, at, old: oldProperty, new: newProperty)
            }
            differ.compare(old: before, new: after, at: at, direction: actions == [.receive] ? .request : .response)
            differ.rootDiscriminator = nil
        }
        for message in unmatched {
            differ.record(.additive, .messageAdded, DiffLocation(prefix: "\(location.prefix) → \(message.key)"),
                          old: nil, new: message.discriminatorValue.map { "\"\($0)\"" } ?? message.key)
        }
    }
}
