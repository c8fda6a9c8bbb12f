/// The fixed Huffman codes of RFC 1951 §3.2.6 in the form the encoder writes them: each code
/// bit-reversed with its length, and the symbol for every match length and distance.
enum FixedHuffmanCodes {
    /// `reversedCode << 8 | length` for literal/length symbols 0...287.
    static let literalLength = CanonicalHuffman.packedCodes(DeflateTables.fixedLiteralLengths)

    /// `reversedCode << 8 | 5` for distance symbols 0...29.
    static let distance = CanonicalHuffman.packedCodes(Array(DeflateTables.fixedDistanceLengths.prefix(30)))

    /// For each match length 0...258, the index (0...28) of its length symbol 257...285.
    static let lengthSymbolIndex: [UInt8] = {
        var table = [UInt8](repeating: 0, count: DeflateTables.maxMatch + 1)
        for index in 0..<28 {
            let base = Int(DeflateTables.lengthBase[index])
            let end = min(base + 1 << Int(DeflateTables.lengthExtraBits[index]), DeflateTables.maxMatch + 1)
            for length in base..<end { table[length] = UInt8(index) }
        }
        // §3.2.5: 258 has a symbol of its own (285), though 284 with all extra bits set would reach it.
        table[DeflateTables.maxMatch] = 28
        return table
    }()

    /// For each distance 1...32768 (index `distance - 1`), its distance symbol.
    static let distanceSymbol: [UInt8] = {
        var table = [UInt8](repeating: 0, count: DeflateTables.windowSize)
        for symbol in 0..<30 {
            let base = Int(DeflateTables.distanceBase[symbol])
            let end = min(base + 1 << Int(DeflateTables.distanceExtraBits[symbol]), DeflateTables.windowSize + 1)
            for distance in base..<end { table[distance - 1] = UInt8(symbol) }
        }
        return table
    }()
}
