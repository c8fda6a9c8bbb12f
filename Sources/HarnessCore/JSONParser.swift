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
    package static func parse(_ bytes: [UInt8], options: Options = .init()) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONValue in
            var parser = JSONCursor(bytes: buffer, options: options)
            parser.skipWhitespace()
            let value = try parser.parseValue()
            parser.skipWhitespace()
            guard parser.index == buffer.count else {
                throw JSONParseError(offset: parser.index, reason: .trailingData)
            }
            return value
        }
    }
}

/// Which kind of container is open at each nesting level.
private enum ContainerKind {
    case array
    case object
}

/// An object being read: the members so far and the name of the one whose value comes next.
private struct PendingObject {
    var object = JSONObject()
    var key: String
    var keyOffset: Int
}

/// The parser's position in the text; string parsing is in JSONStringParsing.swift.
struct JSONCursor {
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

    /// Reads one value, arrays and objects included.
    ///
    /// Open containers live on explicit stacks, not the call stack: a debug
    /// build spent 2–3.6 KiB of stack per nesting level when this recursed, so
    /// a document at the default limit overflowed the 512 KiB stacks of
    /// Darwin's secondary threads.
    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        var open: [ContainerKind] = []
        var arrays: [[JSONValue]] = []
        var objects: [PendingObject] = []
        parsing: while true {
            var value: JSONValue
            switch try peek() {
            case UInt8(ascii: "["):
                guard open.count < options.maximumDepth else { throw fail(.nestingTooDeep(limit: options.maximumDepth)) }
                index += 1
                skipWhitespace()
                if try peek() == UInt8(ascii: "]") {
                    index += 1
                    value = .array([])
                } else {
                    open.append(.array)
                    arrays.append([])
                    continue parsing
                }
            case UInt8(ascii: "{"):
                guard open.count < options.maximumDepth else { throw fail(.nestingTooDeep(limit: options.maximumDepth)) }
                index += 1
                skipWhitespace()
                if try peek() == UInt8(ascii: "}") {
                    index += 1
                    value = .object(JSONObject(uniqueMembers: []))
                } else {
                    let name = try parseMemberName()
                    open.append(.object)
                    objects.append(PendingObject(key: name.key, keyOffset: name.offset))
                    continue parsing
                }
            default:
                value = try parseScalar()
            }
            // The value may complete its container, and that one its own, and so on up.
            while let kind = open.last {
                skipWhitespace()
                switch kind {
                case .array:
                    arrays[arrays.count - 1].append(value)
                    switch try peek() {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace()
                        continue parsing
                    case UInt8(ascii: "]"):
                        index += 1
                        open.removeLast()
                        value = .array(arrays.removeLast())
                    case let byte: throw fail(.unexpectedByte(byte))
                    }
                case .object:
                    try add(value, to: &objects[objects.count - 1])
                    switch try peek() {
                    case UInt8(ascii: ","):
                        index += 1
                        let name = try parseMemberName()
                        objects[objects.count - 1].key = name.key
                        objects[objects.count - 1].keyOffset = name.offset
                        continue parsing
                    case UInt8(ascii: "}"):
                        index += 1
                        open.removeLast()
                        value = .object(objects.removeLast().object)
                    case let byte: throw fail(.unexpectedByte(byte))
                    }
                }
            }
            return value
        }
    }

    /// A string, number or literal.
    mutating func parseScalar() throws(JSONParseError) -> JSONValue {
        switch try peek() {
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

    /// RFC 8259 §4: `"name" :`, leaving the cursor at the member's value.
    mutating func parseMemberName() throws(JSONParseError) -> (key: String, offset: Int) {
        skipWhitespace()
        let offset = index
        guard try peek() == UInt8(ascii: "\"") else { throw fail(.unexpectedByte(bytes[index])) }
        let key = try parseString()
        skipWhitespace()
        guard try peek() == UInt8(ascii: ":") else { throw fail(.unexpectedByte(bytes[index])) }
        index += 1
        skipWhitespace()
        return (key, offset)
    }

    /// Adds the member whose name `object` holds; RFC 8259 §4 says names SHOULD be
    /// unique, so a repeat is refused unless the options allow it (then the last wins).
    private func add(_ value: JSONValue, to pending: inout PendingObject) throws(JSONParseError) {
        let key = pending.key
        if !options.allowsDuplicateKeys, pending.object.position(of: key) != nil {
            throw fail(.duplicateKey(key), at: pending.keyOffset)
        }
        pending.object[key] = value
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
            // `-0` keeps its sign as text: it equals 0 but is written back as it came.
            if negative, value == 0 { return .integerText("-0") }
            return .integer(negative ? -value : value)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger {
            // Beyond 64 bits an integer is kept exactly, as its text.
            return Int64(text).map(JSONNumber.integer) ?? .integerText(text)
        }
        // RFC 8259 §9 lets a parser limit the range of numbers: a fraction or exponent
        // beyond Double's range (`1e400`) is refused rather than turned into infinity.
        guard let value = Double(text), value.isFinite else { throw fail(.invalidNumber, at: start) }
        return .decimal(value)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
