import HarnessCore

// Edits of parsed JSON by pointer: bundling rewrites `$ref`s this way, and verify's probes
// feed the client changed recordings.

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
}

extension JSONPointer {
    /// This pointer followed by every token of `other`.
    package func appending(_ other: JSONPointer) -> JSONPointer { JSONPointer(tokens: tokens + other.tokens) }
}
