/// The hash of a ``JSONValue``, consistent with equality by meaning: object members hash
/// order-insensitively, numbers by value.
///
/// Computed bottom-up on an explicit stack rather than by recursion, so that hashing a
/// document at the parser's depth limit needs no more thread stack than parsing it
/// (a debug build overflowed a 512 KiB stack at depth 512 when `hash(into:)` recursed).
///
/// ```swift
/// JSONHashing.digest(["a": 1, "b": 2]) == JSONHashing.digest(["b": 2.0, "a": 1])  // true
/// ```
enum JSONHashing {
    /// A container whose children are partly hashed.
    private enum Frame {
        case array([JSONValue], next: Int, hasher: Hasher)
        case object(JSONObject, next: Int, combined: Int)
    }

    /// One `Int` standing for `root`'s meaning within this process.
    static func digest(_ root: JSONValue) -> Int {
        var stack: [Frame] = []
        var pending = root
        while true {
            var result: Int
            switch pending {
            case .array(let elements) where !elements.isEmpty:
                stack.append(.array(elements, next: 0, hasher: arrayHasher(count: elements.count)))
                pending = elements[0]
                continue
            case .object(let object) where !object.isEmpty:
                stack.append(.object(object, next: 0, combined: 0))
                pending = object[0].value
                continue
            default:
                result = leafDigest(pending)
            }
            // Hand the result up until a container has another child to hash.
            ascending: while true {
                guard let frame = stack.popLast() else { return result }
                switch frame {
                case .array(let elements, let next, var hasher):
                    hasher.combine(result)
                    if next + 1 < elements.count {
                        stack.append(.array(elements, next: next + 1, hasher: hasher))
                        pending = elements[next + 1]
                        break ascending
                    }
                    result = hasher.finalize()
                case .object(let object, let next, let combined):
                    let sum = combined ^ memberDigest(key: object[next].key, value: result)
                    if next + 1 < object.count {
                        stack.append(.object(object, next: next + 1, combined: sum))
                        pending = object[next + 1].value
                        break ascending
                    }
                    result = objectDigest(count: object.count, combined: sum)
                }
            }
        }
    }

    private static func arrayHasher(count: Int) -> Hasher {
        var hasher = Hasher()
        hasher.combine(4)
        hasher.combine(count)
        return hasher
    }

    private static func memberDigest(key: String, value: Int) -> Int {
        var hasher = Hasher()
        hasher.combine(key)
        hasher.combine(value)
        return hasher.finalize()
    }

    private static func objectDigest(count: Int, combined: Int) -> Int {
        var hasher = Hasher()
        hasher.combine(5)
        hasher.combine(count)
        hasher.combine(combined)
        return hasher.finalize()
    }

    /// Scalars, and containers with no children.
    private static func leafDigest(_ value: JSONValue) -> Int {
        var hasher = Hasher()
        switch value {
        case .null: hasher.combine(0)
        case .bool(let flag): hasher.combine(1); hasher.combine(flag)
        case .number(let number): hasher.combine(2); number.hash(into: &hasher)
        case .string(let string): hasher.combine(3); hasher.combine(string)
        case .array: return arrayHasher(count: 0).finalize()
        case .object: return objectDigest(count: 0, combined: 0)
        }
        return hasher.finalize()
    }
}
