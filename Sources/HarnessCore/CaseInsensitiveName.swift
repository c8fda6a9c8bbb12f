/// A header or parameter name as a dictionary key that matches without regard to ASCII case
/// (RFC 9110 §5.1), hashed and compared byte by byte: looking a name up lower-cases no copy
/// of it. Only ASCII letters have a case: `@` and `` ` `` differ by the same bit as `A` and
/// `a` and stay different, as do `É` and `é`. For the few names of a policy, ``Table`` is
/// cheaper still: it hashes nothing.
///
/// ```swift
/// CaseInsensitiveName.matches("Content-Type".utf8, "content-type".utf8)   // true
/// let table: [CaseInsensitiveName: Int] = ["Authorization": 1]
/// table["AUTHORIZATION"]                                                  // 1
/// ```
package struct CaseInsensitiveName: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The name as written.
    package let text: String

    /// The name `text`, as written.
    package init(_ text: String) { self.text = text }
    package init(stringLiteral text: String) { self.text = text }

    package static func == (lhs: Self, rhs: Self) -> Bool { matches(lhs.text.utf8, rhs.text.utf8) }

    package func hash(into hasher: inout Hasher) {
        for byte in text.utf8 { hasher.combine(Self.folded(byte)) }
    }

    /// A few names and what each stands for, looked up without regard to ASCII case. A
    /// policy names a handful of headers, so a lookup compares the name with the entries of
    /// its length, in insertion order, and hashes nothing.
    ///
    /// ```swift
    /// var formats = CaseInsensitiveName.Table<Int>()
    /// formats.insertIfAbsent("Authorization", 1)
    /// formats.value(named: "AUTHORIZATION")   // 1
    /// ```
    package struct Table<Value: Sendable>: Sendable {
        /// Each name with its capitals made small, and at the same index what it stands for.
        /// Kept apart so that the search is not generic: callers in other modules get no
        /// specialization of it, and the redactor looks up every header of every exchange.
        private var names: [[UInt8]] = []
        private var values: [Value] = []

        /// An empty table.
        package init() {}

        /// A table of `names`, each standing for `value`.
        package init(_ names: [String], value: Value) {
            for name in names { insertIfAbsent(name, value) }
        }

        /// Adds `name` standing for `value`, unless the table already has that name: the
        /// first entry for a name wins.
        package mutating func insertIfAbsent(_ name: String, _ value: Value) {
            guard self.value(named: name) == nil else { return }
            names.append(name.utf8.map(CaseInsensitiveName.folded))
            values.append(value)
        }

        /// What `name` stands for, if the table has it.
        package func value(named name: String) -> Value? {
            CaseInsensitiveName.firstIndex(of: name, in: names).map { values[$0] }
        }
    }

    /// The index of the first of `foldedNames` (capitals made small) that `name` matches.
    private static func firstIndex(of name: String, in foldedNames: [[UInt8]]) -> Int? {
        let length = name.utf8.count
        return foldedNames.indices.first { foldedNames[$0].count == length && matches(name.utf8, foldedNames[$0]) }
    }

    /// Whether two names' bytes are equal without regard to ASCII case, without allocating.
    /// Inlinable so that callers in other modules get it specialized: every header lookup
    /// goes through here, and the generic version is several times slower.
    @inlinable
    package static func matches<Left: Collection<UInt8>, Right: Collection<UInt8>>(_ left: Left, _ right: Right) -> Bool {
        guard left.count == right.count else { return false }
        // Native strings and arrays compare over their bytes in place, cheaper than stepping
        // two collections in `zip`.
        let contiguous = left.withContiguousStorageIfAvailable { left in
            right.withContiguousStorageIfAvailable { right in
                zip(left, right).allSatisfy { folded($0) == folded($1) }
            }
        }
        if let contiguous, let result = contiguous { return result }
        return zip(left, right).allSatisfy { folded($0) == folded($1) }
    }

    /// `byte` with an ASCII capital letter made small; every other byte (`-`, `/`, controls,
    /// non-ASCII) as it is.
    @inlinable
    package static func folded(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}
