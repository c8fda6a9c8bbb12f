/// DEFLATE's bit order over a byte buffer (RFC 1951 §3.1.1: data elements packed from the least
/// significant bit of each byte), holding up to 63 bits at a time.
///
/// Bits above `count` are always zero, so a peek past the end of the input reads zeros and the
/// caller tells a short read from a bad code by comparing lengths with `count`.
struct BitReader {
    var buffer: UInt64
    var count: Int
    let input: UnsafeBufferPointer<UInt8>
    /// The next byte of `input` not yet in `buffer`.
    var index: Int

    /// Tops the buffer up to at least 57 bits, or with all the input that is left.
    @inline(__always)
    mutating func refill() {
        guard count <= 56 else { return }
        if index + 8 <= input.count, let base = input.baseAddress {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let bytes = (63 - count) >> 3
            let bits = UInt64(bytes &* 8)
            buffer |= (word & ((1 &<< bits) &- 1)) &<< UInt64(count)
            count &+= bytes &* 8
            index &+= bytes
        } else {
            while count <= 56 && index < input.count {
                buffer |= UInt64(input[index]) &<< UInt64(count)
                count &+= 8
                index &+= 1
            }
        }
    }

    /// Drops `bits` bits (at most `count`).
    @inline(__always)
    mutating func consume(_ bits: Int) {
        buffer &>>= UInt64(bits)
        count &-= bits
    }

    /// The next `bits` bits (at most `count`), consumed.
    @inline(__always)
    mutating func take(_ bits: Int) -> Int {
        let value = Int(truncatingIfNeeded: buffer & ((1 &<< UInt64(bits)) &- 1))
        consume(bits)
        return value
    }

    /// The next `bits` bits (at most 32), or nil when the input ends first (nothing consumed).
    mutating func read(_ bits: Int) -> Int? {
        refill()
        guard count >= bits else { return nil }
        return take(bits)
    }

    /// Skips to the next byte boundary (§3.2.4: a stored block's LEN starts on one).
    mutating func alignToByte() {
        consume(count & 7)
    }

    /// Puts the whole bytes still in the buffer back into the input, after `alignToByte()`:
    /// stored data and trailers are then read straight from `input`. The caller keeps the
    /// eight bytes before `index` in `input` from one call to the next, so they are there.
    mutating func returnBufferedBytes() {
        index -= count >> 3
        buffer = 0
        count = 0
    }

    /// The byte of `input` holding the next unread bit, for error offsets.
    var position: Int { index - (count + 7) >> 3 }
}
