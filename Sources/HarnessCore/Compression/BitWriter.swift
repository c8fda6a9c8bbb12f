/// Writes DEFLATE's bit order (RFC 1951 §3.1.1): values packed from each byte's least
/// significant bit, Huffman codes given already bit-reversed.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    /// Appends the low `bits` bits of `value` (at most 32).
    @inline(__always)
    mutating func write(_ value: Int, bits: Int) {
        buffer |= (UInt64(truncatingIfNeeded: value) & ((1 &<< UInt64(bits)) &- 1)) &<< UInt64(count)
        count &+= bits
        if count >= 32 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            bytes.append(UInt8(truncatingIfNeeded: buffer &>> 8))
            bytes.append(UInt8(truncatingIfNeeded: buffer &>> 16))
            bytes.append(UInt8(truncatingIfNeeded: buffer &>> 24))
            buffer &>>= 32
            count &-= 32
        }
    }

    /// Pads with zero bits to a byte boundary and moves every whole byte out of the buffer.
    mutating func alignToByte() {
        while count > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer &>>= 8
            count = max(0, count - 8)
        }
    }

    /// Appends whole bytes; only after ``alignToByte()``.
    mutating func append(contentsOf raw: ArraySlice<UInt8>) {
        bytes += raw
    }
}
