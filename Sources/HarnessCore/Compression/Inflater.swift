/// Raw DEFLATE decoding (RFC 1951) as a resumable state machine: bytes in, bytes out, stopping
/// whenever the input runs out or the output space is full and carrying on from there on the next
/// call. `ContentDecoder` wraps it in the gzip and zlib framings.
///
/// The output buffer doubles as the window: back-references reach into the bytes before
/// `outputIndex` back to `windowStart`, so the caller keeps up to 32 KiB of this stream's
/// earlier output in front of the free space.
struct Inflater: Sendable {
    /// Why `inflate` returned.
    enum Progress: Equatable {
        /// Every input byte was used and the stream is not over.
        case needsInput
        /// The output space is full and the stream has more to produce.
        case needsOutputSpace
        /// The final block ended; `inputIndex` is at the first byte after the stream.
        case finished
    }

    enum State: Sendable, Equatable {
        case blockHeader
        case stored(remaining: Int)
        case codes
        case finished
    }

    var state = State.blockHeader
    var isLastBlock = false
    var bitBuffer: UInt64 = 0
    var bitCount = 0
    var literalLengthCode = HuffmanTable.fixedLiteralLength
    var distanceCode = HuffmanTable.fixedDistance
    /// A back-reference cut short by a full output buffer: what is left of it.
    var copyLength = 0
    var copyDistance = 0

    /// Decodes from `input[inputIndex...]` into `output[outputIndex...]`, advancing both.
    /// `inputOffset` is the position of `input[0]` in the whole stream (for error offsets).
    mutating func inflate(input: UnsafeBufferPointer<UInt8>, inputIndex: inout Int,
                          output: UnsafeMutableBufferPointer<UInt8>, outputIndex: inout Int,
                          windowStart: Int, inputOffset: Int) throws(InflateError) -> Progress {
        var reader = BitReader(buffer: bitBuffer, count: bitCount, input: input, index: inputIndex)
        defer {
            bitBuffer = reader.buffer
            bitCount = reader.count
            inputIndex = reader.index
        }
        while true {
            switch state {
            case .finished:
                return .finished
            case .blockHeader:
                if let waiting = try readBlockHeader(&reader, inputOffset: inputOffset) { return waiting }
            case .stored(let remaining):
                if remaining == 0 {
                    state = isLastBlock ? .finished : .blockHeader
                    continue
                }
                let available = input.count - reader.index
                if available == 0 { return .needsInput }
                if outputIndex == output.count { return .needsOutputSpace }
                let count = min(remaining, available, output.count - outputIndex)
                (output.baseAddress! + outputIndex).update(from: input.baseAddress! + reader.index, count: count)
                reader.index += count
                outputIndex += count
                state = .stored(remaining: remaining - count)
            case .codes:
                if let waiting = try decodeCodes(&reader, output, &outputIndex, windowStart: windowStart,
                                                 inputOffset: inputOffset) {
                    return waiting
                }
                if isLastBlock {
                    // §3.2.3: the stream ends with the final block; what follows starts on a byte.
                    reader.alignToByte()
                    reader.returnBufferedBytes()
                    state = .finished
                } else {
                    state = .blockHeader
                }
            }
        }
    }

    /// Reads a whole block header (§3.2.3), or nothing when the input ends inside it.
    private mutating func readBlockHeader(_ reader: inout BitReader, inputOffset: Int) throws(InflateError) -> Progress? {
        let start = reader
        guard let header = reader.read(3) else { return .needsInput }
        switch header >> 1 {
        case 0:
            // §3.2.4: skip to a byte boundary, then LEN and its one's complement NLEN.
            reader.alignToByte()
            guard let length = reader.read(16), let complement = reader.read(16) else {
                reader = start
                return .needsInput
            }
            guard length == ~complement & 0xFFFF else {
                throw .corrupt(offset: inputOffset + reader.position,
                               reason: "stored block LEN \(length) does not match NLEN \(complement)")
            }
            reader.returnBufferedBytes()
            state = .stored(remaining: length)
        case 1:
            literalLengthCode = HuffmanTable.fixedLiteralLength
            distanceCode = HuffmanTable.fixedDistance
            state = .codes
        case 2:
            guard try readDynamicCodes(&reader, inputOffset: inputOffset) else {
                reader = start
                return .needsInput
            }
            state = .codes
        default:
            throw .corrupt(offset: inputOffset + reader.position, reason: "invalid block type 3")
        }
        isLastBlock = header & 1 == 1
        return nil
    }
}
