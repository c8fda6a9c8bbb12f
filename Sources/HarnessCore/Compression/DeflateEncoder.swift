/// Raw DEFLATE compression (RFC 1951): LZ77 over hash chains, each block written with the fixed
/// Huffman codes or stored, whichever is shorter. Simple rather than small: it aims at being
/// correct for every input and quick, not at zlib's ratios.
struct DeflateEncoder {
    private static let hashBits = 15
    private static let maxChain = 48
    /// A match this long ends the search.
    private static let goodEnough = 128
    /// Positions inside matches longer than this are mostly left out of the hash chains (as zlib's
    /// faster levels do), which keeps long runs linear.
    private static let maxInsertLength = 32
    /// Input bytes a block starts matches for; stored blocks hold at most 65535 (§3.2.4), and a
    /// block's last match reaches at most 257 bytes past this.
    private static let blockSpan = 60000

    private let input: [UInt8]
    private var head: [Int32]
    private var previous: [Int32]
    private var writer = BitWriter()

    /// The raw DEFLATE stream of `input`.
    static func compress(_ input: [UInt8]) -> [UInt8] {
        var encoder = DeflateEncoder(input: input)
        return encoder.run()
    }

    private init(input: [UInt8]) {
        self.input = input
        head = [Int32](repeating: -1, count: 1 << Self.hashBits)
        previous = [Int32](repeating: -1, count: DeflateTables.windowSize)
    }

    private mutating func run() -> [UInt8] {
        var tokens: [UInt32] = []
        var position = 0
        repeat {
            let blockStart = position
            tokens.removeAll(keepingCapacity: true)
            let blockLimit = min(input.count, blockStart + Self.blockSpan)
            while position < blockLimit {
                let (length, distance) = longestMatch(at: position)
                if length >= 3 {
                    tokens.append(1 << 31 | UInt32(length) << 16 | UInt32(distance))
                    // Inside a long match only its last bytes go into the chains, so that a run
                    // continues at distance 1 rather than one match back.
                    let firstInserted = length <= Self.maxInsertLength ? position + 1 : position + length - 3
                    for inside in firstInserted..<(position + length) { insert(inside) }
                    position += length
                } else {
                    tokens.append(UInt32(input[position]))
                    position += 1
                }
            }
            writeBlock(tokens, input: blockStart..<position, isLast: position == input.count)
        } while position < input.count
        writer.alignToByte()
        return writer.bytes
    }

    private func hash(_ position: Int) -> Int {
        let value = Int(input[position]) << 16 | Int(input[position + 1]) << 8 | Int(input[position + 2])
        return (value &* 0x9E37_79B1) >> (32 - Self.hashBits) & (1 << Self.hashBits - 1)
    }

    private mutating func insert(_ position: Int) {
        guard position + 3 <= input.count else { return }
        let bucket = hash(position)
        previous[position & (DeflateTables.windowSize - 1)] = head[bucket]
        head[bucket] = Int32(position)
    }

    /// The longest earlier match for the bytes at `position` within the window (length 0 if
    /// none of 3 or more), inserting `position` into its chain.
    private mutating func longestMatch(at position: Int) -> (length: Int, distance: Int) {
        guard position + 3 <= input.count else { return (0, 0) }
        let bucket = hash(position)
        var candidate = Int(head[bucket])
        previous[position & (DeflateTables.windowSize - 1)] = head[bucket]
        head[bucket] = Int32(position)
        let longest = min(DeflateTables.maxMatch, input.count - position)
        var best = 0, bestDistance = 0
        var steps = 0
        input.withUnsafeBufferPointer { bytes in
            while candidate >= 0, position - candidate <= DeflateTables.windowSize, steps < Self.maxChain {
                if bytes[candidate + best] == bytes[position + best] {
                    var length = 0
                    while length < longest && bytes[candidate + length] == bytes[position + length] { length += 1 }
                    if length > best {
                        best = length
                        bestDistance = position - candidate
                        if length >= Self.goodEnough || length == longest { break }
                    }
                }
                let next = Int(previous[candidate & (DeflateTables.windowSize - 1)])
                // A slot overwritten by a newer position ends the chain.
                guard next < candidate else { break }
                candidate = next
                steps += 1
            }
        }
        return best >= 3 ? (best, bestDistance) : (0, 0)
    }

    /// Writes one block of `tokens` covering `span` of the input, fixed-Huffman or stored.
    private mutating func writeBlock(_ tokens: [UInt32], input span: Range<Int>, isLast: Bool) {
        let codes = FixedHuffmanCodes.literalLength
        var fixedBits = 3 + 7
        for token in tokens {
            if token >> 31 == 0 {
                fixedBits += Int(codes[Int(token)] & 0xFF)
            } else {
                let length = Int(token >> 16 & 0x1FF), distance = Int(token & 0xFFFF)
                let lengthIndex = Int(FixedHuffmanCodes.lengthSymbolIndex[length])
                let distanceSymbol = Int(FixedHuffmanCodes.distanceSymbol[distance - 1])
                fixedBits += Int(codes[257 + lengthIndex] & 0xFF) + Int(DeflateTables.lengthExtraBits[lengthIndex])
                    + 5 + Int(DeflateTables.distanceExtraBits[distanceSymbol])
            }
        }
        // A stored block costs its header, at most 7 bits of padding, LEN and NLEN, and the bytes.
        if 3 + 7 + 32 + 8 * span.count < fixedBits {
            writer.write(isLast ? 1 : 0, bits: 3)
            writer.alignToByte()
            writer.write(span.count, bits: 16)
            writer.write(~span.count & 0xFFFF, bits: 16)
            writer.append(contentsOf: input[span])
            return
        }
        writer.write(isLast ? 0b011 : 0b010, bits: 3)
        for token in tokens {
            if token >> 31 == 0 {
                let code = codes[Int(token)]
                writer.write(Int(code >> 8), bits: Int(code & 0xFF))
                continue
            }
            let length = Int(token >> 16 & 0x1FF), distance = Int(token & 0xFFFF)
            let lengthIndex = Int(FixedHuffmanCodes.lengthSymbolIndex[length])
            let lengthCode = codes[257 + lengthIndex]
            writer.write(Int(lengthCode >> 8), bits: Int(lengthCode & 0xFF))
            writer.write(length - Int(DeflateTables.lengthBase[lengthIndex]), bits: Int(DeflateTables.lengthExtraBits[lengthIndex]))
            let distanceSymbol = Int(FixedHuffmanCodes.distanceSymbol[distance - 1])
            writer.write(Int(FixedHuffmanCodes.distance[distanceSymbol]), bits: 5)
            writer.write(distance - Int(DeflateTables.distanceBase[distanceSymbol]),
                         bits: Int(DeflateTables.distanceExtraBits[distanceSymbol]))
        }
        let endOfBlock = codes[256]
        writer.write(Int(endOfBlock >> 8), bits: Int(endOfBlock & 0xFF))
    }
}
