import HarnessCore

/// Reads an AsyncAPI 3.0 document into channels and operations and compiles every message
/// payload, plus every schema under `components/schemas`, into one shared graph.
struct AsyncAPILoader {
    let reader: DocumentReader
    var compiler: SchemaCompiler

    init(document: JSONValue, file: String, options: SchemaOptions) {
        reader = DocumentReader(document: document, file: file)
        compiler = SchemaCompiler(document: document, file: file, options: options)
    }

    mutating func load() throws(ContractError) -> (channels: [AsyncAPIChannel], operations: [AsyncAPIOperation], graph: SchemaGraph) {
        _ = try reader.root(declaring: "asyncapi", of: "AsyncAPI")
        var channels = try reader.members(at: JSONPointer(tokens: ["channels"])).map { member throws(ContractError) in
            try channel(member.key)
        }
        let operations = try reader.members(at: JSONPointer(tokens: ["operations"])).map { member throws(ContractError) in
            try operation(member.key, channels: channels)
        }
        let graph = try compiler.finish(withComponentsOf: reader)
        for index in channels.indices { channels[index].attach(graph) }
        return (channels, operations, graph)
    }

    private mutating func channel(_ id: String) throws(ContractError) -> AsyncAPIChannel {
        let (object, at) = try reader.object(at: JSONPointer(tokens: ["channels", id]))
        let messages = try reader.members(at: at.appending("messages")).map { member throws(ContractError) in
            let (message, messageAt) = try reader.object(at: at.appending("messages").appending(member.key))
            var payloadPointer: JSONPointer?
            if case .object(let payload)? = message["payload"] {
                // AsyncAPI 3.0 §3.3.29: a Multi Format Schema Object wraps the schema with its format.
                payloadPointer = payload["schemaFormat"] != nil && payload["schema"] != nil
                    ? messageAt.appending("payload").appending("schema") : messageAt.appending("payload")
            }
            if let payloadPointer { _ = try compiler.compile(at: payloadPointer) }
            return AsyncAPIMessage(key: member.key, name: message["name"]?.stringValue, discriminatorValue: nil,
                                   payloadPointer: payloadPointer, pointer: messageAt)
        }
        var channel = AsyncAPIChannel(
            id: id, address: try reader.string(object, "address", at: at), messages: messages, discriminator: nil)
        ChannelDiscriminator.assign(to: &channel, document: reader.document)
        return channel
    }

    private func operation(_ id: String, channels: [AsyncAPIChannel]) throws(ContractError) -> AsyncAPIOperation {
        let (object, at) = try reader.object(at: JSONPointer(tokens: ["operations", id]))
        guard let action = object["action"]?.stringValue.flatMap(AsyncAPIAction.init(rawValue:)) else {
            throw reader.malformed(at.appending("action"), "action must be \"send\" or \"receive\"")
        }
        guard let channelRef = object["channel"]?["$ref"]?.stringValue else {
            throw reader.malformed(at.appending("channel"), "channel must be a $ref to a channel")
        }
        let channelTarget = try ContractReferences.require(channelRef, in: reader.document, file: reader.file,
            at: at.appending("channel"))
        guard channelTarget.pointer.tokens.count == 2, channelTarget.pointer.tokens[0] == "channels",
              let channel = channels.first(where: { $0.id == channelTarget.pointer.tokens[1] })
        else { throw reader.malformed(at.appending("channel"), "channel must refer to an entry of channels") }
        let keys = try (object["messages"]?.arrayValue ?? []).enumerated().map { position, element throws(ContractError) in
            let location = at.appending("messages").appending(position)
            guard let ref = element["$ref"]?.stringValue else { throw reader.malformed(location, "messages must be $refs") }
            let target = try ContractReferences.require(ref, in: reader.document, file: reader.file, at: location)
            guard let key = target.pointer.tokens.last, channel.messages.contains(where: { $0.key == key }),
                  target.pointer.tokens.dropLast() == ["channels", channel.id, "messages"]
            else { throw reader.malformed(location,
                "an operation's messages must be messages of its channel \(channel.id)") }
            return key
        }
        return AsyncAPIOperation(id: id, action: action, channelId: channel.id,
                                 messageKeys: keys.isEmpty ? channel.messages.map(\.key) : keys)
    }
}

/// Finds the payload property that tells a channel's messages apart.
enum ChannelDiscriminator {
    /// Sets the channel's discriminator and each message's value. Candidates are the
    /// top-level payload properties every message pins to one value (`const` or a one-value
    /// `enum`); among those whose values are all distinct, a payload's declared
    /// `discriminator` wins, then `type`, then the first in declaration order. A channel with
    /// a single message needs no discriminator, so it has one only when its payload declares it.
    static func assign(to channel: inout AsyncAPIChannel, document: JSONValue) {
        let payloads = channel.messages.map { $0.payloadPointer.flatMap { $0.resolve(in: document) } ?? .null }
        guard let first = payloads.first else { return }
        let declared = payloads.compactMap { DiscriminatorValues.declaredProperty(of: $0, document: document) }
        if payloads.count == 1, declared.isEmpty { return }
        let candidates = DiscriminatorValues.propertyNames(of: first, document: document)
        var usable: [String: [String]] = [:]
        for name in candidates {
            let values = payloads.map { DiscriminatorValues.values(of: name, in: $0, document: document) }
            guard values.allSatisfy({ $0.count == 1 }) else { continue }
            let flat = values.map { $0[0] }
            if Set(flat).count == flat.count { usable[name] = flat }
        }
        let preferred = declared.first { usable[$0] != nil }
            ?? (usable["type"] != nil ? "type" : candidates.first { usable[$0] != nil })
        guard let chosen = preferred, let values = usable[chosen] else { return }
        channel.discriminator = chosen
        for index in channel.messages.indices { channel.messages[index].discriminatorValue = values[index] }
    }
}
