/// Header fields in the order they were written. Names compare without regard
/// to ASCII case (RFC 9110 §5.1); repeated fields are kept, never merged.
///
/// ```swift
/// var headers: HTTPHeaders = ["Content-Type": "application/json"]
/// headers.add("Set-Cookie", "a=1")
/// headers["content-type"]   // "application/json"
/// ```
package struct HTTPHeaders: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// One header field.
    package struct Field: Sendable, Hashable {
        package var name: String
        package var value: String
        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    package private(set) var fields: [Field]

    package init(_ fields: [Field] = []) { self.fields = fields }

    package init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    package var startIndex: Int { fields.startIndex }
    package var endIndex: Int { fields.endIndex }
    package subscript(position: Int) -> Field { fields[position] }

    /// The first value for `name`; setting replaces every field of that name (or removes them with `nil`).
    package subscript(name: String) -> String? {
        get { fields.first { Self.namesMatch($0.name, name) }?.value }
        set {
            remove(name)
            if let newValue { add(name, newValue) }
        }
    }

    /// Every value for `name`, in order.
    package func values(for name: String) -> [String] {
        fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    /// How many fields are named `name`.
    package func count(of name: String) -> Int {
        fields.reduce(0) { $0 + (Self.namesMatch($1.name, name) ? 1 : 0) }
    }

    /// Whether any field is named `name`.
    package func contains(_ name: String) -> Bool {
        fields.contains { Self.namesMatch($0.name, name) }
    }

    /// Appends a field, keeping any existing ones.
    package mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field named `name`.
    package mutating func remove(_ name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    /// Whether the comma-separated lists in the fields named `name` contain `token`
    /// (case-insensitively), e.g. `Connection: keep-alive, Upgrade` contains `upgrade`.
    package func containsToken(_ token: String, in name: String) -> Bool {
        for value in values(for: name) {
            for item in value.split(separator: ",") {
                if Self.namesMatch(item.trimmingOWS(), token) { return true }
            }
        }
        return false
    }

    /// ASCII case-insensitive comparison, without allocating. Inlinable so that callers in
    /// other modules get it specialized (the generic version is several times slower).
    @inlinable
    package static func namesMatch<A: StringProtocol, B: StringProtocol>(_ a: A, _ b: B) -> Bool {
        let lhs = a.utf8, rhs = b.utf8
        guard lhs.count == rhs.count else { return false }
        // Native strings compare over their bytes in place, cheaper than stepping two UTF-8
        // views in `zip`: every header lookup goes through here.
        let contiguous = lhs.withContiguousStorageIfAvailable { left in
            rhs.withContiguousStorageIfAvailable { right in
                zip(left, right).allSatisfy { sameLetterIgnoringCase($0, $1) }
            }
        }
        if let contiguous, let result = contiguous { return result }
        return zip(lhs, rhs).allSatisfy { sameLetterIgnoringCase($0, $1) }
    }

    /// Whether two bytes are equal, or the same ASCII letter in either case.
    @inlinable
    static func sameLetterIgnoringCase(_ x: UInt8, _ y: UInt8) -> Bool {
        x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= 0x61 && (x | 0x20) <= 0x7A)
    }
}
