import HarnessCore

/// A position in a JSON text and the checks for its tokens (RFC 8259 §3, §6, §7), reporting
/// where each token is rather than building values: the lexical half of ``JSONSpanScanner``.
struct JSONTokenCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    func fail(_ reason: JSONParseError.Reason, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(offset: offset ?? index, reason: reason)
    }

    /// RFC 8259 §2: space, tab, line feed, carriage return.
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    func peek() throws(JSONParseError) -> UInt8 {
        guard index < bytes.count else { throw fail(.unexpectedEnd) }
        return bytes[index]
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = literal.utf8Start
        for offset in 0..<literal.utf8CodeUnitCount {
            guard index < bytes.count else { throw fail(.unexpectedEnd) }
            guard bytes[index] == start[offset] else { throw fail(.unexpectedByte(bytes[index])) }
            index += 1
        }
    }

    /// RFC 8259 §7, from the opening quote to just past the closing one: control characters
    /// refused, escapes checked (surrogates paired), the bytes valid UTF-8. Returns the
    /// token's range, quotes included, and whether it holds an escape.
    mutating func scanString() throws(JSONParseError) -> (range: Range<Int>, escaped: Bool) {
        let start = index
        index += 1
        var escaped = false
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                // Escapes are ASCII and always decode to whole UTF-8 sequences, so checking the raw
                // bytes accepts exactly what checking the decoded ones would.
                if !ascii, String(validUTF8: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(index - 1)])) == nil {
                    throw fail(.invalidUTF8, at: start + 1)
                }
                return (start..<index, escaped)
            case UInt8(ascii: "\\"):
                escaped = true
                try scanEscape()
            case ..<0x20:
                throw fail(.controlCharacterInString)
            default:
                if byte >= 0x80 { ascii = false }
                index += 1
            }
        }
        throw fail(.unexpectedEnd)
    }

    private mutating func scanEscape() throws(JSONParseError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw fail(.unexpectedEnd) }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"):
            let unit = try hex4()
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw fail(.invalidUnicodeEscape, at: escapeStart) }
                index += 2
                guard (0xDC00...0xDFFF).contains(try hex4()) else { throw fail(.invalidUnicodeEscape, at: escapeStart) }
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw fail(.invalidUnicodeEscape, at: escapeStart)
            }
        default:
            throw fail(.invalidEscape, at: escapeStart)
        }
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail(.unexpectedEnd) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = PercentEncoding.hexValue(bytes[index]) else { throw fail(.invalidUnicodeEscape) }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// RFC 8259 §6: `-? int frac? exp?`, no leading zeros.
    mutating func scanNumber() throws(JSONParseError) {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw fail(.unexpectedEnd) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw fail(.invalidNumber, at: start) }
        } else if isDigit(bytes[index]) {
            skipDigits()
        } else {
            throw fail(.invalidNumber, at: start)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail(.invalidNumber, at: start) }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail(.invalidNumber, at: start) }
            skipDigits()
        }
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
