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
            var tokenizer = JSONTokenizer(maximumDepth: options.maximumDepth)
            var assembly = ValueAssembly(allowsDuplicateKeys: options.allowsDuplicateKeys)
            while let event = try tokenizer.next(in: buffer) {
                let range = event.range
                switch event.token {
                case .beginArray: assembly.begin(isObject: false)
                case .beginObject: assembly.begin(isObject: true)
                case .key(let escaped):
                    assembly.objects[assembly.objects.count - 1].key = JSONTokenizer.decodeString(buffer, token: range, escaped: escaped)
                    assembly.objects[assembly.objects.count - 1].keyOffset = range.lowerBound
                case .endArray, .endObject: try assembly.end()
                case .string(let escaped): try assembly.add(.string(JSONTokenizer.decodeString(buffer, token: range, escaped: escaped)))
                case .number(let isInteger): try assembly.add(.number(try number(buffer, range, isInteger: isInteger)))
                case .literal:
                    switch buffer[range.lowerBound] {
                    case UInt8(ascii: "t"): try assembly.add(.bool(true))
                    case UInt8(ascii: "f"): try assembly.add(.bool(false))
                    default: try assembly.add(.null)
                    }
                }
            }
            return assembly.result ?? .null
        }
    }

    /// The number token at `range`: an integer of up to 18 digits directly, a longer one as
    /// its text, a fraction or exponent as a `Double`.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, isInteger: Bool) throws(JSONParseError) -> JSONNumber {
        if isInteger, range.count <= 18 {
            var value: Int64 = 0
            let negative = bytes[range.lowerBound] == UInt8(ascii: "-")
            for position in (negative ? range.lowerBound + 1 : range.lowerBound)..<range.upperBound {
                value = value * 10 + Int64(bytes[position] &- UInt8(ascii: "0"))
            }
            // `-0` keeps its sign as text: it equals 0 but is written back as it came.
            if negative, value == 0 { return .integerText("-0") }
            return .integer(negative ? -value : value)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        if isInteger {
            // Beyond 64 bits an integer is kept exactly, as its text.
            return Int64(text).map(JSONNumber.integer) ?? .integerText(text)
        }
        // RFC 8259 §9 lets a parser limit the range of numbers: a fraction or exponent
        // beyond Double's range (`1e400`) is refused rather than turned into infinity.
        guard let value = Double(text), value.isFinite else { throw JSONParseError(offset: range.lowerBound, reason: .invalidNumber) }
        return .decimal(value)
    }
}

/// An object being read: the members so far and the name of the one whose value comes next.
private struct PendingObject {
    var object = JSONObject()
    var key = ""
    var keyOffset = 0
}

/// The containers being read, innermost last, and the value once the text is read.
///
/// Open containers live on explicit stacks, not the call stack: a debug build spent
/// 2–3.6 KiB of stack per nesting level when parsing recursed, so a document at the default
/// limit overflowed the 512 KiB stacks of Darwin's secondary threads.
private struct ValueAssembly {
    /// Whether each open container is an object.
    var open: [Bool] = []
    var arrays: [[JSONValue]] = []
    var objects: [PendingObject] = []
    let allowsDuplicateKeys: Bool
    var result: JSONValue?

    mutating func begin(isObject: Bool) {
        open.append(isObject)
        if isObject { objects.append(PendingObject()) } else { arrays.append([]) }
    }

    /// Ends the innermost container and adds it to the one around it.
    mutating func end() throws(JSONParseError) {
        try add(open.removeLast() ? .object(objects.removeLast().object) : .array(arrays.removeLast()))
    }

    /// Adds a whole value to the innermost container. RFC 8259 §4 says names SHOULD be
    /// unique, so a repeat is refused unless the options allow it (then the last wins).
    mutating func add(_ value: JSONValue) throws(JSONParseError) {
        guard let isObject = open.last else {
            result = value
            return
        }
        guard isObject else {
            arrays[arrays.count - 1].append(value)
            return
        }
        let key = objects[objects.count - 1].key
        if !allowsDuplicateKeys, objects[objects.count - 1].object.position(of: key) != nil {
            throw JSONParseError(offset: objects[objects.count - 1].keyOffset, reason: .duplicateKey(key))
        }
        objects[objects.count - 1].object[key] = value
    }
}
