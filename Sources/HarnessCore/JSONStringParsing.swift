/// Strings and escapes (RFC 8259 §7).
extension JSONCursor {
    /// RFC 8259 §7. Expects the cursor on the opening quote.
    mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                guard let string = String(validUTF8: slice) else {
                    throw fail(.invalidUTF8, at: start)
                }
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail(.controlCharacterInString) }
            index += 1
        }
        guard index < bytes.count else { throw fail(.unexpectedEnd) }
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let string = String(validUTF8: buffer) else {
                    throw fail(.invalidUTF8, at: start)
                }
                return string
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer)
            case ..<0x20:
                throw fail(.controlCharacterInString)
            default:
                buffer.append(byte)
                index += 1
            }
        }
        throw fail(.unexpectedEnd)
    }

    mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONParseError) {
        index += 1
        guard index < bytes.count else { throw fail(.unexpectedEnd) }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): buffer.append(0x22)
        case UInt8(ascii: "\\"): buffer.append(0x5C)
        case UInt8(ascii: "/"): buffer.append(0x2F)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            let escapeStart = index - 2
            var scalar = try parseHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw fail(.invalidUnicodeEscape, at: escapeStart) }
                index += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw fail(.invalidUnicodeEscape, at: escapeStart) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw fail(.invalidUnicodeEscape, at: escapeStart)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw fail(.invalidUnicodeEscape, at: escapeStart) }
            buffer.append(contentsOf: String(Character(unicode)).utf8)
        default:
            throw fail(.invalidEscape, at: index - 2)
        }
    }

    mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail(.unexpectedEnd) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail(.invalidUnicodeEscape)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
