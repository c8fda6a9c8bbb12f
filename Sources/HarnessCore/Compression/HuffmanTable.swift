/// A canonical Huffman code (RFC 1951 §3.2.2) as a lookup table over the next bits of input.
///
/// The root table is indexed by the next `rootBits` bits (least significant first, as DEFLATE packs
/// them); codes longer than that continue in a subtable that the root entry links to. An entry is
/// `symbol << 16 | subtableBits << 8 | flags << 4 | length`: `length` is the code's whole length
/// (0 for bit patterns no code starts with), and a link entry instead holds the subtable's offset
/// in place of the symbol.
struct HuffmanTable: Sendable {
    private(set) var entries: [UInt32]
    /// How many bits index the root table.
    let rootBits: Int
    /// The longest code length in use (0 when the code is empty).
    let maxLength: Int

    static let linkFlag: UInt32 = 0x10

    /// Why a set of code lengths is not a usable code.
    enum BuildError: Error, Equatable {
        case overSubscribed
        case incomplete
    }

    /// Builds the table for `lengths[symbol]` (0 = unused). An incomplete code is refused unless
    /// `allowsIncomplete` and it has a single code of length 1 (zlib's rule, which Python shares:
    /// a stream may have one distance code, or none).
    init(lengths: UnsafeBufferPointer<UInt8>, rootBits: Int, allowsIncomplete: Bool) throws(BuildError) {
        let longest = try Self.longestCode(in: lengths, allowsIncomplete: allowsIncomplete)
        self.init(checkedLengths: lengths, rootBits: rootBits, longest: longest)
    }

    /// The table of one of RFC 1951's fixed codes (§3.2.6), complete by the RFC's own definition.
    init(fixedLengths lengths: UnsafeBufferPointer<UInt8>, rootBits: Int) {
        self.init(checkedLengths: lengths, rootBits: rootBits, longest: Int(lengths.max() ?? 0))
    }

    /// The longest length of a usable code, or why `lengths` are none.
    private static func longestCode(in lengths: UnsafeBufferPointer<UInt8>, allowsIncomplete: Bool) throws(BuildError) -> Int {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths { counts[Int(length)] += 1 }
        counts[0] = 0
        var left = 1
        var longest = 0
        for length in 1...15 {
            left <<= 1
            left -= counts[length]
            if left < 0 { throw .overSubscribed }
            if counts[length] > 0 { longest = length }
        }
        if left > 0 && longest > 0 && !(allowsIncomplete && longest == 1) { throw .incomplete }
        return longest
    }

    /// Builds the table for lengths already known to form a usable code whose longest is `longest`.
    private init(checkedLengths lengths: UnsafeBufferPointer<UInt8>, rootBits: Int, longest: Int) {
        maxLength = longest
        self.rootBits = max(1, min(rootBits, longest))

        let codes = CanonicalHuffman.reversedCodes(lengths)

        let root = self.rootBits
        let rootSize = 1 << root
        // Each root slot that starts longer codes gets a subtable as deep as its longest code needs.
        var subtableBits = [Int](repeating: 0, count: rootSize)
        for symbol in 0..<lengths.count where Int(lengths[symbol]) > root {
            let slot = codes[symbol] & (rootSize - 1)
            subtableBits[slot] = max(subtableBits[slot], Int(lengths[symbol]) - root)
        }
        var subtableOffset = [Int](repeating: 0, count: rootSize)
        var size = rootSize
        for slot in 0..<rootSize where subtableBits[slot] > 0 {
            subtableOffset[slot] = size
            size += 1 << subtableBits[slot]
        }
        var entries = [UInt32](repeating: 0, count: size)
        for slot in 0..<rootSize where subtableBits[slot] > 0 {
            entries[slot] = UInt32(subtableOffset[slot]) << 16 | UInt32(subtableBits[slot]) << 8 | Self.linkFlag
        }
        for symbol in 0..<lengths.count where lengths[symbol] > 0 {
            let length = Int(lengths[symbol])
            let entry = UInt32(symbol) << 16 | UInt32(length)
            if length <= root {
                var index = codes[symbol]
                while index < rootSize {
                    entries[index] = entry
                    index += 1 << length
                }
            } else {
                let slot = codes[symbol] & (rootSize - 1)
                let bits = subtableBits[slot]
                var index = codes[symbol] >> root
                while index < 1 << bits {
                    entries[subtableOffset[slot] + index] = entry
                    index += 1 << (length - root)
                }
            }
        }
        self.entries = entries
    }

    /// The fixed literal/length code of §3.2.6.
    static let fixedLiteralLength: HuffmanTable = DeflateTables.fixedLiteralLengths.withUnsafeBufferPointer {
        HuffmanTable(fixedLengths: $0, rootBits: 9)
    }

    /// The fixed distance code of §3.2.6.
    static let fixedDistance: HuffmanTable = DeflateTables.fixedDistanceLengths.withUnsafeBufferPointer {
        HuffmanTable(fixedLengths: $0, rootBits: 5)
    }
}
