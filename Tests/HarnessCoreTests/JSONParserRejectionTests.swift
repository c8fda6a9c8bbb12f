import HarnessCore
import Testing

/// What the strict parser must refuse (RFC 8259), with the rule that fired and
/// the byte offset it reports.
@Suite("JSONParser refuses invalid JSON")
struct JSONParserRejectionTests {
    struct Rejected: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let reason: JSONParseError.Reason
        let offset: Int

        init(_ name: String, _ text: String, _ reason: JSONParseError.Reason, at offset: Int) {
            self.init(name, bytes: Array(text.utf8), reason, at: offset)
        }

        init(_ name: String, bytes: [UInt8], _ reason: JSONParseError.Reason, at offset: Int) {
            self.name = name
            self.bytes = bytes
            self.reason = reason
            self.offset = offset
        }

        var testDescription: String { name }
    }

    private static func byte(_ character: Unicode.Scalar) -> JSONParseError.Reason {
        .unexpectedByte(UInt8(ascii: character))
    }

    /// RFC 8259 §2, §4, §5: structure.
    static let structure: [Rejected] = [
        .init("empty input", "", .unexpectedEnd, at: 0),
        .init("whitespace only", " \n\t", .unexpectedEnd, at: 3),
        .init("trailing comma in array", "[1,]", byte("]"), at: 3),
        .init("trailing comma in object", #"{"a":1,}"#, byte("}"), at: 7),
        .init("leading comma in array", "[,1]", byte(","), at: 1),
        .init("double comma in array", "[1,,2]", byte(","), at: 3),
        .init("missing comma in array", "[1 2]", byte("2"), at: 3),
        .init("line comment after value", "[1]// note", .trailingData, at: 3),
        .init("block comment inside array", "[/* c */1]", byte("/"), at: 1),
        .init("hash comment", "# c\n1", byte("#"), at: 0),
        .init("single-quoted string", "['a']", byte("'"), at: 1),
        .init("single-quoted key", "{'a':1}", byte("'"), at: 1),
        .init("unquoted key", "{a:1}", byte("a"), at: 1),
        .init("number as key", "{1:1}", byte("1"), at: 1),
        .init("missing colon", #"{"a" 1}"#, byte("1"), at: 5),
        .init("equals instead of colon", #"{"a"=1}"#, byte("="), at: 4),
        .init("missing value", #"{"a":}"#, byte("}"), at: 5),
        .init("unclosed array", "[1", .unexpectedEnd, at: 2),
        .init("unclosed object", #"{"a":1"#, .unexpectedEnd, at: 6),
        .init("unclosed string", #""abc"#, .unexpectedEnd, at: 4),
        .init("mismatched brackets", "[1}", byte("}"), at: 2),
        .init("closing bracket alone", "]", byte("]"), at: 0),
        .init("truncated literal", "tru", .unexpectedEnd, at: 3),
        .init("misspelt literal", "nul1", byte("1"), at: 3),
        .init("capitalised literal", "True", byte("T"), at: 0),
        .init("two values", "1 2", .trailingData, at: 2),
        .init("two arrays", "[][]", .trailingData, at: 2),
        .init("extra closing brace", "{}}", .trailingData, at: 2),
        .init("literal followed by letter", "nulll", .trailingData, at: 4),
        .init("form feed is not whitespace", "[\u{0C}1]", .unexpectedByte(0x0C), at: 1),
        .init("byte order mark", bytes: [0xEF, 0xBB, 0xBF, 0x5B, 0x5D], .unexpectedByte(0xEF), at: 0),
        .init("NUL outside a string", bytes: [0x5B, 0x00, 0x5D], .unexpectedByte(0x00), at: 1),
        .init("0xFF outside a string", bytes: [0xFF], .unexpectedByte(0xFF), at: 0),
    ]

    /// RFC 8259 §6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static let numbers: [Rejected] = [
        .init("leading zero", "01", .invalidNumber, at: 0),
        .init("leading zero in array", "[00]", .invalidNumber, at: 1),
        .init("negative leading zero", "-01", .invalidNumber, at: 0),
        .init("plus sign", "+1", byte("+"), at: 0),
        .init("leading dot", ".5", byte("."), at: 0),
        .init("trailing dot", "1.", .invalidNumber, at: 0),
        .init("dot before exponent", "[2.e3]", .invalidNumber, at: 1),
        .init("lone minus", "-", .unexpectedEnd, at: 1),
        .init("lone minus in array", "[-]", .invalidNumber, at: 1),
        .init("minus then space", "- 1", .invalidNumber, at: 0),
        .init("exponent without digits", "1e", .invalidNumber, at: 0),
        .init("exponent sign without digits", "[1e+]", .invalidNumber, at: 1),
        .init("double exponent", "1eE2", .invalidNumber, at: 0),
        .init("two dots", "0.1.2", .trailingData, at: 3),
        .init("hexadecimal", "0x1", .trailingData, at: 1),
        .init("NaN", "NaN", byte("N"), at: 0),
        .init("Infinity", "Infinity", byte("I"), at: 0),
        .init("negative Infinity", "-Infinity", .invalidNumber, at: 0),
        .init("overflow to infinity", "[1e400]", .invalidNumber, at: 1),
        .init("fullwidth digit", bytes: [0xEF, 0xBC, 0x91], .unexpectedByte(0xEF), at: 0),
    ]

    /// RFC 8259 §7: strings and escapes.
    static let strings: [Rejected] = [
        .init("unescaped tab", "\"a\tb\"", .controlCharacterInString, at: 2),
        .init("unescaped newline", "[\"a\nb\"]", .controlCharacterInString, at: 3),
        .init("unescaped NUL", bytes: [0x22, 0x00, 0x22], .controlCharacterInString, at: 1),
        .init("unescaped 0x1F after an escape", bytes: [0x22, 0x5C, 0x6E, 0x1F, 0x22], .controlCharacterInString, at: 3),
        .init("escape \\x", #""\x41""#, .invalidEscape, at: 1),
        .init("escape \\a", #"["ok\a"]"#, .invalidEscape, at: 4),
        .init("escape \\'", #""\'""#, .invalidEscape, at: 1),
        .init("escape \\U (capital)", #""\U0041""#, .invalidEscape, at: 1),
        .init("escape \\0", #""\0""#, .invalidEscape, at: 1),
        .init("backslash at end of text", #""\"#, .unexpectedEnd, at: 2),
        .init("non-hex digit in \\u", #""\u12G4""#, .invalidUnicodeEscape, at: 5),
        .init("short \\u at end of text", #""\u00"#, .unexpectedEnd, at: 3),
        .init("lone high surrogate", #""\uD800""#, .invalidUnicodeEscape, at: 1),
        .init("lone high surrogate then text", #""ab\uD83Dxy""#, .invalidUnicodeEscape, at: 3),
        .init("lone low surrogate", #""\uDC00""#, .invalidUnicodeEscape, at: 1),
        .init("lone low surrogate after text", #""ab\uDE00""#, .invalidUnicodeEscape, at: 3),
        .init("two high surrogates", #""\uD800\uD800""#, .invalidUnicodeEscape, at: 1),
        .init("surrogates in reverse order", #""\uDE00\uD83D""#, .invalidUnicodeEscape, at: 1),
        .init("high surrogate then other escape", #""\uD800\n""#, .invalidUnicodeEscape, at: 1),
        .init("high surrogate then BMP escape", #""\uD800\u0041""#, .invalidUnicodeEscape, at: 1),
        .init("lone surrogate in a key", #"{"\uDFAA":0}"#, .invalidUnicodeEscape, at: 2),
    ]

    @Test("parse refuses broken structure with the rule and offset", arguments: structure)
    func parseRefusesBrokenStructure(_ example: Rejected) {
        expectRefusal(example)
    }

    @Test("parse refuses numbers outside the RFC 8259 grammar", arguments: numbers)
    func parseRefusesInvalidNumbers(_ example: Rejected) {
        expectRefusal(example)
    }

    @Test("parse refuses invalid strings and escapes", arguments: strings)
    func parseRefusesInvalidStrings(_ example: Rejected) {
        expectRefusal(example)
    }

    private func expectRefusal(_ example: Rejected, sourceLocation: SourceLocation = #_sourceLocation) {
        let error = parseFailure(example.bytes)
        #expect(error == JSONParseError(offset: example.offset, reason: example.reason), sourceLocation: sourceLocation)
    }

    @Test("parse error description names the rule and the byte offset")
    func parseErrorDescriptionNamesRuleAndOffset() throws {
        let error = try #require(parseFailure("[1,]"))
        #expect(error.description == "unexpected character ']' at byte 3")
        let binary = try #require(parseFailure([0xFF]))
        #expect(binary.description == "unexpected byte 0xff at byte 0")
        let duplicate = try #require(parseFailure(#"{"a":1,"a":2}"#))
        #expect(duplicate.description == #"duplicate key "a" at byte 7"#)
    }
}
