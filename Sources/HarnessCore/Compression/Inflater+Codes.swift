extension Inflater {
    /// Decodes literals and back-references (§3.2.5) until the block's end-of-block code (nil),
    /// or until the input or the output space runs out. A symbol is only consumed once all of
    /// it (codes and extra bits) is in the buffer, so stopping never splits one.
    mutating func decodeCodes(_ reader: inout BitReader, _ output: UnsafeMutableBufferPointer<UInt8>,
                              _ outputIndex: inout Int, windowStart: Int,
                              inputOffset: Int) throws(InflateError) -> Progress? {
        let out = output.baseAddress!
        let end = output.count
        var next = outputIndex
        defer { outputIndex = next }
        if copyLength > 0 {
            let count = min(copyLength, end - next)
            Self.copy(out, &next, distance: copyDistance, length: count)
            copyLength -= count
            if copyLength > 0 { return .needsOutputSpace }
        }
        let literals = literalLengthCode, distances = distanceCode
        return try literals.entries.withUnsafeBufferPointer { literalTable throws(InflateError) -> Progress? in
            try distances.entries.withUnsafeBufferPointer { distanceTable throws(InflateError) -> Progress? in
                try DeflateTables.lengthBaseAndExtra.withUnsafeBufferPointer { lengthCodes throws(InflateError) -> Progress? in
                    try DeflateTables.distanceBaseAndExtra.withUnsafeBufferPointer { distanceCodes throws(InflateError) -> Progress? in
                        let codes = SymbolTables(literals: literalTable, literalRoot: literals.rootBits,
                                                 literalMaxLength: literals.maxLength, distances: distanceTable,
                                                 distanceRoot: distances.rootBits, distanceMaxLength: distances.maxLength,
                                                 lengthCodes: lengthCodes, distanceCodes: distanceCodes)
                        return try decodeSymbols(&reader, codes, out, end, &next, windowStart: windowStart, inputOffset: inputOffset)
                    }
                }
            }
        }
    }

    /// The tables one block's symbols are decoded with, as buffers for the inner loop.
    struct SymbolTables {
        let literals: UnsafeBufferPointer<UInt32>
        let literalRoot: Int
        let literalMaxLength: Int
        let distances: UnsafeBufferPointer<UInt32>
        let distanceRoot: Int
        let distanceMaxLength: Int
        let lengthCodes: UnsafeBufferPointer<UInt32>
        let distanceCodes: UnsafeBufferPointer<UInt32>
    }

    private mutating func decodeSymbols(_ reader: inout BitReader, _ codes: SymbolTables, _ out: UnsafeMutablePointer<UInt8>,
                                        _ end: Int, _ next: inout Int, windowStart: Int,
                                        inputOffset: Int) throws(InflateError) -> Progress? {
        let literalRoot = UInt64(codes.literalRoot), literalMask = (UInt64(1) << literalRoot) - 1
        let distanceRoot = UInt64(codes.distanceRoot), distanceMask = (UInt64(1) << distanceRoot) - 1
        while true {
            reader.refill()
            let start = reader
            let entry = Self.lookup(codes.literals, reader.buffer, root: literalRoot, mask: literalMask)
            let length = Int(entry & 0xF)
            if length == 0 || length > reader.count {
                if length == 0 && reader.count >= codes.literalMaxLength {
                    throw .corrupt(offset: inputOffset + reader.position, reason: "invalid literal/length code")
                }
                return .needsInput
            }
            let symbol = Int(entry >> 16)
            if symbol < 256 {
                if next == end { return .needsOutputSpace }
                reader.consume(length)
                out[next] = UInt8(truncatingIfNeeded: symbol)
                next &+= 1
                continue
            }
            reader.consume(length)
            if symbol == 256 { return nil }
            guard symbol <= 285 else {
                throw .corrupt(offset: inputOffset + reader.position, reason: "invalid length symbol \(symbol)")
            }
            let lengthCode = codes.lengthCodes[symbol - 257]
            let lengthExtraBits = Int(lengthCode & 0xFF)
            guard reader.count >= lengthExtraBits else {
                reader = start
                return .needsInput
            }
            let matchLength = Int(lengthCode >> 8) + reader.take(lengthExtraBits)

            let distanceEntry = Self.lookup(codes.distances, reader.buffer, root: distanceRoot, mask: distanceMask)
            let distanceLength = Int(distanceEntry & 0xF)
            if distanceLength == 0 || distanceLength > reader.count {
                if distanceLength == 0 && reader.count >= codes.distanceMaxLength {
                    throw .corrupt(offset: inputOffset + reader.position, reason: "invalid distance code")
                }
                reader = start
                return .needsInput
            }
            reader.consume(distanceLength)
            let distanceSymbol = Int(distanceEntry >> 16)
            guard distanceSymbol < 30 else {
                throw .corrupt(offset: inputOffset + reader.position, reason: "invalid distance symbol \(distanceSymbol)")
            }
            let distanceCode = codes.distanceCodes[distanceSymbol]
            let distanceExtraBits = Int(distanceCode & 0xFF)
            guard reader.count >= distanceExtraBits else {
                reader = start
                return .needsInput
            }
            let distance = Int(distanceCode >> 8) + reader.take(distanceExtraBits)
            guard distance <= next - windowStart else {
                throw .corrupt(offset: inputOffset + reader.position,
                               reason: "distance \(distance) reaches before the start of the stream")
            }
            let count = min(matchLength, end - next)
            Self.copy(out, &next, distance: distance, length: count)
            if count < matchLength {
                copyLength = matchLength - count
                copyDistance = distance
                return .needsOutputSpace
            }
        }
    }

    /// The table entry for the code at the start of `bits`, following a subtable link.
    @inline(__always)
    static func lookup(_ table: UnsafeBufferPointer<UInt32>, _ bits: UInt64, root: UInt64, mask: UInt64) -> UInt32 {
        let entry = table[Int(truncatingIfNeeded: bits & mask)]
        guard entry & HuffmanTable.linkFlag != 0 else { return entry }
        let subtableBits = UInt64(entry >> 8 & 0xFF)
        let index = Int(entry >> 16) + Int(truncatingIfNeeded: (bits &>> root) & ((1 &<< subtableBits) &- 1))
        return table[index]
    }

    /// Copies `length` bytes from `distance` back; overlapping copies repeat the pattern (§3.2.3).
    @inline(__always)
    static func copy(_ out: UnsafeMutablePointer<UInt8>, _ next: inout Int, distance: Int, length: Int) {
        if distance >= length {
            (out + next).update(from: out + (next - distance), count: length)
            next &+= length
        } else {
            var source = next - distance
            let stop = next + length
            while next < stop {
                out[next] = out[source]
                next &+= 1
                source &+= 1
            }
        }
    }
}
