import HarnessCore

// Small edits of parsed JSON, for the probes that feed the client a changed recording.

extension JSONValue {
    /// The pointer of every object member in this value, depth first, in written order
    /// (members of objects inside arrays included).
    var memberPointers: [JSONPointer] {
        var pointers: [JSONPointer] = []
        func walk(_ value: JSONValue, _ pointer: JSONPointer) {
            switch value {
            case .object(let object):
                for member in object {
                    let location = pointer.appending(member.key)
                    pointers.append(location)
                    walk(member.value, location)
                }
            case .array(let elements):
                for (index, element) in elements.enumerated() { walk(element, pointer.appending(index)) }
            default:
                break
            }
        }
        walk(self, .root)
        return pointers
    }

    /// This value with `member` added (as `value`) to every object in it, nested ones included.
    func addingToEveryObject(_ member: String, _ value: JSONValue) -> JSONValue {
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
