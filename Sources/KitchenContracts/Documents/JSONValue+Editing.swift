import HarnessCore

// Edits of parsed JSON: bundling rewrites `$ref`s by pointer, and verify's probes feed the
// client changed recordings.

extension JSONValue {
    /// This value with the member or element at `pointer` replaced by `value`, or removed when
    /// `value` is nil. A pointer that designates nothing leaves the value unchanged; the root
    /// pointer replaces the whole value (removing the root leaves `null`).
    package func editing(at pointer: JSONPointer, to value: JSONValue?) -> JSONValue {
        edited(pointer.tokens[...], value) ?? .null
    }

    private func edited(_ tokens: ArraySlice<String>, _ value: JSONValue?) -> JSONValue? {
        guard let token = tokens.first else { return value }
        switch self {
        case .object(var object):
            guard let member = object[token] else { return self }
            object[token] = tokens.count == 1 ? value : member.edited(tokens.dropFirst(), value)
            return .object(object)
        case .array(var elements):
            guard let index = Int(token), elements.indices.contains(index) else { return self }
            if tokens.count == 1, value == nil {
                elements.remove(at: index)
            } else if let replaced = elements[index].edited(tokens.dropFirst(), value) {
                elements[index] = replaced
            }
            return .array(elements)
        default:
            return self
        }
    }

    /// The pointer of every object member in this value, depth first, in written order
    /// (members of objects inside arrays included).
    package var memberPointers: [JSONPointer] {
        func walk(_ value: JSONValue, _ pointer: JSONPointer) -> [JSONPointer] {
            switch value {
            case .object(let object): object.flatMap { [pointer.appending($0.key)] + walk($0.value, pointer.appending($0.key)) }
            case .array(let elements): elements.enumerated().flatMap { walk($1, pointer.appending($0)) }
            default: []
            }
        }
        return walk(self, .root)
    }

    /// This value with `member` added (as `value`) to every object in it, nested ones included.
    package func addingToEveryObject(_ member: String, _ value: JSONValue) -> JSONValue {
        switch self {
        case .object(let object):
            var copy = JSONObject(object.map { JSONObject.Member(key: $0.key, value: $0.value.addingToEveryObject(member, value)) })
            copy[member] = value
            return .object(copy)
        case .array(let elements):
            return .array(elements.map { $0.addingToEveryObject(member, value) })
        default:
            return self
        }
    }
}

extension JSONPointer {
    /// This pointer followed by every token of `other`.
    package func appending(_ other: JSONPointer) -> JSONPointer { JSONPointer(tokens: tokens + other.tokens) }
}
