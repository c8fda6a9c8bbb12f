/// The codes of a dynamic-Huffman block (RFC 1951 §3.2.7) built from a block's symbol counts,
/// with the header that describes them: code lengths run-length coded, then Huffman coded in turn.
struct DynamicHuffmanHeader {
    /// `reversedCode << 8 | length` for literal/length symbols 0...285 and distance symbols 0...29.
    let literalCodes: [UInt32]
    let distanceCodes: [UInt32]
    /// Bits the header takes, after the three-bit block header.
    private(set) var bitCount = 0

    private let literalCount: Int
    private let distanceCount: Int
    /// The code length sequence as code length symbols: `symbol | extraBits << 8`.
    private let codeLengthSymbols: [Int]
    private let codeLengthCodes: [UInt32]
    private let codeLengthCodeCount: Int

    init(literalFrequencies: [Int], distanceFrequencies: [Int]) {
        let literalLengths = CanonicalHuffman.lengths(for: literalFrequencies, limit: 15)
        let distanceLengths = CanonicalHuffman.lengths(for: distanceFrequencies, limit: 15)
        literalCodes = CanonicalHuffman.packedCodes(literalLengths)
        distanceCodes = CanonicalHuffman.packedCodes(distanceLengths)
        literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        distanceCount = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        codeLengthSymbols = Self.runLengthCoded(Array(literalLengths[..<literalCount] + distanceLengths[..<distanceCount]))

        var frequencies = [Int](repeating: 0, count: 19)
        for symbol in codeLengthSymbols { frequencies[symbol & 0xFF] += 1 }
        let codeLengthLengths = CanonicalHuffman.lengths(for: frequencies, limit: 7)
        codeLengthCodes = CanonicalHuffman.packedCodes(codeLengthLengths)
        codeLengthCodeCount = max(4, (DeflateTables.codeLengthOrder.lastIndex { codeLengthLengths[$0] > 0 } ?? 0) + 1)

        bitCount = 5 + 5 + 4 + 3 * codeLengthCodeCount
        for symbol in codeLengthSymbols {
            bitCount += Int(codeLengthCodes[symbol & 0xFF] & 0xFF) + Self.repeatExtraBits(symbol & 0xFF)
        }
    }

    /// Writes HLIT, HDIST, HCLEN, the code length code and the code lengths (§3.2.7).
    func write(to writer: inout BitWriter) {
        writer.write(literalCount - 257, bits: 5)
        writer.write(distanceCount - 1, bits: 5)
        writer.write(codeLengthCodeCount - 4, bits: 4)
        for symbol in DeflateTables.codeLengthOrder.prefix(codeLengthCodeCount) {
            writer.write(Int(codeLengthCodes[symbol] & 0xFF), bits: 3)
        }
        for entry in codeLengthSymbols {
            let symbol = entry & 0xFF
            let code = codeLengthCodes[symbol]
            writer.write(Int(code >> 8), bits: Int(code & 0xFF))
            writer.write(entry >> 8, bits: Self.repeatExtraBits(symbol))
        }
    }

    private static func repeatExtraBits(_ symbol: Int) -> Int {
        switch symbol {
        case 16: 2
        case 17: 3
        case 18: 7
        default: 0
        }
    }

    /// §3.2.7's run-length coding: 16 repeats the previous length 3-6 times, 17 and 18 give
    /// 3-10 and 11-138 zeros. Runs may cross from the literal to the distance lengths.
    private static func runLengthCoded(_ lengths: [UInt8]) -> [Int] {
        var symbols: [Int] = []
        var index = 0
        while index < lengths.count {
            let value = lengths[index]
            var run = 1
            while index + run < lengths.count && lengths[index + run] == value { run += 1 }
            index += run
            if value == 0 {
                while run >= 11 {
                    let count = min(run, 138)
                    symbols.append(18 | (count - 11) << 8)
                    run -= count
                }
                if run >= 3 {
                    symbols.append(17 | (run - 3) << 8)
                    run = 0
                }
            } else {
                symbols.append(Int(value))
                run -= 1
                while run >= 3 {
                    let count = min(run, 6)
                    symbols.append(16 | (count - 3) << 8)
                    run -= count
                }
            }
            symbols += repeatElement(Int(value), count: run)
        }
        return symbols
    }
}
