/// A header or parameter name as a dictionary key that matches without regard to ASCII case
/// (RFC 9110 §5.1), hashed and compared byte by byte: looking a name up lower-cases no copy
/// of it (the redactor asks about every header of every exchange).
struct CaseInsensitiveName: Hashable, Sendable, ExpressibleByStringLiteral {
    let text: String

    init(_ text: String) { self.text = text }
    init(stringLiteral text: String) { self.text = text }

    static func == (lhs: Self, rhs: Self) -> Bool { matches(lhs.text.utf8, rhs.text.utf8) }

    func hash(into hasher: inout Hasher) {
        for byte in text.utf8 { hasher.combine(Self.folded(byte)) }
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
