import HarnessCore
import Testing

/// The one JSON tokenizer: where it says each token is, and that a text fed in windows gives
/// the events and errors the whole text gives.
@Suite struct JSONTokenizerTests {
    /// Each event as `kind bytes`, or the error, reading `text` as one final window.
    static func events(_ text: [UInt8]) -> Result<[String], JSONParseError> {
        events(text, cutAt: [])
    }

    /// Each event as `kind bytes`, or the error, feeding `text` in windows ending at `cuts`:
    /// each window starts where the tokenizer left off, as a streaming reader holds the bytes
    /// of a token cut short.
    static func events(_ text: [UInt8], cutAt cuts: [Int]) -> Result<[String], JSONParseError> {
        var tokenizer = JSONTokenizer()
        var events: [String] = []
        do throws(JSONParseError) {
            for (end, isFinal) in cuts.map({ ($0, false) }) + [(text.count, true)] {
                let start = min(tokenizer.offset, end)
                let window = Array(text[start..<end])
                try window.withUnsafeBufferPointer { (buffer) throws(JSONParseError) in
                    while let event = try tokenizer.next(in: buffer, startingAt: start, isFinal: isFinal) {
                        events.append("\(event.token) \(String(decoding: text[event.range], as: UTF8.self))")
                    }
                }
            }
            return .success(events)
        } catch {
            return .failure(error)
        }
    }

    @Test func everyTokenIsReportedAtItsByteRange() throws {
        #expect(try Self.events(Array(#" {"a": [1, "x", {}], "b\u0063" : -0.5e+3, "n": null} "#.utf8)).get() == [
            "beginObject {", #"key(escaped: false) "a""#, "beginArray [", "number(isInteger: true) 1", #"string(escaped: false) "x""#,
            "beginObject {", "endObject }", "endArray ]", #"key(escaped: true) "b\u0063""#, "number(isInteger: false) -0.5e+3",
            #"key(escaped: false) "n""#, "literal null", "endObject }",
        ])
    }

    @Test func numbersAreReportedAsWrittenAndRepeatedKeysEachTime() throws {
        #expect(try Self.events(Array(#"[12345678901234567890, -0, 1e400, {"p":1,"p":2}]"#.utf8)).get() == [
            "beginArray [", "number(isInteger: true) 12345678901234567890", "number(isInteger: true) -0",
            "number(isInteger: false) 1e400", "beginObject {", #"key(escaped: false) "p""#, "number(isInteger: true) 1",
            #"key(escaped: false) "p""#, "number(isInteger: true) 2", "endObject }", "endArray ]",
        ])
    }

    @Test(arguments: JSONParserAcceptanceTests.escapes)
    func escapedStringsDecodeToTheirText(_ example: JSONParserAcceptanceTests.Accepted) throws {
        let bytes = Array(example.text.utf8)
        let decoded = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> String? in
            var tokenizer = JSONTokenizer()
            guard let event = try tokenizer.next(in: buffer), case .string(let escaped) = event.token else { return nil }
            return JSONTokenizer.decodeString(buffer, token: event.range, escaped: escaped)
        }
        #expect(decoded.map(JSONValue.string) == example.expected)
    }

    /// Texts on both sides of every rule, tokens long enough to be cut inside.
    static let texts: [[UInt8]] = (JSONParserRejectionTests.structure + JSONParserRejectionTests.numbers
        + JSONParserRejectionTests.strings).map(\.bytes) + [
        #"{"name": "h\u00e9\"\/\ud83d\ude00", "list": [true, false, null, -12.5e-3, 0, 10]}"#, " [ 1 , 2 ] ", "-0", "1.5E+3",
        "[123.456e-789, 0.5, 10, -0.0e0]", "123.456e", "0012", "[12.]",
        #""\ud800""#, #""\ud800\u0041""#, "tru", "[1]x", "\"caf\u{E9}\"",
    ].map { Array($0.utf8) } + [[0x22, 0xC3, 0xA9, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22]]

    @Test(arguments: texts)
    func aTextFedInTwoWindowsGivesWhatTheWholeGives(_ text: [UInt8]) {
        let whole = Self.events(text)
        for cut in 0...text.count {
            let fed = Self.events(text, cutAt: [cut])
            #expect(String(describing: fed) == String(describing: whole), "cut at \(cut): \(String(decoding: text, as: UTF8.self))")
        }
    }

    @Test(arguments: texts)
    func aTextFedByteByByteGivesWhatTheWholeGives(_ text: [UInt8]) {
        #expect(String(describing: Self.events(text, cutAt: Array(0...text.count))) == String(describing: Self.events(text)))
    }

    @Test(arguments: texts)
    func theTokenizerAcceptsWhatTheParserAccepts(_ text: [UInt8]) {
        let parsed = parseFailure(text)
        switch Self.events(text) {
        case .success:
            // The parser also refuses what only building a value finds: a repeated key, a
            // number beyond `Double`.
            if let parsed, case .duplicateKey = parsed.reason {} else {
                #expect(parsed == nil || parsed?.reason == .invalidNumber, "\(String(decoding: text, as: UTF8.self))")
            }
        case .failure(let error): #expect(parsed == error)
        }
    }

    @Test func longTokensCutAtEveryByteAreReadAsTheWholeTextReadsThem() throws {
        let digits = String(repeating: "1234567890", count: 50)
        let string = "\"" + String(repeating: #"abc\u00e9\n\ud83d\ude00"#, count: 50) + "\""
        let text = Array("[\(string), -\(digits).\(digits)E+\(digits), \(digits)]".utf8)
        let whole = try Self.events(text).get()
        #expect(whole.count == 5)
        #expect(try Self.events(text, cutAt: Array(1..<text.count)).get() == whole)
    }
}
