import HarnessCore

/// Turns an `Encodable` value into a ``JSONValue`` tree.
///
/// HAR files and journal lines are written by HarnessCore's serializer rather than by
/// Foundation's `JSONEncoder`, whose key order, slash escaping and number printing differ
/// between platforms and releases; that is what makes saved files byte-stable. Optionals
/// that are `nil` are left out, as `encodeIfPresent` asks.
struct JSONValueEncoder {
    /// The tree for `value`.
    func encode(_ value: some Encodable) throws -> JSONValue {
        let root = Node()
        try root.store(value, codingPath: [])
        return root.json
    }
}

/// A value under construction. Containers hand out child nodes and fill them later, so the
/// tree is built from references and flattened into a `JSONValue` at the end.
private final class Node {
    private var scalar: JSONValue?
    private var members: [(key: String, node: Node)]?
    private var elements: [Node]?

    var json: JSONValue {
        if let members {
            return .object(JSONObject(members.map { JSONObject.Member(key: $0.key, value: $0.node.json) }))
        }
        if let elements { return .array(elements.map(\.json)) }
        return scalar ?? .object(JSONObject())
    }

    func set(_ value: JSONValue) { scalar = value }

    func child(forKey key: String) -> Node {
        if members == nil { members = [] }
        if let existing = members?.first(where: { $0.key == key }) { return existing.node }
        let node = Node()
        members?.append((key, node))
        return node
    }

    func appendChild() -> Node {
        if elements == nil { elements = [] }
        let node = Node()
        elements?.append(node)
        return node
    }

    func makeObject() { if members == nil { members = [] } }
    func makeArray() { if elements == nil { elements = [] } }
    var count: Int { elements?.count ?? 0 }

    func store(_ value: some Encodable, codingPath: [any CodingKey]) throws {
        if let primitive = try Node.primitive(value, codingPath: codingPath) {
            set(primitive)
        } else {
            try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
        }
    }

    /// Leaves encoded as JSON scalars directly. Matched on the static type, not with `as?`,
    /// because dynamic casts may bridge through `NSNumber` on Darwin (a `Double` 2.0 would
    /// pass as an `Int` there and print differently).
    static func primitive<Value: Encodable>(_ value: Value, codingPath: [any CodingKey]) throws -> JSONValue? {
        // Each cast below runs only once the static type is known to match, so it cannot bridge.
        if Value.self == String.self, let string = value as? String { return .string(string) }
        if Value.self == Bool.self, let flag = value as? Bool { return .bool(flag) }
        if Value.self == Int.self, let number = value as? Int { return .int(number) }
        if Value.self == Int64.self, let number = value as? Int64 { return .number(.integer(number)) }
        if Value.self == Int32.self, let number = value as? Int32 { return .number(.integer(Int64(number))) }
        if Value.self == UInt32.self, let number = value as? UInt32 { return .number(.integer(Int64(number))) }
        if Value.self == UInt64.self, let number = value as? UInt64 {
            // Beyond Int64 the integer is kept exactly, as its decimal text.
            if let exact = Int64(exactly: number) { return .number(.integer(exact)) }
            return .number(.integerText(String(number)))
        }
        if Value.self == Double.self, let number = value as? Double { return try finite(number, codingPath: codingPath) }
        if Value.self == Float.self, let number = value as? Float { return try finite(Double(number), codingPath: codingPath) }
        return nil
    }

    private static func finite(_ number: Double, codingPath: [any CodingKey]) throws -> JSONValue {
        guard number.isFinite else {
            throw EncodingError.invalidValue(number, .init(codingPath: codingPath, debugDescription: "JSON has no \(number)"))
        }
        return .double(number)
    }
}

private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { String(intValue ?? 0) }
    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { return nil }
}

private struct NodeEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.child(forKey: key.stringValue).set(.null) }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try node.child(forKey: key.stringValue).store(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.child(forKey: "super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    mutating func encodeNil() throws { node.appendChild().set(.null) }

    mutating func encode(_ value: some Encodable) throws {
        let path = codingPath + [IndexKey(count)]
        try node.appendChild().store(value, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [IndexKey(count)]
        return NodeEncoder(node: node.appendChild(), codingPath: path).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [IndexKey(count)]
        return NodeEncoder(node: node.appendChild(), codingPath: path).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let path = codingPath + [IndexKey(count)]
        return NodeEncoder(node: node.appendChild(), codingPath: path)
    }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.set(.null) }

    mutating func encode(_ value: some Encodable) throws {
        try node.store(value, codingPath: codingPath)
    }
}
