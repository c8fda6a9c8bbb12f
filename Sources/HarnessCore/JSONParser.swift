/// A strict RFC 8259 parser from UTF-8 bytes to ``JSONValue``.
///
/// Refuses comments, trailing commas, leading zeros, unescaped control
/// characters, lone surrogates, invalid UTF-8, duplicate keys (by default) and
/// nesting beyond a limit, each with the byte offset where it went wrong.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"[1, 2.5, "x"]"#.utf8))
/// ```
public struct JSONParser {
    /// Parser settings.
    public struct Options: Sendable {
        /// Deepest nesting of arrays and objects accepted. Default 512.
        public var maximumDepth: Int
        /// Whether an object may repeat a key. Default `false` (refused).
        public var allowsDuplicateKeys: Bool

        public init(maximumDepth: Int = 512, allowsDuplicateKeys: Bool = false) {
            self.maximumDepth = maximumDepth
            self.allowsDuplicateKeys = allowsDuplicateKeys
        }
    }

    /// Parses exactly one JSON value, surrounded by optional whitespace.
    public static func parse(_ bytes: [UInt8], options: Options = .init()) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONValue in
            var parser = Cursor(bytes: buffer, options: options)
            parser.skipWhitespace()
            let value = try parser.parseValue(depth: 0)
            parser.skipWhitespace()
            guard parser.index == buffer.count else {
                throw JSONParseError(offset: parser.index, reason: .trailingData)
            }
            return value
        }
    }
}

private struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    let options: JSONParser.Options
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>, options: JSONParser.Options) {
        self.bytes = bytes
        self.options = options
    }

    func fail(_ reason: JSONParseError.Reason, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(offset: offset ?? index, reason: reason)
    }

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

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        switch try peek() {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case let byte: throw fail(.unexpectedByte(byte))
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let start = literal.utf8Start
        for offset in 0..<count {
            guard index < bytes.count else { throw fail(.unexpectedEnd) }
            guard bytes[index] == start[offset] else { throw fail(.unexpectedByte(bytes[index])) }
            index += 1
        }
    }

    mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= options.maximumDepth else { throw fail(.nestingTooDeep(limit: options.maximumDepth)) }
        index += 1  // {
        var members: [JSONObject.Member] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            index += 1
            return .object(JSONObject(uniqueMembers: members))
        }
        var seen: Set<String>? = nil
        while true {
            skipWhitespace()
            let keyOffset = index
            guard try peek() == UInt8(ascii: "\"") else { throw fail(.unexpectedByte(bytes[index])) }
            let key = try parseString()
            skipWhitespace()
            guard try peek() == UInt8(ascii: ":") else { throw fail(.unexpectedByte(bytes[index])) }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            if !options.allowsDuplicateKeys {
                // Linear scan for small objects, a set once they grow.
                if members.count >= 16 {
                    if seen == nil { seen = Set(members.map(\.key)) }
                    guard seen!.insert(key).inserted else { throw fail(.duplicateKey(key), at: keyOffset) }
                } else if members.contains(where: { $0.key == key }) {
                    throw fail(.duplicateKey(key), at: keyOffset)
                }
                members.append(JSONObject.Member(key: key, value: value))
            } else if let existing = members.firstIndex(where: { $0.key == key }) {
                members[existing].value = value
            } else {
                members.append(JSONObject.Member(key: key, value: value))
            }
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(JSONObject(uniqueMembers: members))
            case let byte: throw fail(.unexpectedByte(byte))
            }
        }
    }

    mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= options.maximumDepth else { throw fail(.nestingTooDeep(limit: options.maximumDepth)) }
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            case let byte: throw fail(.unexpectedByte(byte))
            }
        }
    }

    /// RFC 8259 §6: `-? int frac? exp?` with no leading zeros.
    mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw fail(.unexpectedEnd) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw fail(.invalidNumber, at: start) }
        } else if isDigit(bytes[index]) {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        } else {
            throw fail(.invalidNumber, at: start)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail(.invalidNumber, at: start) }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail(.invalidNumber, at: start) }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let digits = index - start
        if isInteger, digits <= 18 {
            var value: Int64 = 0
            var position = start
            let negative = bytes[position] == UInt8(ascii: "-")
            if negative { position += 1 }
            while position < index {
                value = value * 10 + Int64(bytes[position] &- UInt8(ascii: "0"))
                position += 1
            }
            return .integer(negative ? -value : value)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger, let exact = Int64(text) { return .integer(exact) }
        guard let value = Double(text), value.isFinite else { throw fail(.invalidNumber, at: start) }
        return .decimal(value)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// RFC 8259 §7. Expects the cursor on the opening quote.
    mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                guard let string = String(validating: slice, as: UTF8.self) else {
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
                guard let string = String(validating: buffer, as: UTF8.self) else {
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
            buffer.append(contentsOf: UTF8.encode(unicode)!)
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
