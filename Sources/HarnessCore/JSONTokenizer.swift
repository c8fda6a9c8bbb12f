/// The one reader of JSON text (RFC 8259): checks the grammar and every token, and reports
/// each container, member name and value with its byte range, building nothing.
/// ``JSONParser`` builds values from its events; redaction splices bytes at their ranges.
///
/// It is resumable: a text may come as windows over its bytes, each holding the text from
/// ``offset`` on. When a window ends inside a token, ``next(in:startingAt:isFinal:)`` returns
/// `nil` with ``offset`` at the token's first byte, and the next window must start there
/// (a long string is not read again from its start). With `isFinal`, the window ends the
/// text, and a missing byte is an error.
///
/// ```swift
/// var tokenizer = JSONTokenizer()
/// while let event = try tokenizer.next(in: buffer) {
///     // {"a": [1]} gives .beginObject 0..<1, .key 1..<4, .beginArray 6..<7,
///     // .number 7..<8, .endArray 8..<9, .endObject 9..<10
/// }
/// ```
package struct JSONTokenizer {
    /// What a range of the text is.
    package enum Token: Equatable, Sendable {
        case beginObject, endObject, beginArray, endArray
        /// A member name; `escaped` when it holds a backslash escape.
        case key(escaped: Bool)
        /// A string value; `escaped` when it holds a backslash escape.
        case string(escaped: Bool)
        /// A number, without a fraction or exponent when `isInteger`.
        case number(isInteger: Bool)
        /// `true`, `false` or `null`.
        case literal
    }

    /// A token and where it is: byte offsets in the text, string quotes included.
    package struct Event: Equatable, Sendable {
        package var token: Token
        package var range: Range<Int>
    }

    /// What the grammar allows next.
    private enum Expect {
        case value, firstElementOrClose, firstNameOrClose, name, colon, commaOrClose, end
    }

    /// Where a string cut by the end of a window was left: the offset of its quote, the first
    /// offset not yet read (never inside an escape), and what was seen so far.
    struct StringProgress {
        var start: Int
        var resumeAt: Int
        var escaped: Bool
        var ascii: Bool
    }

    /// The parts of a number (RFC 8259 §6) whose digits a cut number reads on from.
    enum NumberPart: Int {
        case sign, integer, fraction, exponent
    }

    /// Where a number cut by the end of a window was left: the offset of its first byte, the
    /// end of its last run of digits so far, and the part that run is in.
    struct NumberProgress {
        var start: Int
        var resumeAt: Int
        var part: NumberPart
    }

    /// Deepest nesting of arrays and objects accepted.
    package let maximumDepth: Int
    /// Offset in the text of the first byte not yet turned into an event (whitespace aside).
    package private(set) var offset = 0
    private var expect = Expect.value
    /// One entry per open container: whether it is an object.
    private var open: [Bool] = []
    /// The string the last window ended in, so that the next one reads on from there.
    var progress: StringProgress?
    /// The number the last window ended in.
    var numberProgress: NumberProgress?

    package init(maximumDepth: Int = 512) {
        self.maximumDepth = maximumDepth
    }

    /// The next event from `window`, whose first byte is at offset `windowStart` of the text
    /// (at or before ``offset``). `nil` when the window is used up: with `isFinal`, the text
    /// was exactly one JSON value surrounded by optional whitespace; without, the bytes from
    /// ``offset`` on are needed again, with more.
    package mutating func next(
        in window: UnsafeBufferPointer<UInt8>, startingAt windowStart: Int = 0, isFinal: Bool = true
    ) throws(JSONParseError) -> Event? {
        var index = offset - windowStart
        while true {
            while index < window.count, Self.isWhitespace(window[index]) { index += 1 }
            offset = windowStart + index
            guard index < window.count else {
                if !isFinal || expect == .end { return nil }
                throw JSONParseError(offset: offset, reason: .unexpectedEnd)
            }
            let byte = window[index]
            switch expect {
            case .end:
                throw JSONParseError(offset: offset, reason: .trailingData)
            case .colon:
                guard byte == UInt8(ascii: ":") else { throw unexpected(byte) }
                index += 1
                expect = .value
            case .commaOrClose:
                guard byte == UInt8(ascii: ",") else { return try close(byte) }
                index += 1
                expect = open[open.count - 1] ? .name : .value
            case .firstElementOrClose where byte == UInt8(ascii: "]"), .firstNameOrClose where byte == UInt8(ascii: "}"):
                return try close(byte)
            case .firstElementOrClose:
                expect = .value
            case .firstNameOrClose, .name, .value:
                do throws(JSONParseError) {
                    guard expect != .value else { return try value(byte, in: window, at: index, windowStart: windowStart, isFinal: isFinal) }
                    guard byte == UInt8(ascii: "\"") else { throw unexpected(byte) }
                    let (end, escaped) = try lexString(window, at: index, windowStart: windowStart, isFinal: isFinal)
                    expect = .colon
                    return emit(.key(escaped: escaped), to: windowStart + end, completesValue: false)
                } catch {
                    // A window that ends inside a token: the next one starts at the token.
                    if error.reason == .unexpectedEnd, !isFinal { return nil }
                    throw error
                }
            }
        }
    }

    /// The value starting with `byte`, at `index` of the window; `.unexpectedEnd` when the
    /// window ends inside it.
    private mutating func value(
        _ byte: UInt8, in window: UnsafeBufferPointer<UInt8>, at index: Int, windowStart: Int, isFinal: Bool
    ) throws(JSONParseError) -> Event {
        let end: Int
        let token: Token
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard open.count < maximumDepth else { throw JSONParseError(offset: offset, reason: .nestingTooDeep(limit: maximumDepth)) }
            let isObject = byte == UInt8(ascii: "{")
            open.append(isObject)
            expect = isObject ? .firstNameOrClose : .firstElementOrClose
            return emit(isObject ? .beginObject : .beginArray, to: offset + 1, completesValue: false)
        case UInt8(ascii: "\""):
            let string = try lexString(window, at: index, windowStart: windowStart, isFinal: isFinal)
            (end, token) = (string.end, .string(escaped: string.escaped))
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            (end, token) = (try Self.lexLiteral(window, at: index, windowStart: windowStart), .literal)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let number = try lexNumber(window, at: index, windowStart: windowStart, isFinal: isFinal)
            (end, token) = (number.end, .number(isInteger: number.isInteger))
        default:
            throw unexpected(byte)
        }
        return emit(token, to: windowStart + end)
    }

    /// The `]` or `}` that closes the innermost container, at ``offset``.
    private mutating func close(_ byte: UInt8) throws(JSONParseError) -> Event {
        guard let isObject = open.last, byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { throw unexpected(byte) }
        open.removeLast()
        return emit(isObject ? .endObject : .endArray, to: offset + 1)
    }

    /// The event for the token from ``offset`` to `end`, moving past it.
    private mutating func emit(_ token: Token, to end: Int, completesValue: Bool = true) -> Event {
        let event = Event(token: token, range: offset..<end)
        offset = end
        if completesValue {
            expect = open.isEmpty ? .end : .commaOrClose
        }
        return event
    }

    private func unexpected(_ byte: UInt8) -> JSONParseError {
        JSONParseError(offset: offset, reason: .unexpectedByte(byte))
    }

    /// RFC 8259 §2: space, tab, line feed, carriage return.
    @inline(__always)
    package static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
