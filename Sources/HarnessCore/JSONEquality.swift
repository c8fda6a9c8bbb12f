/// Equality of ``JSONValue``s by meaning: member order ignored, numbers by value, strings by
/// code points (RFC 8259 §8.3; JSON Schema Core 2020-12 §4.2.2).
///
/// Containers are compared on an explicit stack rather than by recursion, so comparing
/// documents at the parser's depth limit needs no more thread stack than parsing them.
///
/// ```swift
/// JSONEquality.equal(["a": 1, "b": 2], ["b": 2.0, "a": 1])   // true
/// JSONEquality.equal("ä", "a\u{308}")                         // false
/// ```
enum JSONEquality {
    static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        var pending: [(JSONValue, JSONValue)] = []
        guard compare(lhs, rhs, into: &pending) else { return false }
        while let (left, right) = pending.popLast() {
            guard compare(left, right, into: &pending) else { return false }
        }
        return true
    }

    /// Compares scalars, or a container's shape with its children queued on `pending`.
    private static func compare(_ lhs: JSONValue, _ rhs: JSONValue, into pending: inout [(JSONValue, JSONValue)]) -> Bool {
        switch lhs {
        case .null:
            if case .null = rhs { return true }
            return false
        case .bool(let left):
            if case .bool(let right) = rhs { return left == right }
            return false
        case .number(let left):
            if case .number(let right) = rhs { return left == right }
            return false
        case .string(let left):
            if case .string(let right) = rhs { return left.hasSameCodePoints(as: right) }
            return false
        case .array(let left):
            guard case .array(let right) = rhs, left.count == right.count else { return false }
            for index in left.indices { pending.append((left[index], right[index])) }
            return true
        case .object(let left):
            guard case .object(let right) = rhs, left.count == right.count else { return false }
            for member in left.members {
                guard let other = right[member.key] else { return false }
                pending.append((member.value, other))
            }
            return true
        }
    }
}
