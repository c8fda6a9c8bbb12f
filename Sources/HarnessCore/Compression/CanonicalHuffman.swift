/// Canonical Huffman codes (RFC 1951 §3.2.2) shared by the decoder's tables and the encoder:
/// codes from code lengths, and (for the encoder) length-limited code lengths from frequencies.
enum CanonicalHuffman {
    /// The code of each symbol, bit-reversed so that it can be read or written least significant
    /// bit first (§3.1.1: Huffman codes are packed starting with their most significant bit).
    /// Unused symbols (length 0) get 0. `lengths` must not over-subscribe the code.
    static func reversedCodes(_ lengths: UnsafeBufferPointer<UInt8>) -> [Int] {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths { counts[Int(length)] += 1 }
        counts[0] = 0
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + counts[length - 1]) << 1
            nextCode[length] = code
        }
        var codes = [Int](repeating: 0, count: lengths.count)
        for symbol in 0..<lengths.count where lengths[symbol] > 0 {
            let length = Int(lengths[symbol])
            codes[symbol] = reversed(nextCode[length], length)
            nextCode[length] += 1
        }
        return codes
    }

    /// Each symbol's code as the encoder writes it: `reversedCode << 8 | length`.
    static func packedCodes(_ lengths: [UInt8]) -> [UInt32] {
        let codes = lengths.withUnsafeBufferPointer { reversedCodes($0) }
        return zip(codes, lengths).map { UInt32($0) << 8 | UInt32($1) }
    }

    /// The low `length` bits of `code` in reverse order.
    static func reversed(_ code: Int, _ length: Int) -> Int {
        var result = 0
        for bit in 0..<length where code & (1 << bit) != 0 { result |= 1 << (length - 1 - bit) }
        return result
    }

    /// Code lengths of a complete Huffman code for `frequencies`, none longer than `limit`. At least
    /// two symbols get a code (a lone used symbol is paired with an unused one), since a one-code
    /// set is incomplete and reference decoders refuse that for the code length code.
    static func lengths(for frequencies: [Int], limit: Int) -> [UInt8] {
        var weights = frequencies
        var used = weights.indices.filter { weights[$0] > 0 }
        for symbol in weights.indices where used.count < 2 && weights[symbol] == 0 {
            weights[symbol] = 1
            used.append(symbol)
        }
        while true {
            let lengths = unlimitedLengths(weights, used: used)
            if lengths.max() ?? 0 <= UInt8(limit) { return lengths }
            // Flattening the weights shortens the deepest codes; all-equal weights fit any limit
            // DEFLATE uses (286 symbols need at most 9 bits).
            weights = weights.map { $0 == 0 ? 0 : max(1, $0 >> 1) }
        }
    }

    /// Huffman's construction, merging the two lightest nodes until one is left; a leaf's depth is its length.
    private static func unlimitedLengths(_ weights: [Int], used: [Int]) -> [UInt8] {
        var nodeWeight = used.map { weights[$0] }
        var parent = [Int](repeating: -1, count: used.count)
        var open = Array(used.indices)
        while open.count > 1 {
            open.sort { nodeWeight[$0] > nodeWeight[$1] }
            let lightest = open.removeLast(), next = open.removeLast()
            let merged = nodeWeight.count
            nodeWeight.append(nodeWeight[lightest] + nodeWeight[next])
            parent.append(-1)
            parent[lightest] = merged
            parent[next] = merged
            open.append(merged)
        }
        var lengths = [UInt8](repeating: 0, count: weights.count)
        for (leaf, symbol) in used.enumerated() {
            var depth = 0
            var node = leaf
            while parent[node] >= 0 {
                node = parent[node]
                depth += 1
            }
            lengths[symbol] = UInt8(depth)
        }
        return lengths
    }
}
