extension DeflateEncoder {
    /// Writes one block of `tokens` (a literal byte, or `1 << 31 | length << 16 | distance`)
    /// covering `span` of the input: stored, fixed or dynamic, whichever takes fewest bits.
    mutating func writeBlock(_ tokens: [UInt32], input span: Range<Int>, isLast: Bool) {
        var literalFrequencies = [Int](repeating: 0, count: 286)
        var distanceFrequencies = [Int](repeating: 0, count: 30)
        literalFrequencies[256] = 1
        var extraBits = 0
        for token in tokens {
            if token >> 31 == 0 {
                literalFrequencies[Int(token)] += 1
                continue
            }
            let (lengthIndex, distanceSymbol) = Self.symbols(of: token)
            literalFrequencies[257 + lengthIndex] += 1
            distanceFrequencies[distanceSymbol] += 1
            extraBits += Int(DeflateTables.lengthExtraBits[lengthIndex]) + Int(DeflateTables.distanceExtraBits[distanceSymbol])
        }
        let fixedBits = Self.codedBits(literalFrequencies, FixedHuffmanCodes.literalLength)
            + Self.codedBits(distanceFrequencies, FixedHuffmanCodes.distance) + extraBits
        let dynamic = DynamicHuffmanHeader(literalFrequencies: literalFrequencies, distanceFrequencies: distanceFrequencies)
        let dynamicBits = dynamic.bitCount + Self.codedBits(literalFrequencies, dynamic.literalCodes)
            + Self.codedBits(distanceFrequencies, dynamic.distanceCodes) + extraBits
        // A stored block costs at most 7 bits of padding, LEN and NLEN, and the bytes (§3.2.4).
        let storedBits = 7 + 32 + 8 * span.count

        if storedBits < min(fixedBits, dynamicBits) {
            writer.write(isLast ? 1 : 0, bits: 3)
            writer.alignToByte()
            writer.write(span.count, bits: 16)
            writer.write(~span.count & 0xFFFF, bits: 16)
            writer.append(contentsOf: input[span])
        } else if fixedBits <= dynamicBits {
            writer.write(isLast ? 0b011 : 0b010, bits: 3)
            writeTokens(tokens, literalCodes: FixedHuffmanCodes.literalLength, distanceCodes: FixedHuffmanCodes.distance)
        } else {
            writer.write(isLast ? 0b101 : 0b100, bits: 3)
            dynamic.write(to: &writer)
            writeTokens(tokens, literalCodes: dynamic.literalCodes, distanceCodes: dynamic.distanceCodes)
        }
    }

    /// Literals and back-references in the given codes (`reversedCode << 8 | length`), then end-of-block.
    private mutating func writeTokens(_ tokens: [UInt32], literalCodes: [UInt32], distanceCodes: [UInt32]) {
        for token in tokens {
            if token >> 31 == 0 {
                let code = literalCodes[Int(token)]
                writer.write(Int(code >> 8), bits: Int(code & 0xFF))
                continue
            }
            let length = Int(token >> 16 & 0x1FF), distance = Int(token & 0xFFFF)
            let (lengthIndex, distanceSymbol) = Self.symbols(of: token)
            let lengthCode = literalCodes[257 + lengthIndex]
            writer.write(Int(lengthCode >> 8), bits: Int(lengthCode & 0xFF))
            writer.write(length - Int(DeflateTables.lengthBase[lengthIndex]), bits: Int(DeflateTables.lengthExtraBits[lengthIndex]))
            let distanceCode = distanceCodes[distanceSymbol]
            writer.write(Int(distanceCode >> 8), bits: Int(distanceCode & 0xFF))
            writer.write(distance - Int(DeflateTables.distanceBase[distanceSymbol]),
                         bits: Int(DeflateTables.distanceExtraBits[distanceSymbol]))
        }
        let endOfBlock = literalCodes[256]
        writer.write(Int(endOfBlock >> 8), bits: Int(endOfBlock & 0xFF))
    }

    /// The length symbol's index (symbol − 257) and the distance symbol of a back-reference token.
    private static func symbols(of token: UInt32) -> (lengthIndex: Int, distanceSymbol: Int) {
        (Int(FixedHuffmanCodes.lengthSymbolIndex[Int(token >> 16 & 0x1FF)]),
         Int(FixedHuffmanCodes.distanceSymbol[Int(token & 0xFFFF) - 1]))
    }

    /// Bits the symbols counted in `frequencies` take in `codes`.
    private static func codedBits(_ frequencies: [Int], _ codes: [UInt32]) -> Int {
        zip(frequencies, codes).reduce(0) { $0 + $1.0 * Int($1.1 & 0xFF) }
    }
}
