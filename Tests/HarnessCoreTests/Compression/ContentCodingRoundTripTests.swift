import HarnessCore
import Testing

/// Properties of the encoder and decoder together: whatever the body and however the stream is
/// cut into pieces, decoding gives back the body. Seeded, so a failure names its case.
@Suite("Content coding round trips")
struct ContentCodingRoundTripTests {
    static let formats: [ContentCodingFormat] = [.gzip, .zlib, .rawDeflate]
    static let sizes = [0, 1, 2, 3, 257, 4_000, 70_000]

    @Test("every kind and size of body round-trips through each format",
          arguments: CompressionSamples.Kind.allCases, formats)
    func roundTrip(kind: CompressionSamples.Kind, format: ContentCodingFormat) throws {
        var random = SeededGenerator(seed: 0xC0DE)
        for size in Self.sizes {
            let body = CompressionSamples.body(kind, count: size, using: &random)
            let stream = ContentEncoder.encode(body, format: format)
            #expect(try ContentDecoder.decode(stream, format: format, outputLimit: size) == body, "\(kind) \(size)")
        }
    }

    @Test("the encoder compresses what repeats (dynamic codes) and grows random bytes only by block overhead")
    func compressionIsReal() {
        var random = SeededGenerator(seed: 7)
        let json = CompressionSamples.body(.jsonLike, count: 100_000, using: &random)
        #expect(ContentEncoder.encode(json, format: .rawDeflate).count < json.count / 4)
        let noise = CompressionSamples.body(.randomBytes, count: 100_000, using: &random)
        #expect(ContentEncoder.encode(noise, format: .rawDeflate).count <= noise.count + 2 * 5)
        #expect(ContentEncoder.encode([UInt8](repeating: 0, count: 1 << 20), format: .rawDeflate).count < 2_000)
    }

    @Test("bytes with Fibonacci frequencies, whose plain Huffman code is over 15 bits deep, round-trip")
    func lengthLimitedCodes() throws {
        var random = SeededGenerator(seed: 1597)
        let body = CompressionSamples.fibonacciBytes(using: &random)
        for format in Self.formats {
            let stream = ContentEncoder.encode(body, format: format)
            #expect(stream.count < body.count / 2)
            #expect(try ContentDecoder.decode(stream, format: format, outputLimit: body.count) == body)
        }
    }

    @Test("every split point of a stream into two pieces gives the same output",
          arguments: [ContentCodingFormat.gzip, .zlib])
    func everyTwoPieceSplit(format: ContentCodingFormat) throws {
        var random = SeededGenerator(seed: 11)
        // Stored and fixed blocks from the encoder, the dynamic block from the zlib vector.
        let body = CompressionSamples.body(.jsonLike, count: 1_500, using: &random)
            + CompressionSamples.body(.randomBytes, count: 300, using: &random)
        let streams = format == .zlib
            ? [(ContentEncoder.encode(body, format: .zlib), body), (CompressionSamples.dynamicZlibStream, CompressionSamples.dynamicText)]
            : [(ContentEncoder.encode(body, format: .gzip), body)]
        for (stream, expected) in streams {
            for cut in 0...stream.count {
                #expect(try decodeInPieces(stream, format: format, cuts: [cut]) == expected, "cut at \(cut)")
            }
        }
    }

    @Test("random multi-piece splits and byte-at-a-time feeding give the same output",
          arguments: CompressionSamples.Kind.allCases)
    func randomSplits(kind: CompressionSamples.Kind) throws {
        var random = SeededGenerator(seed: 0x5EED)
        let body = CompressionSamples.body(kind, count: 20_000, using: &random)
        for format in Self.formats {
            let stream = ContentEncoder.encode(body, format: format)
            for _ in 0..<20 {
                let cuts = Set((0..<Int.random(in: 1...12, using: &random)).map { _ in Int.random(in: 0...stream.count, using: &random) })
                #expect(try decodeInPieces(stream, format: format, cuts: cuts.sorted()) == body, "\(format) cuts \(cuts.sorted())")
            }
            #expect(try decodeInPieces(stream, format: format, cuts: Array(1..<stream.count)) == body, "\(format) byte at a time")
        }
        let dynamic = CompressionSamples.dynamicZlibStream
        #expect(try decodeInPieces(dynamic, format: .zlib, cuts: Array(1..<dynamic.count)) == CompressionSamples.dynamicText)
    }

    @Test("back-references reach across blocks and across calls with a small output at each step")
    func longRangeReferences() throws {
        var random = SeededGenerator(seed: 3)
        // A random 30 KB block repeated: the copies point back almost the whole window.
        let unit = CompressionSamples.body(.randomBytes, count: 30_000, using: &random)
        let body = unit + unit + unit
        let stream = ContentEncoder.encode(body, format: .gzip)
        #expect(stream.count < unit.count * 11 / 10)
        var decoder = ContentDecoder(format: .gzip, outputLimit: body.count)
        var output: [UInt8] = []
        for start in stride(from: 0, to: stream.count, by: 97) {
            output += try decoder.decode(stream[start..<min(start + 97, stream.count)])
        }
        output += try decoder.finish()
        #expect(output == body)
    }
}
