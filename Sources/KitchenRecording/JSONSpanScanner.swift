import HarnessCore

/// Walks a JSON text (RFC 8259) once and reports every value, member name and container with
/// its byte range in the text, so that a caller can replace a few values in place and keep
/// every other byte as it was: numbers as written, member order, whitespace.
///
/// As strict as `JSONParser` (the same whitespace, number grammar, escapes, UTF-8 checks and
/// depth limit), with two differences that suit redaction: a repeated member name is
/// accepted and each occurrence reported, so every value a server might pick is seen; and a
/// number too large for a `Double` (`1e400`) is accepted, since it is valid JSON and nothing
/// here converts it.
///
/// ```swift
/// try JSONSpanScanner.scan(Array(#"{"a": [1, "x"]}"#.utf8)) { event, path in
///     // .open(0) at [], .name(1..<4) at [a], .open(6) at [a], .number(7..<8) at [a, 0],
///     // .string(10..<13) at [a, 1], .close(14) at [a], .close(15) at []
/// }
/// ```
struct JSONSpanScanner {
    /// One step of the location of a value.
    enum Component: Hashable, Sendable {
        /// The member of that (decoded) name.
        case member(String)
        /// The element at that index.
        case element(Int)

        /// The JSON Pointer reference token (RFC 6901 §4, before `~` escaping).
        var token: String {
            switch self {
            case .member(let name): name
            case .element(let index): String(index)
            }
        }
    }

    /// What the scanner found. Ranges are byte offsets in the text; string ranges include the
    /// quotes. The path given with an event is the location of the value it concerns.
    enum Event {
        /// An array or object begins at this offset.
        case open(Int)
        /// The array or object ends just before this offset.
        case close(Int)
        /// A member's name; the path ends with that member.
        case name(Range<Int>, escaped: Bool)
        /// A string value; `escaped` when it holds a backslash escape.
        case string(Range<Int>, escaped: Bool)
        /// A number, exactly as written.
        case number(Range<Int>)
        /// `true`, `false` or `null`.
        case literal(Range<Int>)
    }

    /// The deepest nesting accepted, as `JSONParser`'s default.
    static let maximumDepth = 512

    var cursor: JSONTokenCursor

    /// Scans `bytes`, calling `visit` for each event in text order; throws where the text
    /// stops being one JSON value surrounded by optional whitespace.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, visit: (Event, [Component]) -> Void) throws(JSONParseError) {
        var scanner = JSONSpanScanner(cursor: JSONTokenCursor(bytes: bytes))
        try scanner.run(visit)
    }

    /// Scans `bytes`; see ``scan(_:visit:)-(UnsafeBufferPointer<UInt8>,_)``.
    static func scan(_ bytes: [UInt8], visit: (Event, [Component]) -> Void) throws(JSONParseError) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in try scan(buffer, visit: visit) }
    }

    private mutating func run(_ visit: (Event, [Component]) -> Void) throws(JSONParseError) {
        var path: [Component] = []
        // One entry per open container: whether it is an object.
        var open: [Bool] = []
        cursor.skipWhitespace()
        parsing: while true {
            let start = cursor.index
            switch try cursor.peek() {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                let isObject = cursor.bytes[start] == UInt8(ascii: "{")
                guard open.count < Self.maximumDepth else { throw cursor.fail(.nestingTooDeep(limit: Self.maximumDepth)) }
                visit(.open(start), path)
                cursor.index += 1
                cursor.skipWhitespace()
                if try cursor.peek() == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    cursor.index += 1
                    visit(.close(cursor.index), path)
                } else {
                    open.append(isObject)
                    if isObject {
                        try memberName(into: &path, visit)
                    } else {
                        path.append(.element(0))
                    }
                    continue parsing
                }
            default:
                visit(try scalar(), path)
            }
            // The value may complete its container, and that one its own, and so on up.
            while let isObject = open.last {
                cursor.skipWhitespace()
                switch try cursor.peek() {
                case UInt8(ascii: ","):
                    cursor.index += 1
                    let last = path.removeLast()
                    if isObject {
                        try memberName(into: &path, visit)
                    } else if case .element(let index) = last {
                        path.append(.element(index + 1))
                        cursor.skipWhitespace()
                    }
                    continue parsing
                case isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"):
                    cursor.index += 1
                    path.removeLast()
                    open.removeLast()
                    visit(.close(cursor.index), path)
                case let byte:
                    throw cursor.fail(.unexpectedByte(byte))
                }
            }
            cursor.skipWhitespace()
            guard cursor.index == cursor.bytes.count else { throw cursor.fail(.trailingData) }
            return
        }
    }

    /// RFC 8259 §4: `"name" :`, appending the member to `path` and leaving the cursor at its value.
    private mutating func memberName(into path: inout [Component], _ visit: (Event, [Component]) -> Void) throws(JSONParseError) {
        cursor.skipWhitespace()
        guard try cursor.peek() == UInt8(ascii: "\"") else { throw cursor.fail(.unexpectedByte(cursor.bytes[cursor.index])) }
        let (range, escaped) = try cursor.scanString()
        path.append(.member(Self.decodeString(cursor.bytes, range: range, escaped: escaped)))
        visit(.name(range, escaped: escaped), path)
        cursor.skipWhitespace()
        guard try cursor.peek() == UInt8(ascii: ":") else { throw cursor.fail(.unexpectedByte(cursor.bytes[cursor.index])) }
        cursor.index += 1
        cursor.skipWhitespace()
    }

    /// A string, number or literal.
    private mutating func scalar() throws(JSONParseError) -> Event {
        let start = cursor.index
        switch try cursor.peek() {
        case UInt8(ascii: "\""):
            let (range, escaped) = try cursor.scanString()
            return .string(range, escaped: escaped)
        case UInt8(ascii: "t"): try cursor.expectLiteral("true")
        case UInt8(ascii: "f"): try cursor.expectLiteral("false")
        case UInt8(ascii: "n"): try cursor.expectLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try cursor.scanNumber()
            return .number(start..<cursor.index)
        case let byte: throw cursor.fail(.unexpectedByte(byte))
        }
        return .literal(start..<cursor.index)
    }

    /// The text of the string token at `range` (quotes included), escapes decoded. The token
    /// must have been checked by the scanner.
    static func decodeString(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, escaped: Bool) -> String {
        let contents = UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
        guard escaped else { return String(decoding: contents, as: UTF8.self) }
        // The token alone is a JSON text: the strict parser decodes its escapes.
        guard case .string(let text)? = try? JSONParser.parse(Array(bytes[range])) else {
            return String(decoding: contents, as: UTF8.self)
        }
        return text
    }
}
