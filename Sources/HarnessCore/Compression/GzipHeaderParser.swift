/// A gzip member header (RFC 1952 §2.3.1) read a byte range at a time: the fixed ten bytes, then
/// FEXTRA, FNAME, FCOMMENT and FHCRC as its flags say. Names and comments are skipped, never kept,
/// so a long one costs no memory.
struct GzipHeaderParser: Sendable {
    private enum Step: Sendable {
        case fixed
        case extraLength
        case extra(remaining: Int)
        case name
        case comment
        case headerCRC(expected: UInt32)
        case done
    }

    private var step = Step.fixed
    /// Bytes of the current fixed-size field read so far.
    private var field: [UInt8] = []
    private var flags: UInt8 = 0
    /// CRC-32 of the header bytes read so far; FHCRC holds its low 16 bits (§2.3.1).
    private var crc: UInt32 = 0

    private static let headerCRCFlag: UInt8 = 0x02, extraFlag: UInt8 = 0x04
    private static let nameFlag: UInt8 = 0x08, commentFlag: UInt8 = 0x10

    /// Reads header bytes from `input[index...]`; true once the header is complete. A member after
    /// the first that does not start with the gzip magic is trailing garbage at `memberOffset`.
    mutating func parse(_ input: UnsafeBufferPointer<UInt8>, _ index: inout Int, isFirstMember: Bool,
                        memberOffset: Int) throws(InflateError) -> Bool {
        while true {
            switch step {
            case .fixed:
                guard try fill(10, input, &index, check: { bytes throws(InflateError) in
                    try Self.checkFixed(bytes, isFirstMember: isFirstMember, memberOffset: memberOffset)
                }) else { return false }
                flags = field[3]
                field = []
                step = flags & Self.extraFlag != 0 ? .extraLength : .name
            case .extraLength:
                guard try fill(2, input, &index, check: { _ throws(InflateError) in }) else { return false }
                step = .extra(remaining: Int(field[0]) | Int(field[1]) << 8)
                field = []
            case .extra(let remaining):
                let count = min(remaining, input.count - index)
                consume(input, &index, count)
                if count < remaining {
                    step = .extra(remaining: remaining - count)
                    return false
                }
                step = .name
            case .name, .comment:
                let isName = if case .name = step { true } else { false }
                if flags & (isName ? Self.nameFlag : Self.commentFlag) != 0 {
                    // §2.3.1: zero-terminated; the terminator belongs to the header too.
                    guard let zero = input[index...].firstIndex(of: 0) else {
                        consume(input, &index, input.count - index)
                        return false
                    }
                    consume(input, &index, zero + 1 - index)
                }
                step = isName ? .comment : .headerCRC(expected: crc & 0xFFFF)
            case .headerCRC(let expected):
                guard flags & Self.headerCRCFlag != 0 else {
                    step = .done
                    continue
                }
                guard try fill(2, input, &index, check: { _ throws(InflateError) in }) else { return false }
                let stored = UInt32(field[0]) | UInt32(field[1]) << 8
                guard stored == expected else {
                    throw .badHeader(reason: "gzip header CRC16 \(stored) does not match the header's \(expected)")
                }
                step = .done
            case .done:
                return true
            }
        }
    }

    /// Gathers a fixed field of `size` bytes into `field`, checking what is there as it arrives.
    private mutating func fill(_ size: Int, _ input: UnsafeBufferPointer<UInt8>, _ index: inout Int,
                               check: ([UInt8]) throws(InflateError) -> Void) throws(InflateError) -> Bool {
        let count = min(size - field.count, input.count - index)
        field += input[index..<(index + count)]
        consume(input, &index, count)
        try check(field)
        return field.count == size
    }

    private mutating func consume(_ input: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ count: Int) {
        crc = CRC32.update(crc, UnsafeBufferPointer(rebasing: input[index..<(index + count)]))
        index += count
    }

    /// Checks the ten fixed bytes as far as they have arrived: magic, method, reserved flags.
    private static func checkFixed(_ bytes: [UInt8], isFirstMember: Bool, memberOffset: Int) throws(InflateError) {
        if bytes.count >= 1 && bytes[0] != 0x1F || bytes.count >= 2 && bytes[1] != 0x8B {
            if !isFirstMember { throw .trailingGarbage(offset: memberOffset) }
            throw .badHeader(reason: "not gzip: the magic bytes 1f 8b are missing")
        }
        if bytes.count >= 3 && bytes[2] != 8 {
            throw .badHeader(reason: "gzip compression method \(bytes[2]), not 8 (deflate)")
        }
        // §2.3.1.2: a decoder must give an error if a reserved flag bit is set.
        if bytes.count >= 4 && bytes[3] & 0xE0 != 0 {
            throw .badHeader(reason: "gzip reserved flag bits set (FLG \(bytes[3]))")
        }
    }
}
