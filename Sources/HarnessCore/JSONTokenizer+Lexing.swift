/// The tokens: strings (RFC 8259 §7), numbers (§6) and literals (§3). Each reads from a
/// window index and reports offsets in the text; running out of window is `.unexpectedEnd`
/// at the first missing byte, which a resumable read takes as "more bytes needed".
extension JSONTokenizer {
    /// The string token whose opening quote is at `start`: control characters refused,
    /// escapes checked (surrogates paired), the bytes valid UTF-8. Returns the index just past
    /// the closing quote, and whether it holds an escape.
    mutating func lexString(
        _ window: UnsafeBufferPointer<UInt8>, at start: Int, windowStart: Int, isFinal: Bool
    ) throws(JSONParseError) -> (end: Int, escaped: Bool) {
        var index = start + 1
        var escaped = false
        var ascii = true
        if let progress, progress.start == windowStart + start {
            (index, escaped, ascii) = (progress.resumeAt - windowStart, progress.escaped, progress.ascii)
        }
        progress = nil
        while index < window.count {
            let byte = window[index]
            if byte == UInt8(ascii: "\"") {
                // Escapes are ASCII and decode to whole UTF-8 sequences, so checking the raw
                // bytes accepts exactly what checking the decoded ones would.
                if !ascii, String(validUTF8: UnsafeBufferPointer(rebasing: window[(start + 1)..<index])) == nil {
                    throw JSONParseError(offset: windowStart + start + 1, reason: .invalidUTF8)
                }
                return (index + 1, escaped)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                do throws(JSONParseError) {
                    index = try Self.lexEscape(window, at: index, windowStart: windowStart, isFinal: isFinal)
                } catch {
                    if error.reason == .unexpectedEnd {
                        progress = StringProgress(start: windowStart + start, resumeAt: windowStart + index, escaped: true, ascii: ascii)
                    }
                    throw error
                }
                continue
            }
            if byte < 0x20 { throw JSONParseError(offset: windowStart + index, reason: .controlCharacterInString) }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        progress = StringProgress(start: windowStart + start, resumeAt: windowStart + index, escaped: escaped, ascii: ascii)
        throw JSONParseError(offset: windowStart + index, reason: .unexpectedEnd)
    }

    /// The escape whose backslash is at `start`; returns the index just past it.
    private static func lexEscape(
        _ window: UnsafeBufferPointer<UInt8>, at start: Int, windowStart: Int, isFinal: Bool
    ) throws(JSONParseError) -> Int {
        var index = start + 1
        guard index < window.count else { throw JSONParseError(offset: windowStart + index, reason: .unexpectedEnd) }
        let escape = window[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index
        case UInt8(ascii: "u"):
            let invalid = JSONParseError(offset: windowStart + start, reason: .invalidUnicodeEscape)
            let unit = try hex4(window, at: index, windowStart: windowStart)
            index += 4
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate must be followed by an escaped low surrogate.
                if !isFinal, index + 1 >= window.count, index == window.count || window[index] == UInt8(ascii: "\\") {
                    throw JSONParseError(offset: windowStart + window.count, reason: .unexpectedEnd)
                }
                guard index + 1 < window.count, window[index] == UInt8(ascii: "\\"), window[index + 1] == UInt8(ascii: "u") else { throw invalid }
                index += 2
                guard (0xDC00...0xDFFF).contains(try hex4(window, at: index, windowStart: windowStart)) else { throw invalid }
                index += 4
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw invalid
            }
            return index
        default:
            throw JSONParseError(offset: windowStart + start, reason: .invalidEscape)
        }
    }

