/// A JSON number: an exact 64-bit integer when the text had no fraction or
/// exponent and fits, the decimal text itself for an integer that does not fit
/// 64 bits (or for `-0`), a `Double` otherwise.
///
/// Two numbers are equal when their values are equal: `1` equals `1.0`, and
/// `12345678901234567890` equals only numbers whose exact value is that integer.
/// Integers are never rounded on the way through: parsing then serializing
/// `12345678901234567890` or `-0` gives back the same bytes.
///
/// ```swift
/// let big = try JSONValue(parsing: "12345678901234567890")
/// JSONSerializer.string(big)  // "12345678901234567890"
/// ```
public enum JSONNumber: Sendable {
    case integer(Int64)
    /// An integer kept as the decimal text it was written with: `-`? then digits with no
    /// leading zero. Used for integers beyond `Int64` and for `-0`, which equals `0` but
    /// is written back as `-0`.
    case integerText(String)
    case decimal(Double)

    /// The value as a `Double` (possibly rounded for very large integers; an integer
    /// beyond `Double`'s range gives an infinity).
    public var doubleValue: Double {
        switch self {
        case .integer(let value): Double(value)
        case .integerText(let text): Double(text) ?? (text.hasPrefix("-") ? -.infinity : .infinity)
        case .decimal(let value): value
        }
    }

    /// The value as an exact integer, when it has no fractional part and fits 64 bits.
    public var int64Value: Int64? {
        switch self {
        case .integer(let value): value
        case .integerText(let text): Int64(text)
        case .decimal(let value): Int64(exactly: value)
        }
    }

    /// Whether the value has no fractional part (JSON Schema's `integer`).
    public var isInteger: Bool {
        switch self {
        case .integer, .integerText: true
        case .decimal(let value): value.isFinite && value.rounded(.towardZero) == value
        }
    }

    /// The exact value as canonical decimal integer text (no `-0`), when the value is an integer.
    var exactIntegerText: String? {
        switch self {
        case .integer(let value): return String(value)
        case .integerText(let text): return text == "-0" ? "0" : text
        case .decimal(let value):
            guard value.isFinite, value.rounded(.towardZero) == value else { return nil }
            if let exact = Int64(exactly: value) { return String(exact) }
            return DecimalDigits.exactText(ofIntegral: value)
        }
    }
}

extension JSONNumber: Hashable {
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        switch (lhs, rhs) {
        case (.integer(let a), .integer(let b)): a == b
        case (.integer(let a), .decimal(let b)), (.decimal(let b), .integer(let a)):
            Int64(exactly: b) == a
        case (.decimal(let a), .decimal(let b)): a == b
        case (.integerText, _), (_, .integerText):
            lhs.exactIntegerText != nil && lhs.exactIntegerText == rhs.exactIntegerText
        }
    }

    public func hash(into hasher: inout Hasher) {
        // Equal numbers agree on both: an integer text that fits 64 bits hashes as the
        // integer; one beyond it hashes as the Double it rounds to, which is exactly the
        // value of any decimal equal to it.
        if let exact = int64Value {
            hasher.combine(exact)
        } else {
            hasher.combine(doubleValue)
        }
    }
}

extension JSONNumber: Comparable {
    public static func < (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if case .integer(let a) = lhs, case .integer(let b) = rhs { return a < b }
        if let a = lhs.exactIntegerText, let b = rhs.exactIntegerText {
            return DecimalDigits.integerTextPrecedes(a, b)
        }
        return lhs.doubleValue < rhs.doubleValue
    }
}

/// Exact decimal arithmetic on integer text, for the few numbers beyond 64 bits.
enum DecimalDigits {
    /// The exact decimal text of an integral, finite `value` (any magnitude).
    static func exactText(ofIntegral value: Double) -> String {
        // value = significand × 2^exponent with an integer significand of at most 53 bits.
        let magnitude = value.magnitude
        let exponent = Int(magnitude.exponent) - Double.significandBitCount
        var significand = magnitude.significandBitPattern | (1 << UInt64(Double.significandBitCount))
        var shift = exponent
        if shift < 0 {
            significand >>= UInt64(-shift)
            shift = 0
        }
        // Little-endian base-10^9 limbs, doubled `shift` times.
        var limbs: [UInt64] = [significand % 1_000_000_000, significand / 1_000_000_000 % 1_000_000_000,
                               significand / 1_000_000_000_000_000_000]
        for _ in 0..<shift {
            var carry: UInt64 = 0
            for index in limbs.indices {
                let doubled = limbs[index] * 2 + carry
                limbs[index] = doubled % 1_000_000_000
                carry = doubled / 1_000_000_000
            }
            if carry > 0 { limbs.append(carry) }
        }
        while limbs.count > 1, limbs.last == 0 { limbs.removeLast() }
        var text = value < 0 ? "-" : ""
        text += String(limbs[limbs.count - 1])
        for limb in limbs.dropLast().reversed() {
            let digits = String(limb)
            text += String(repeating: "0", count: 9 - digits.count) + digits
        }
        return text
    }

    /// Whether canonical integer text `a` is less than `b` (no leading zeros, no `-0`).
    static func integerTextPrecedes(_ a: String, _ b: String) -> Bool {
        let aNegative = a.hasPrefix("-"), bNegative = b.hasPrefix("-")
        if aNegative != bNegative { return aNegative }
        let aDigits = a.utf8.drop { $0 == UInt8(ascii: "-") }, bDigits = b.utf8.drop { $0 == UInt8(ascii: "-") }
        let magnitudeLess = aDigits.count != bDigits.count
            ? aDigits.count < bDigits.count
            : aDigits.lexicographicallyPrecedes(bDigits)
        let magnitudeEqual = aDigits.elementsEqual(bDigits)
        return aNegative ? (!magnitudeLess && !magnitudeEqual) : magnitudeLess
    }
}
