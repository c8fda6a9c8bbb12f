/// A header or parameter name as a dictionary key that matches without regard to ASCII case
/// (RFC 9110 §5.1), hashed and compared byte by byte: looking a name up lower-cases no copy
/// of it (the redactor asks about every header of every exchange).
struct CaseInsensitiveName: Hashable, Sendable, ExpressibleByStringLiteral {
    let text: String

    init(_ text: String) { self.text = text }
    init(stringLiteral text: String) { self.text = text }

    static func == (lhs: Self, rhs: Self) -> Bool {
        let left = lhs.text.utf8, right = rhs.text.utf8
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { folded($0) == folded($1) }
    }

    func hash(into hasher: inout Hasher) {
        for byte in text.utf8 { hasher.combine(Self.folded(byte)) }
    }

    /// `byte` with an ASCII capital letter made small; every other byte as it is.
    private static func folded(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
