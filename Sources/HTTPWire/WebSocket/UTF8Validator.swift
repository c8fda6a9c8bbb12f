/// Incremental UTF-8 validation (RFC 3629), so that a text message split
/// across fragments fails at the first fragment that cannot be valid
/// (RFC 6455 §8.1 → close 1007), not only at the end.
struct UTF8Validator: Sendable {
    /// Bytes still expected to complete the current code point.
    private var pending = 0
    /// Allowed range for the next continuation byte (narrowed after E0, ED, F0, F4).
    private var lowerBound: UInt8 = 0x80
    private var upperBound: UInt8 = 0xBF

    /// Whether the bytes so far end on a code point boundary.
    var isComplete: Bool { pending == 0 }

    /// Consumes `bytes`; returns `false` as soon as they cannot be part of valid UTF-8.
    mutating func consume<Bytes: Sequence>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        for byte in bytes {
            if pending == 0 {
                switch byte {
                case 0x00...0x7F: continue
                case 0xC2...0xDF: pending = 1; lowerBound = 0x80; upperBound = 0xBF
                case 0xE0: pending = 2; lowerBound = 0xA0; upperBound = 0xBF
                case 0xE1...0xEC, 0xEE...0xEF: pending = 2; lowerBound = 0x80; upperBound = 0xBF
                case 0xED: pending = 2; lowerBound = 0x80; upperBound = 0x9F  // no surrogates
                case 0xF0: pending = 3; lowerBound = 0x90; upperBound = 0xBF
                case 0xF1...0xF3: pending = 3; lowerBound = 0x80; upperBound = 0xBF
                case 0xF4: pending = 3; lowerBound = 0x80; upperBound = 0x8F  // ≤ U+10FFFF
                default: return false
                }
            } else {
                guard byte >= lowerBound, byte <= upperBound else { return false }
                pending -= 1
                lowerBound = 0x80
                upperBound = 0xBF
            }
        }
        return true
    }
}
