import Foundation
import HarnessCore
import Testing

/// The parser's guards beyond grammar: UTF-8 validity (RFC 8259 §8.1),
/// unique keys (§4, refused by default) and the nesting limit.
@Suite("JSONParser limits and encoding")
struct JSONParserLimitsTests {
    struct InvalidUTF8: Sendable, CustomTestStringConvertible {
        let name: String
        let content: [UInt8]
        var testDescription: String { name }
    }

    static let invalidUTF8: [InvalidUTF8] = [
        .init(name: "0xFF", content: [0x61, 0xFF]),
        .init(name: "0xFE", content: [0xFE]),
        .init(name: "lone continuation byte", content: [0x80]),
        .init(name: "overlong '/' in two bytes", content: [0xC0, 0xAF]),
        .init(name: "overlong NUL in two bytes", content: [0xC0, 0x80]),
        .init(name: "overlong 'A' with 0xC1", content: [0xC1, 0x81]),
        .init(name: "overlong in three bytes", content: [0xE0, 0x80, 0xAF]),
        .init(name: "overlong in four bytes", content: [0xF0, 0x80, 0x80, 0xAF]),
        .init(name: "high surrogate U+D800 encoded", content: [0xED, 0xA0, 0x80]),
        .init(name: "low surrogate U+DFFF encoded", content: [0xED, 0xBF, 0xBF]),
        .init(name: "surrogate pair encoded as CESU-8", content: [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]),
        .init(name: "above U+10FFFF", content: [0xF4, 0x90, 0x80, 0x80]),
        .init(name: "lead byte 0xF5", content: [0xF5, 0x80, 0x80, 0x80]),
        .init(name: "truncated two-byte sequence", content: [0xC3]),
        .init(name: "truncated three-byte sequence", content: [0xE2, 0x82]),
        .init(name: "truncated four-byte sequence", content: [0xF0, 0x9F, 0x98]),
        .init(name: "truncated sequence before ASCII", content: [0xE2, 0x82, 0x41]),
    ]

    /// The offset reported for invalid UTF-8 is the first byte of the string's content.
    @Test("parse refuses invalid UTF-8 inside a string", arguments: invalidUTF8)
    func parseRefusesInvalidUTF8(_ example: InvalidUTF8) {
        let plain = [0x22] + example.content + [0x22]
        #expect(parseFailure(plain) == JSONParseError(offset: 1, reason: .invalidUTF8))
        // The same bytes after an escape take the parser's slower path.
        let escaped = [0x5B, 0x22, 0x5C, 0x6E] + example.content + [0x22, 0x5D]
        #expect(parseFailure(escaped) == JSONParseError(offset: 2, reason: .invalidUTF8))
        let key = [0x7B, 0x22] + example.content + [0x22, 0x3A, 0x30, 0x7D]
        #expect(parseFailure(key) == JSONParseError(offset: 2, reason: .invalidUTF8))
    }

    @Test("parse refuses a truncated sequence cut off by the end of the text")
    func parseRefusesTruncatedSequenceAtEnd() {
        #expect(parseFailure([0x22, 0xE2, 0x82]) == JSONParseError(offset: 3, reason: .unexpectedEnd))
    }

    @Test("parse accepts valid one- to four-byte UTF-8, noncharacters included")
    func parseAcceptsValidUTF8() throws {
        let bytes: [UInt8] = [0x22, 0x24, 0xC2, 0xA2, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80,
                              0xEF, 0xBF, 0xBF, 0xF4, 0x8F, 0xBF, 0xBF, 0x22]
        #expect(try JSONValue(parsing: bytes) == .string("$¢€😀\u{FFFF}\u{10FFFF}"))
    }

    @Test("parse refuses a duplicate key at the offset of its second occurrence")
    func parseRefusesDuplicateKey() {
        #expect(parseFailure(#"{"a":1,"a":2}"#) == JSONParseError(offset: 7, reason: .duplicateKey("a")))
        #expect(parseFailure(#"{"a":1,"a":1}"#) == JSONParseError(offset: 7, reason: .duplicateKey("a")))
        #expect(parseFailure(#"[{"x":{"b":0,"b":0}}]"#) == JSONParseError(offset: 13, reason: .duplicateKey("b")))
    }

    @Test("parse refuses a key repeated through an escape")
    func parseRefusesDuplicateKeyWrittenDifferently() {
        #expect(parseFailure(#"{"a":1,"\u0061":2}"#) == JSONParseError(offset: 7, reason: .duplicateKey("a")))
    }

