extension Inflater {
    /// Reads a dynamic block's code definitions (§3.2.7) and builds its tables; false when the
    /// input ends inside them (the caller rewinds to the block header and waits for more).
    mutating func readDynamicCodes(_ reader: inout BitReader, inputOffset: Int) throws(InflateError) -> Bool {
        guard let hlit = reader.read(5), let hdist = reader.read(5), let hclen = reader.read(4) else { return false }
        let literalCount = hlit + 257, distanceCount = hdist + 1
        // 286 and 30 are the most symbols with meaning; zlib (and so every reference decoder) refuses more.
        guard literalCount <= 286, distanceCount <= 30 else {
            throw corrupt(reader, inputOffset, "too many length or distance codes (\(literalCount), \(distanceCount))")
        }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for position in 0..<(hclen + 4) {
            guard let length = reader.read(3) else { return false }
            codeLengthLengths[DeflateTables.codeLengthOrder[position]] = UInt8(length)
        }
        let codeLengthCode: HuffmanTable
        do {
            codeLengthCode = try codeLengthLengths.withUnsafeBufferPointer { lengths throws(HuffmanTable.BuildError) in
                try HuffmanTable(lengths: lengths, rootBits: 7, allowsIncomplete: false)
            }
        } catch {
            throw corrupt(reader, inputOffset, "\(Self.describe(error)) code length code")
        }

        let total = literalCount + distanceCount
        var lengths = [UInt8](repeating: 0, count: total)
        var filled = 0
        while filled < total {
            reader.refill()
            let entry = codeLengthCode.entries.withUnsafeBufferPointer {
                Self.lookup($0, reader.buffer, root: UInt64(codeLengthCode.rootBits),
                            mask: (UInt64(1) << UInt64(codeLengthCode.rootBits)) - 1)
            }
            let length = Int(entry & 0xF)
            guard length > 0 else {
                if reader.count < codeLengthCode.maxLength { return false }
                throw corrupt(reader, inputOffset, "invalid code length code")
            }
            guard length <= reader.count else { return false }
            reader.consume(length)
            let symbol = Int(entry >> 16)
            if symbol < 16 {
                lengths[filled] = UInt8(symbol)
                filled += 1
                continue
            }
            let repeated: UInt8
            let times: Int
            switch symbol {
            case 16:
                guard filled > 0 else { throw corrupt(reader, inputOffset, "code length repeat with no previous length") }
                guard let extra = reader.read(2) else { return false }
                repeated = lengths[filled - 1]
                times = 3 + extra
            case 17:
                guard let extra = reader.read(3) else { return false }
                repeated = 0
                times = 3 + extra
            default:
                guard let extra = reader.read(7) else { return false }
                repeated = 0
                times = 11 + extra
            }
            guard filled + times <= total else { throw corrupt(reader, inputOffset, "code length repeat past the last code") }
            for index in filled..<(filled + times) { lengths[index] = repeated }
            filled += times
        }
        guard lengths[256] != 0 else { throw corrupt(reader, inputOffset, "no end-of-block code") }
        do {
            literalLengthCode = try lengths.withUnsafeBufferPointer { all throws(HuffmanTable.BuildError) in
                try HuffmanTable(lengths: UnsafeBufferPointer(rebasing: all[0..<literalCount]), rootBits: 10,
                                 allowsIncomplete: true)
            }
        } catch {
            throw corrupt(reader, inputOffset, "\(Self.describe(error)) literal/length code")
        }
        do {
            distanceCode = try lengths.withUnsafeBufferPointer { all throws(HuffmanTable.BuildError) in
                try HuffmanTable(lengths: UnsafeBufferPointer(rebasing: all[literalCount...]), rootBits: 8,
                                 allowsIncomplete: true)
            }
        } catch {
            throw corrupt(reader, inputOffset, "\(Self.describe(error)) distance code")
        }
        return true
    }

    private func corrupt(_ reader: BitReader, _ inputOffset: Int, _ reason: String) -> InflateError {
        .corrupt(offset: inputOffset + reader.position, reason: reason)
    }

    private static func describe(_ error: HuffmanTable.BuildError) -> String {
        switch error {
        case .overSubscribed: "over-subscribed"
        case .incomplete: "incomplete"
        }
    }
}
