/// A header or parameter name as a dictionary key that matches without regard to ASCII case
/// (RFC 9110 §5.1), hashed and compared byte by byte: looking a name up lower-cases no copy
/// of it. For the few names of a policy, ``Table`` is cheaper still: it hashes nothing.
struct CaseInsensitiveName: Hashable, Sendable, ExpressibleByStringLiteral {
    let text: String

    init(_ text: String) { self.text = text }
    init(stringLiteral text: String) { self.text = text }

    static func == (lhs: Self, rhs: Self) -> Bool { matches(lhs.text.utf8, rhs.text.utf8) }

    func hash(into hasher: inout Hasher) {
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
    struct Table<Value: Sendable>: Sendable {
        private var entries: [(name: [UInt8], value: Value)] = []

        /// An empty table.
        init() {}

        /// A table of `names`, each standing for `value`.
        init(_ names: [String], value: Value) {
            for name in names { insertIfAbsent(name, value) }
        }

        /// Adds `name` standing for `value`, unless the table already has that name: the
        /// first entry for a name wins.
        mutating func insertIfAbsent(_ name: String, _ value: Value) {
            guard self.value(named: name) == nil else { return }
            entries.append((name.utf8.map(folded), value))
        }

        /// What `name` stands for, if the table has it.
        func value(named name: String) -> Value? {
            let length = name.utf8.count
            for entry in entries where entry.name.count == length && CaseInsensitiveName.matches(name.utf8, entry.name) {
                return entry.value
            }
            return nil
        }
    }

    /// Whether two names' bytes are equal without regard to ASCII case.
    static func matches(_ left: some Collection<UInt8>, _ right: some Collection<UInt8>) -> Bool {
        left.count == right.count && zip(left, right).allSatisfy { folded($0) == folded($1) }
    }

    /// `byte` with an ASCII capital letter made small; every other byte (`-`, `/`, controls,
    /// non-ASCII) as it is.
    static func folded(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