    private static func hex4(_ window: UnsafeBufferPointer<UInt8>, at start: Int, windowStart: Int) throws(JSONParseError) -> UInt32 {
        guard start + 4 <= window.count else { throw JSONParseError(offset: windowStart + start, reason: .unexpectedEnd) }
        var value: UInt32 = 0
        for index in start..<(start + 4) {
            guard let digit = PercentEncoding.hexValue(window[index]) else {
                throw JSONParseError(offset: windowStart + index, reason: .invalidUnicodeEscape)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// `-? int frac? exp?` with no leading zeros, starting at `start`. Unless `isFinal`, a
    /// number that reaches the end of the window may go on, so it is not complete yet; the
    /// next window reads on from its last run of digits.
    mutating func lexNumber(
        _ window: UnsafeBufferPointer<UInt8>, at start: Int, windowStart: Int, isFinal: Bool
    ) throws(JSONParseError) -> (end: Int, isInteger: Bool) {
        let invalid = JSONParseError(offset: windowStart + start, reason: .invalidNumber)
        let count = window.count
        var index = start
        var part = NumberPart.sign
        if let numberProgress, numberProgress.start == windowStart + start {
            (index, part) = (numberProgress.resumeAt - windowStart, numberProgress.part)
        }
        numberProgress = nil
        var resume: (index: Int, part: NumberPart)?
        func isDigit(_ index: Int) -> Bool { window[index] &- UInt8(ascii: "0") < 10 }
        func ranOut(_ index: Int, finally error: JSONParseError) -> JSONParseError {
            guard !isFinal else { return error }
            if let resume { numberProgress = NumberProgress(start: windowStart + start, resumeAt: windowStart + resume.index, part: resume.part) }
            return JSONParseError(offset: windowStart + index, reason: .unexpectedEnd)
        }
        func digits(_ part: NumberPart) {
            while index < count, isDigit(index) { index += 1 }
            resume = (index, part)
        }
        if part == .sign {
            if window[index] == UInt8(ascii: "-") { index += 1 }
            guard index < count else { throw ranOut(index, finally: JSONParseError(offset: windowStart + index, reason: .unexpectedEnd)) }
            if window[index] == UInt8(ascii: "0") {
                index += 1
                if index < count, isDigit(index) { throw invalid }
            } else if isDigit(index) {
                part = .integer
            } else {
                throw invalid
            }
        }
        if part == .integer { digits(.integer) }
        if part.rawValue < NumberPart.fraction.rawValue, index < count, window[index] == UInt8(ascii: ".") {
            index += 1
            guard index < count else { throw ranOut(index, finally: invalid) }
            guard isDigit(index) else { throw invalid }
            part = .fraction
        }
        if part == .fraction { digits(.fraction) }
        if part.rawValue < NumberPart.exponent.rawValue, index < count, window[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < count, window[index] == UInt8(ascii: "+") || window[index] == UInt8(ascii: "-") { index += 1 }
            guard index < count else { throw ranOut(index, finally: invalid) }
            guard isDigit(index) else { throw invalid }
            part = .exponent
        }
        if part == .exponent { digits(.exponent) }
        if index == count, !isFinal { throw ranOut(index, finally: invalid) }
        return (index, part.rawValue < NumberPart.fraction.rawValue)
    }

    /// `true`, `false` or `null`, chosen by the byte at `start`; returns the index past it.
    static func lexLiteral(_ window: UnsafeBufferPointer<UInt8>, at start: Int, windowStart: Int) throws(JSONParseError) -> Int {
        let literal: StaticString = switch window[start] {
        case UInt8(ascii: "t"): "true"
        case UInt8(ascii: "f"): "false"
        default: "null"
        }
        for position in 0..<literal.utf8CodeUnitCount {
            let index = start + position
            guard index < window.count else { throw JSONParseError(offset: windowStart + index, reason: .unexpectedEnd) }
            guard window[index] == literal.utf8Start[position] else {
                throw JSONParseError(offset: windowStart + index, reason: .unexpectedByte(window[index]))
            }
        }
        return start + literal.utf8CodeUnitCount
    }

    /// The text of the string token at `range` of `buffer` (quotes included), escapes decoded;
    /// the token must have been read by a tokenizer.
    package static func decodeString(_ buffer: UnsafeBufferPointer<UInt8>, token range: Range<Int>, escaped: Bool) -> String {
        let contents = UnsafeBufferPointer(rebasing: buffer[(range.lowerBound + 1)..<(range.upperBound - 1)])
        guard escaped else { return String(decoding: contents, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(contents.count)
        var index = 0
        func hex(_ start: Int) -> UInt32 {
            (start..<(start + 4)).reduce(0) { $0 << 4 | UInt32(PercentEncoding.hexValue(contents[$1]) ?? 0) }
        }
        while index < contents.count {
            let byte = contents[index]
            guard byte == UInt8(ascii: "\\") else {
                decoded.append(byte)
                index += 1
                continue
            }
            let escape = contents[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex(index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex(index + 2) - 0xDC00)
                    index += 6
                }
                UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { decoded.append($0) }
            default: decoded.append(escape)
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }
}
