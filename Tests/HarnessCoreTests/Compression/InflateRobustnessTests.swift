import HarnessCore
import Testing

/// Hostile and broken input: every outcome is a value or a defined error, never a trap or a
/// hang, and a decompression bomb stops at the limit.
@Suite("Inflate robustness")
struct InflateRobustnessTests {
    static let body: [UInt8] = {
        var random = SeededGenerator(seed: 21)
        return CompressionSamples.body(.jsonLike, count: 1_200, using: &random)
            + CompressionSamples.body(.randomBytes, count: 200, using: &random)
    }()

    static let streams: [(ContentCodingFormat, [UInt8], [UInt8])] = [
        (.gzip, ContentEncoder.encode(body, format: .gzip), body),
        (.rawDeflate, ContentEncoder.encode(body, format: .rawDeflate), body),
        (.zlib, CompressionSamples.dynamicZlibStream, CompressionSamples.dynamicText),
    ]

    @Test("every proper prefix of a stream ends in .truncated from finish()")
    func everyPrefixIsTruncated() {
        for (format, stream, _) in Self.streams {
            for length in 0..<stream.count {
                var decoder = ContentDecoder(format: format, outputLimit: 1 << 20)
                #expect(throws: InflateError.truncated, "\(format) prefix \(length)") {
                    _ = try decoder.decode(stream[..<length])
                    _ = try decoder.finish()
                }
            }
        }
    }

    @Test("random single-byte corruptions end in an error or, when undetectable, the same body")
    func singleByteCorruptions() {
        var random = SeededGenerator(seed: 0xBAD)
        var outcomes: [String: Int] = [:]
        for (format, stream, expected) in Self.streams {
            for _ in 0..<400 {
                var corrupted = stream
                let index = Int.random(in: 0..<stream.count, using: &random)
                corrupted[index] ^= UInt8.random(in: 1...255, using: &random)
                do {
                    let output = try ContentDecoder.decode(corrupted, format: format, outputLimit: 1 << 20)
                    // Without a checksum (raw DEFLATE) a changed body cannot be told from a real one.
                    if format != .rawDeflate { #expect(output == expected, "\(format) byte \(index) decoded to another body") }
                    outcomes["decoded", default: 0] += 1
                } catch {
                    outcomes[String(describing: error).prefix(while: { $0 != ":" }).description, default: 0] += 1
                }
            }
        }
        #expect(outcomes.values.reduce(0, +) == 1_200)
    }

    @Test("random bytes as input end in a defined error, whatever the format")
    func randomInput() {
        var random = SeededGenerator(seed: 99)
        for format in [ContentCodingFormat.gzip, .zlib, .rawDeflate] {
            for _ in 0..<300 {
                let junk = CompressionSamples.body(.randomBytes, count: Int.random(in: 0...600, using: &random), using: &random)
                _ = decodeFailure(junk, format: format, outputLimit: 1 << 16)
            }
        }
    }

    @Test("a 10 MB zero bomb stops at a 1 MB limit, whole or streamed")
    func zeroBomb() throws {
        let bomb = ContentEncoder.encode([UInt8](repeating: 0, count: 10_000_000), format: .gzip)
        #expect(bomb.count < 16_000)
        #expect(decodeFailure(bomb, format: .gzip, outputLimit: 1_000_000) == .outputLimitExceeded(limit: 1_000_000))

        var decoder = ContentDecoder(format: .gzip, outputLimit: 1_000_000)
        var produced = 0
        #expect(throws: InflateError.outputLimitExceeded(limit: 1_000_000)) {
            for start in stride(from: 0, to: bomb.count, by: 1_024) {
                produced += try decoder.decode(bomb[start..<min(start + 1_024, bomb.count)]).count
            }
        }
        #expect(produced <= 1_000_000)
        #expect(decoder.producedCount <= 1_000_000)
    }

    @Test("output of exactly the limit decodes; one byte over does not")
    func limitIsInclusive() throws {
        let body = [UInt8](repeating: 0x41, count: 100_000)
        for format in [ContentCodingFormat.gzip, .zlib, .rawDeflate] {
            let stream = ContentEncoder.encode(body, format: format)
            #expect(try ContentDecoder.decode(stream, format: format, outputLimit: body.count) == body)
            #expect(decodeFailure(stream, format: format, outputLimit: body.count - 1) == .outputLimitExceeded(limit: body.count - 1))
        }
        #expect(try ContentDecoder.decode(InflateVectorTests.emptyGzipMember, format: .gzip, outputLimit: 0) == [])
        #expect(try decodeInPieces(ContentEncoder.encode(body, format: .gzip), format: .gzip, cuts: [10, 20], outputLimit: .max) == body)
    }
}
