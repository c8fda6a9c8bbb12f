import HarnessCore
import Testing

/// Hostile-input properties over generated documents: the parser never
/// crashes, reports offsets inside the text, and accepts nothing incomplete.
@Suite("JSONParser robustness")
struct JSONParserRobustnessTests {
    static let seeds: [UInt64] = [10, 11, 12, 13]

    /// Generated documents whose top level is an array or object, compact or pretty.
    private static func containerDocuments(seed: UInt64, count: Int) -> [[UInt8]] {
        var generator = RandomJSONValue(seed: seed)
        var documents: [[UInt8]] = []
        while documents.count < count {
            let value = generator.value()
            guard value.arrayValue != nil || value.objectValue != nil else { continue }
            let options: JSONSerializer.Options = documents.count.isMultiple(of: 2) ? [] : .prettyPrinted
            documents.append(JSONSerializer.bytes(value, options: options))
        }
        return documents
    }

    @Test("every proper prefix of an array or object document is refused", arguments: seeds)
    func properPrefixesAreRefused(seed: UInt64) {
        for document in Self.containerDocuments(seed: seed, count: 60) {
            for length in 0..<document.count {
                let prefix = Array(document[..<length])
                guard let error = parseFailure(prefix) else {
                    Issue.record("accepted a prefix of length \(length): \(String(decoding: prefix, as: UTF8.self))")
                    return
                }
                #expect(error.offset <= length)
            }
        }
    }

    @Test("mutated documents are refused or read back consistently, never crashing", arguments: seeds)
    func mutatedDocumentsNeverCrash(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let interesting: [UInt8] = Array(#"[]{}",:\/-+.eE0123456789tfnu "#.utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC0, 0xED, 0xF4, 0xFF]
        for document in Self.containerDocuments(seed: seed, count: 200) {
            var mutated = document
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let position = Int.random(in: 0...mutated.count, using: &random)
                let byte = interesting.randomElement(using: &random)!
                switch Int.random(in: 0..<3, using: &random) {
                case 0 where position < mutated.count: mutated[position] = byte
                case 1 where position < mutated.count: mutated.remove(at: position)
                default: mutated.insert(byte, at: position)
                }
            }
            do {
                let value = try JSONValue(parsing: mutated)
                #expect(try JSONValue(parsing: JSONSerializer.bytes(value)) == value)
            } catch {
                #expect(error.offset >= 0 && error.offset <= mutated.count)
            }
        }
    }

    @Test("random bytes are refused or accepted without crashing", arguments: seeds)
    func randomBytesNeverCrash(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...24, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            if let error = parseFailure(bytes) {
                #expect(error.offset >= 0 && error.offset <= bytes.count)
            }
        }
    }

    @Test("the first error wins: a duplicate key is reported before later damage")
    func firstErrorWins() {
        #expect(parseFailure(#"{"a":1,"a":2,"b":}"#) == JSONParseError(offset: 7, reason: .duplicateKey("a")))
        #expect(parseFailure(#"[1,]]"#) == JSONParseError(offset: 3, reason: .unexpectedByte(UInt8(ascii: "]"))))
    }

    @Test("a repeated key is checked after its value is read")
    func duplicateCheckedAfterValue() {
        #expect(parseFailure(#"{"a":1,"a":[}"#) == JSONParseError(offset: 12, reason: .unexpectedByte(UInt8(ascii: "}"))))
    }
}
