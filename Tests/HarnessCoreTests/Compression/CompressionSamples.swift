import HarnessCore
import Testing

/// Bodies to compress: the shapes a proxy sees, generated from a seed so failures rerun exactly.
enum CompressionSamples {
    enum Kind: String, CaseIterable, Sendable {
        case randomBytes, repetitiveText, jsonLike, zeros
    }

    static func body(_ kind: Kind, count: Int, using random: inout SeededGenerator) -> [UInt8] {
        switch kind {
        case .randomBytes:
            return (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
        case .zeros:
            return [UInt8](repeating: 0, count: count)
        case .repetitiveText:
            let words = ["order", "kitchen", "ready", "table", "the", "a", "grill", "fryer", "\n", "ticket"]
            return fill(count) { words[Int.random(in: 0..<words.count, using: &random)] + " " }
        case .jsonLike:
            return fill(count) {
                let id = Int.random(in: 0..<100_000, using: &random)
                let state = ["queued", "cooking", "ready", "served"][Int.random(in: 0..<4, using: &random)]
                return #"{"id":\#(id),"state":"\#(state)","station":"grill-\#(id % 7)","items":[\#(id % 13),\#(id % 31)]},"#
            }
        }
    }

    /// Bytes 0...23, byte `n` occurring Fibonacci(n + 1) times, shuffled: 121,392 bytes whose
    /// plain Huffman code would be 23 bits deep, where DEFLATE allows 15.
    static func fibonacciBytes(using random: inout SeededGenerator) -> [UInt8] {
        var counts = (1, 1)
        var bytes: [UInt8] = []
        for byte in 0..<24 {
            bytes += repeatElement(UInt8(byte), count: counts.0)
            counts = (counts.1, counts.0 + counts.1)
        }
        bytes.shuffle(using: &random)
        return bytes
    }

    private static func fill(_ count: Int, _ piece: () -> String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 100)
        while bytes.count < count { bytes += Array(piece().utf8) }
        return Array(bytes.prefix(count))
    }

    /// Text whose zlib level-9 stream is ``dynamicZlibStream``.
    static let dynamicText: [UInt8] = Array((0..<60).map { line in
        "line \(line): the kitchen order \(line * 7 % 13) is ready, table \(line % 5)\n"
    }.joined().utf8)

    /// `zlib.compress(dynamicText, 9)` from Python 3's zlib 1.2.13: one dynamic-Huffman block.
    static let dynamicZlibStream: [UInt8] = hex("""
        78da8dd64b6ac3401084e1bd4f3107c8627aa6e795db38b1c022c201c59bdc3e31ea5aa9076a5f183efa97e46d7d2c21be87e77d09\
        5febf3f3be3cc2f77e5bf610c3fa13f6e57afb7d0bcfebc7f63fbb6cafb578eb765acbb14ede5a4eeb74acb3b7eea7753ed6eaadd369\
        adc7ba78eb3153566f9d67cae62ae38cd9bdb9ce98c3fd719939c53d67999ed3bda7a41955dc8bd619553217975945b9ba602d5c5eb0\
        56ae2f501b1718a89d2b0cd4c12566d414c9c6cc9a848b0ccf69222b336cca5c65864d4a56066de12a03b6729501dbb8ca60ed5c65b0\
        0eae32a3e6c85566d42c5c6546cd89ab0c2fe04c5666d6ac5c65b016b232602b5719b08dac0cdace5506ece02a33ac46ae32b3aa7095\
        995513579951357395e1d3aa5c65a016ae32502b5919ac8dab0cd64e5606ece02ac31f89485666da225c65862d89abccb025739599b5\
        285719ac85ab0cd4ca55066ae32a03b57395813ac8caf4f2078dd393f5
        """)

    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.utf8).filter { !$0.isWhitespace }
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)! }
    }
}

private extension UInt8 {
    var isWhitespace: Bool { self == 0x20 || self == 0x0A }
}

/// Decodes `stream` fed in the pieces that `cuts` (ascending offsets) mark, then finishes.
func decodeInPieces(_ stream: [UInt8], format: ContentCodingFormat, cuts: [Int],
                    outputLimit: Int = 1 << 30) throws(InflateError) -> [UInt8] {
    var decoder = ContentDecoder(format: format, outputLimit: outputLimit)
    var output: [UInt8] = []
    var start = 0
    for cut in cuts + [stream.count] {
        output += try decoder.decode(stream[start..<cut])
        start = cut
    }
    output += try decoder.finish()
    #expect(decoder.producedCount == output.count)
    return output
}

/// The error decoding `stream` (fed whole) ends in, or nil when it decodes.
func decodeFailure(_ stream: [UInt8], format: ContentCodingFormat, outputLimit: Int = 1 << 30) -> InflateError? {
    do {
        _ = try ContentDecoder.decode(stream, format: format, outputLimit: outputLimit)
        return nil
    } catch {
        return error
    }
}

/// Whether `error` is `.corrupt` with a reason containing `text`.
func isCorrupt(_ error: InflateError?, mentioning text: String) -> Bool {
    if case .corrupt(_, let reason) = error { return reason.contains(text) }
    return false
}

/// Whether `error` is `.badHeader` with a reason containing `text`.
func isBadHeader(_ error: InflateError?, mentioning text: String) -> Bool {
    if case .badHeader(let reason) = error { return reason.contains(text) }
    return false
}
