import HarnessCore

/// One step of the location of a value in a JSON text.
enum JSONPathComponent: Hashable, Sendable {
    /// The member of that (decoded) name.
    case member(String)
    /// The element at that index.
    case element(Int)

    /// The JSON Pointer reference token (RFC 6901 §4, before `~` escaping).
    var token: String {
        switch self {
        case .member(let name): name
        case .element(let index): String(index)
        }
    }
}

/// The location of each value a ``JSONTokenizer`` reports, kept from its events: a member's
/// name is on the path from its key to the end of its value, an element's index from its
/// first byte to its last.
struct JSONPathTracker {
    /// Where the value being read is (inside a key's event: that member).
    private(set) var path: [JSONPathComponent] = []
    /// Per open container: the index of its next element, `nil` for an object.
    private var nextElement: [Int?] = []

    /// A member's decoded name was read.
    mutating func key(_ name: String) {
        path.append(.member(name))
    }

    /// A value starts (a scalar, or a container's `[` or `{`).
    mutating func valueStarts() {
        guard let last = nextElement.last, let index = last else { return }
        path.append(.element(index))
        nextElement[nextElement.count - 1] = index + 1
    }

    /// A scalar value ended, or a container's `]` or `}` was read after ``close()``.
    mutating func valueEnds() {
        if !nextElement.isEmpty { path.removeLast() }
    }

    /// A container's `[` or `{` was read after ``valueStarts()``.
    mutating func open(isObject: Bool) {
        nextElement.append(isObject ? nil : 0)
    }

    /// The innermost container's `]` or `}` was read; ``path`` is the container's until ``valueEnds()``.
    mutating func close() {
        nextElement.removeLast()
    }
}
