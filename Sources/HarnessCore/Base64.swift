/// Base64 (RFC 4648 §4) with padding: the one codec behind WebSocket keys and HAR bodies.
///
/// ```swift
/// Base64.encode(Array("hi".utf8))  // "aGk="
/// Base64.decode("aGk=")            // [104, 105]
/// ```
package enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Encodes `bytes`.
    package static func encode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let input = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index + 2 < input.count {
            let value = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            for shift in [18, 12, 6, 0] { output.append(alphabet[Int(value >> UInt32(shift) & 0x3F)]) }
            index += 3
        }
        let remaining = input.count - index
        if remaining > 0 {
            let value = UInt32(input[index]) << 16 | (remaining == 2 ? UInt32(input[index + 1]) << 8 : 0)
            output.append(alphabet[Int(value >> 18 & 0x3F)])
            output.append(alphabet[Int(value >> 12 & 0x3F)])
            output.append(remaining == 2 ? alphabet[Int(value >> 6 & 0x3F)] : UInt8(ascii: "="))
            output.append(UInt8(ascii: "="))
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes padded base64; `nil` for anything malformed.
    package static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < input.count {
            var value: UInt32 = 0
            var padding = 0
            for offset in 0..<4 {
                let byte = input[index + offset]
                let sextet: UInt32
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): sextet = UInt32(byte - UInt8(ascii: "A"))
                case UInt8(ascii: "a")...UInt8(ascii: "z"): sextet = UInt32(byte - UInt8(ascii: "a") + 26)
                case UInt8(ascii: "0")...UInt8(ascii: "9"): sextet = UInt32(byte - UInt8(ascii: "0") + 52)
                case UInt8(ascii: "+"): sextet = 62
                case UInt8(ascii: "/"): sextet = 63
                case UInt8(ascii: "="):
                    // Padding only in the last group, only in its last two places.
                    guard index + 4 == input.count, offset >= 2 else { return nil }
                    padding += 1
                    sextet = 0
                default: return nil
                }
                if padding > 0, byte != UInt8(ascii: "=") { return nil }
                value = value << 6 | sextet
            }
            output.append(UInt8(truncatingIfNeeded: value >> 16))
            if padding < 2 { output.append(UInt8(truncatingIfNeeded: value >> 8)) }
            if padding < 1 { output.append(UInt8(truncatingIfNeeded: value)) }
            index += 4
        }
        return output
    }
}
