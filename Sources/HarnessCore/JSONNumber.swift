/// A JSON number: an exact 64-bit integer when the text had no fraction or
/// exponent and fits, a `Double` otherwise.
///
/// Two numbers are equal when their values are equal: `1` equals `1.0`.
public enum JSONNumber: Sendable {
    case integer(Int64)
    case decimal(Double)

    /// The value as a `Double` (possibly rounded for very large integers).
    public var doubleValue: Double {
        switch self {
        case .integer(let value): Double(value)
        case .decimal(let value): value
        }
    }

    /// The value as an exact integer, when it has no fractional part and fits 64 bits.
    public var int64Value: Int64? {
        switch self {
        case .integer(let value): value
        case .decimal(let value): Int64(exactly: value)
        }
    }

    /// Whether the value has no fractional part (JSON Schema's `integer`).
    public var isInteger: Bool {
        switch self {
        case .integer: true
        case .decimal(let value): value.isFinite && value.rounded(.towardZero) == value
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
        }
    }

    public func hash(into hasher: inout Hasher) {
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
        return lhs.doubleValue < rhs.doubleValue
    }
}
