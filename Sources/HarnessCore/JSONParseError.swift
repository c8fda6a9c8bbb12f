/// Why a JSON text was refused, and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The rule the text broke.
    public enum Reason: Sendable, Equatable {
        case unexpectedEnd
        case unexpectedByte(UInt8)
        case invalidNumber
        case invalidEscape
        case invalidUnicodeEscape
        case controlCharacterInString
        case invalidUTF8
        case duplicateKey(String)
        case nestingTooDeep(limit: Int)
        case trailingData
    }

    /// Offset of the offending byte from the start of the text.
    public var offset: Int
    public var reason: Reason

    package init(offset: Int, reason: Reason) {
        self.offset = offset
        self.reason = reason
    }

    public var description: String {
        let what: String = switch reason {
        case .unexpectedEnd: "unexpected end of text"
        case .unexpectedByte(let byte):
            (0x20..<0x7F).contains(byte)
                ? "unexpected character '\(Character(Unicode.Scalar(byte)))'"
                : "unexpected byte 0x\(String(byte, radix: 16))"
        case .invalidNumber: "invalid number"
        case .invalidEscape: "invalid escape sequence"
        case .invalidUnicodeEscape: "invalid \\u escape (lone or malformed surrogate)"
        case .controlCharacterInString: "unescaped control character in string"
        case .invalidUTF8: "invalid UTF-8"
        case .duplicateKey(let key): "duplicate key \"\(key)\""
        case .nestingTooDeep(let limit): "nesting deeper than \(limit)"
        case .trailingData: "data after the JSON value"
        }
        return "\(what) at byte \(offset)"
    }
}
