import HarnessCore
import Testing
@testable import KitchenRecording

/// The offset-tracking scanner behind byte-exact redaction: where it says each token is, and
/// that it accepts exactly the texts the strict parser accepts.
@Suite struct JSONSpanScannerTests {
    /// Each event as text: kind, the bytes it covers (or offset), and the path it was given.
    static func events(_ text: String) throws(JSONParseError) -> [String] {
        let bytes = Array(text.utf8)
        var events: [String] = []
        try JSONSpanScanner.scan(bytes) { event, path in
            let at = "/" + path.map(\.token).joined(separator: "/")
            func covered(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
            switch event {
            case .open(let offset): events.append("open \(offset) \(at)")
            case .close(let offset): events.append("close \(offset) \(at)")
            case .name(let range, let escaped): events.append("name \(covered(range))\(escaped ? " escaped" : "") \(at)")
            case .string(let range, let escaped): events.append("string \(covered(range))\(escaped ? " escaped" : "") \(at)")
            case .number(let range): events.append("number \(covered(range)) \(at)")
            case .literal(let range): events.append("literal \(covered(range)) \(at)")
            }
        }
        return events
    }

    @Test func everyTokenIsReportedAtItsByteRangeWithItsPath() throws {
        #expect(try Self.events(#" {"a": [1, "x", {}], "b\u0063" : -0.5e+3, "n": null} "#) == [
            "open 1 /", #"name "a" /a"#, "open 7 /a", "number 1 /a/0", #"string "x" /a/1"#, "open 16 /a/2", "close 18 /a/2",
            "close 19 /a", #"name "b\u0063" escaped /bc"#, "number -0.5e+3 /bc", #"name "n" /n"#, "literal null /n", "close 52 /",
        ])
    }

    @Test func numbersAreReportedAsWrittenNotAsParsed() throws {
        #expect(try Self.events("[12345678901234567890, -0, 1.0, 2e3, 1e400]") == [
            "open 0 /", "number 12345678901234567890 /0", "number -0 /1", "number 1.0 /2", "number 2e3 /3", "number 1e400 /4",
            "close 43 /",
        ])
    }

    @Test func aRepeatedMemberIsReportedEachTime() throws {
        #expect(try Self.events(#"{"p":"a","p":"b"}"#) == [
            "open 0 /", #"name "p" /p"#, #"string "a" /p"#, #"name "p" /p"#, #"string "b" /p"#, "close 17 /",
        ])
    }

    @Test func escapedStringsDecodeToTheirText() throws {
        let bytes = Array(#"["h\u00e9\"\/\ud83d\ude00", "plain"]"#.utf8)
        var decoded: [String] = []
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in
            try JSONSpanScanner.scan(buffer) { event, _ in
                if case .string(let range, let escaped) = event {
                    decoded.append(JSONSpanScanner.decodeString(buffer, range: range, escaped: escaped))
                }
            }
        }
        #expect(decoded == ["hé\"/😀", "plain"])
    }

    /// Texts on both sides of every rule; the scanner must agree with `JSONParser` on each
    /// (the parser also refuses repeated keys and numbers beyond `Double`, which the scanner
    /// accepts on purpose, so those are not listed).
    static let agreement: [[UInt8]] = [
        "{}", "[]", " [ 1 , 2 ] ", "\"x\"", "0", "-0", "1.5e-3", "true", "null", #"{"a":{"b":[{}]}}"#,
        #""\ud83d\ude00""#, #""\/\b\f\n\r\t\"\\""#,
        "", " ", "[1,]", #"{"a":1,}"#, "01", "-", "1.", "1e", ".5", "+1", "[1 2]", #"{"a" 1}"#, "{1:2}", "tru", "nul",
        #""abc"#, "[", "]", #"{"a":1}}"#, "[1]x", #""\x""#, #""\u00""#, #""\ud800""#, #""\udc00""#, #""\ud800\u0041""#,
        "\"a\u{01}\"", "'a'", "[1,,2]", "{,}", "NaN", "Infinity",
    ].map { Array($0.utf8) } + [
        [0x22, 0xC3, 0xA9, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xFF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
        Array(repeating: UInt8(ascii: "["), count: 512) + Array(repeating: UInt8(ascii: "]"), count: 512),
        Array(repeating: UInt8(ascii: "["), count: 513) + Array(repeating: UInt8(ascii: "]"), count: 513),
    ]

    @Test(arguments: agreement)
    func theScannerAcceptsWhatTheStrictParserAccepts(_ text: [UInt8]) {
        let parsed = (try? JSONParser.parse(text)) != nil
        let scanned = (try? JSONSpanScanner.scan(text) { _, _ in }) != nil
        #expect(scanned == parsed, "\(String(decoding: text.prefix(40), as: UTF8.self))")
    }
}
