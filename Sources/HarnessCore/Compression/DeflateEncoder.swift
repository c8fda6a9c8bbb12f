/// Raw DEFLATE compression (RFC 1951): LZ77 over hash chains, each block written stored, with
/// the fixed Huffman codes or with codes of its own, whichever is shortest. Simple rather than small: it aims at being
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

    let input: [UInt8]
    private var head: [Int32]
    private var previous: [Int32]
    var writer = BitWriter()

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
}
