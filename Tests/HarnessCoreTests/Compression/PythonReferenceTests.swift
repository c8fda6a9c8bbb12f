import HarnessCore
import Testing

/// Our decoder against streams Python's zlib and gzip made (every block type, flushes, small
/// windows, gzip header fields, several members), and our encoder's streams decoded by Python.
/// SKIPPED, loudly, when neither KITCHEN_PYTHON nor python3 on PATH is there.
@Suite("DEFLATE against Python's zlib",
       .enabled(if: PythonReference.interpreter != nil,
                "SKIPPED: no KITCHEN_PYTHON and no python3 on PATH; the Python zlib/gzip reference tests did not run"))
struct PythonReferenceTests {
    static func inputs() -> [[UInt8]] {
        var random = SeededGenerator(seed: 1951)
        return [
            [],
            [0x41],
            CompressionSamples.body(.randomBytes, count: 3_000, using: &random),
            CompressionSamples.body(.repetitiveText, count: 20_000, using: &random),
            CompressionSamples.body(.jsonLike, count: 100_000, using: &random),
            CompressionSamples.body(.zeros, count: 70_000, using: &random),
            CompressionSamples.body(.randomBytes, count: 70_000, using: &random),
            CompressionSamples.body(.jsonLike, count: 3_000, using: &random),
            CompressionSamples.fibonacciBytes(using: &random),
        ]
    }

    @Test("every stream Python makes of our inputs decodes to the input, whole and in random pieces")
    func decodesPythonStreams() async throws {
        let inputs = Self.inputs()
        let streams = try await PythonReference.compress(inputs)
        #expect(streams.count > inputs.count * 20)
        var random = SeededGenerator(seed: 1950)
        for stream in streams {
            let expected = inputs[stream.inputIndex]
            let label = "\(stream.variant) \(stream.format) of input \(stream.inputIndex)"
            #expect(try ContentDecoder.decode(stream.bytes, format: stream.format.format, outputLimit: expected.count) == expected, "\(label)")
            let cuts = (0..<4).map { _ in Int.random(in: 0...stream.bytes.count, using: &random) }.sorted()
            #expect(try decodeInPieces(stream.bytes, format: stream.format.format, cuts: cuts) == expected, "\(label) cut at \(cuts)")
        }
    }

    @Test("every split point of Python's dynamic-block, flushed and multi-member streams gives the same output")
    func everySplitOfPythonStreams() async throws {
        let inputs = Self.inputs()
        let chosen = ["level9 zlib", "sync-flush-997 zlib", "gzip-members gzip", "huffman-only raw", "rle raw"]
        let streams = try await PythonReference.compress(inputs).filter {
            $0.inputIndex == 7 && chosen.contains("\($0.variant) \($0.format)")
        }
        #expect(streams.count == chosen.count)
        for stream in streams {
            for cut in 0...stream.bytes.count {
                #expect(try decodeInPieces(stream.bytes, format: stream.format.format, cuts: [cut]) == inputs[7],
                        "\(stream.variant) \(stream.format) cut at \(cut)")
            }
        }
    }

    @Test("Python decodes what our encoder makes, in every format")
    func pythonDecodesOurStreams() async throws {
        var cases: [(ContentCodingFormatName, [UInt8], [UInt8])] = []
        for input in Self.inputs() {
            for name in ContentCodingFormatName.allCases {
                cases.append((name, input, ContentEncoder.encode(input, format: name.format)))
            }
        }
        #expect(try await PythonReference.checkDecoding(cases) == [])
    }
}