    @Test("parse refuses duplicate keys in large objects", arguments: [16, 17, 40])
    func parseRefusesDuplicateKeyInLargeObject(memberCount: Int) {
        let members = (0..<memberCount).map { #""k\#($0)":\#($0)"# }
        let unique = "{" + members.joined(separator: ",") + "}"
        #expect(parseFailure(unique) == nil)
        for repeated in [0, memberCount / 2, memberCount - 1] {
            let prefix = "{" + members.joined(separator: ",") + ","
            let text = prefix + #""k\#(repeated)":0}"#
            #expect(parseFailure(text) == JSONParseError(offset: prefix.utf8.count, reason: .duplicateKey("k\(repeated)")))
        }
    }

    @Test("parse with allowsDuplicateKeys accepts repeats in large objects")
    func parseAcceptsDuplicatesWhenAllowed() throws {
        let members = (0..<20).map { #""k\#($0 % 5)":\#($0)"# }
        let text = "{" + members.joined(separator: ",") + "}"
        let value = try JSONValue(parsing: text, options: .init(allowsDuplicateKeys: true))
        #expect(value.objectValue?.keys == ["k0", "k1", "k2", "k3", "k4"])
        #expect(value["k0"] == 15)
        #expect(value["k4"] == 19)
    }

    @Test("parse accepts nesting at the default limit of 512")
    func parseAcceptsNestingAtDefaultLimit() throws {
        let arrays = try JSONValue(parsing: nestedArrays(depth: 512))
        var innermost = arrays
        for _ in 0..<512 { innermost = try #require(innermost[0]) }
        #expect(innermost == 0)
        #expect(parseFailure(nestedObjects(depth: 512)) == nil)
    }

    @Test("parse refuses nesting one past the default limit at the offending bracket")
    func parseRefusesNestingPastDefaultLimit() {
        #expect(parseFailure(nestedArrays(depth: 513)) == JSONParseError(offset: 512, reason: .nestingTooDeep(limit: 512)))
        #expect(parseFailure(nestedObjects(depth: 513)) == JSONParseError(offset: 512 * 5, reason: .nestingTooDeep(limit: 512)))
    }

    @Test("parse refuses 100000 opening brackets without exhausting the stack")
    func parseRefusesHugeNestingQuickly() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        #expect(parseFailure(bytes) == JSONParseError(offset: 512, reason: .nestingTooDeep(limit: 512)))
    }

    @Test("parse honours a custom maximumDepth", arguments: [0, 1, 3, 1000])
    func parseHonoursCustomDepth(limit: Int) {
        let options = JSONParser.Options(maximumDepth: limit)
        #expect(parseFailure(nestedArrays(depth: limit), options: options) == nil)
        #expect(parseFailure(nestedArrays(depth: limit + 1), options: options)
            == JSONParseError(offset: limit, reason: .nestingTooDeep(limit: limit)))
        #expect(parseFailure("7", options: options) == nil)
    }

    /// Darwin gives secondary threads (and Swift concurrency's pool) 512 KiB of
    /// stack; Linux usually gives 8 MiB and would hide an overflow.
    struct DeepDocument: Sendable, CustomTestStringConvertible {
        let shape: String
        let bytes: [UInt8]
        var testDescription: String { shape }
    }

    static let deepDocuments: [DeepDocument] = [
        .init(shape: "512 arrays", bytes: nestedArrays(depth: 512)),
        .init(shape: "512 objects", bytes: nestedObjects(depth: 512)),
        .init(shape: "256 arrays alternating with 256 objects",
              bytes: Array(String(repeating: #"[{"k":"#, count: 256).utf8) + [0x30] + Array(String(repeating: "}]", count: 256).utf8)),
    ]

    @Test("parse, compare, hash and serialize at depth 512 fit a 512 KiB thread stack", arguments: deepDocuments)
    func deepDocumentFitsSmallStack(_ document: DeepDocument) async {
        let text = document.bytes
        let survived = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let thread = Thread {
                guard let value = try? JSONValue(parsing: text) else { return continuation.resume(returning: false) }
                let pretty = JSONSerializer.bytes(value, options: [.prettyPrinted, .sortedKeys])
                guard let copy = try? JSONValue(parsing: pretty) else { return continuation.resume(returning: false) }
                continuation.resume(returning: copy == value && copy.hashValue == value.hashValue
                    && JSONSerializer.bytes(copy) == text)
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        #expect(survived)
    }
}
