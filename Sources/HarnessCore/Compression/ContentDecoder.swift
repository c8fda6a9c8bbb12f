/// Decodes a gzip, zlib or raw DEFLATE body as it arrives: feed any split of the input, get the
/// output each piece completes. A whole body is the same stream fed once (``decode(_:format:outputLimit:)``).
///
/// ```swift
/// var decoder = ContentDecoder(format: .gzip, outputLimit: 16 << 20)
/// var body: [UInt8] = []
/// for chunk in chunks { body += try decoder.decode(chunk) }
/// body += try decoder.finish()   // throws .truncated if the stream stopped early
/// ```
///
/// gzip input may hold several members (RFC 1952 §2.2); they decode to their concatenation, each
/// checked against its own CRC-32 and ISIZE. Output never grows past `outputLimit`: the call that
/// would pass it throws ``InflateError/outputLimitExceeded(limit:)``. After any error the decoder
/// throws that same error from every later call.
package struct ContentDecoder: Sendable {
    private enum Phase: Sendable {
        case zlibHeader
        case gzipHeader(GzipHeaderParser)
        case deflate
        case trailer
        case betweenMembers
        case done
    }

    /// The framing being read (`.zlib` turns into `.rawDeflate` when `rawDeflateFallback` sniffs one).
    private var format: ContentCodingFormat
    private let outputLimit: Int
    private let rawDeflateFallback: Bool
    private var phase: Phase
    private var inflater = Inflater()
    /// Input not yet used, from `pendingIndex`; the eight bytes before it are kept for the inflater.
    private var pending: [UInt8] = []
    private var pendingIndex = 0
    /// How many input bytes came before `pending[0]`, for error offsets.
    private var droppedInput = 0
    /// Output so far, back to the current stream's last 32 KiB at most, then free space: the
    /// inflater's window and where it writes.
    private var window: [UInt8] = []
    private var windowFilled = 0
    /// Output of the current DEFLATE stream so far.
    private var streamProduced = 0
    /// The running CRC-32 (gzip) or Adler-32 (zlib) of the current stream's output.
    private var checksum: UInt32 = 0
    private var trailer: [UInt8] = []
    private var finishedMembers = 0
    private var memberOffset = 0
    private var failure: InflateError?

    /// Bytes produced so far.
    package private(set) var producedCount = 0

    /// A decoder for `format` that refuses to produce more than `outputLimit` bytes. With
    /// `rawDeflateFallback` a `.zlib` stream whose first two bytes are no zlib header is read as
    /// raw DEFLATE (see ``ContentCodingFormat/forDeflateStream(firstBytes:)``) instead of failing
    /// with ``InflateError/badHeader(reason:)``.
    package init(format: ContentCodingFormat, outputLimit: Int, rawDeflateFallback: Bool = false) {
        self.format = format
        self.outputLimit = max(0, outputLimit)
        self.rawDeflateFallback = rawDeflateFallback
        switch format {
        case .gzip: phase = .gzipHeader(GzipHeaderParser())
        case .zlib: phase = .zlibHeader
        case .rawDeflate: phase = .deflate
        }
        startStream()
    }

    /// Decodes as much of `input` as possible; returns bytes produced by this call.
    package mutating func decode(_ input: some Collection<UInt8>) throws(InflateError) -> [UInt8] {
        if let failure { throw failure }
        do {
            return try decodeAppending(input)
        } catch {
            failure = error
            throw error
        }
    }

    /// Input is over: throws `.truncated` unless the stream(s) ended cleanly.
    package mutating func finish() throws(InflateError) -> [UInt8] {
        if let failure { throw failure }
        switch phase {
        case .done: return []
        case .betweenMembers where finishedMembers > 0: return []
        default:
            failure = .truncated
            throw .truncated
        }
    }

    private mutating func decodeAppending(_ input: some Collection<UInt8>) throws(InflateError) -> [UInt8] {
        let spent = max(0, pendingIndex - 8)
        if spent > 0 {
            pending.removeFirst(spent)
            pendingIndex -= spent
            droppedInput += spent
        }
        pending.append(contentsOf: input)
        let unread = pending.count - pendingIndex
        if window.count - windowFilled < Self.minimumFreeSpace {
            compactWindow(freeSpace: min(Self.largestKeptWindow / 2, max(Self.minimumFreeSpace * 2, unread * 4)))
        }

        let start = windowFilled
        // Output stops where the limit does, whatever space the window has beyond it.
        let remaining = outputLimit - producedCount
        let capacity = remaining > Int.max - start ? Int.max : start + remaining
        let bytes = pending
        // The window leaves `self` while the framing (which mutates `self`) writes into it; after
        // an error the decoder is spent, so it need not come back then.
        var buffer = window
        window = []
        var filled = windowFilled
        while true {
            let usable = min(buffer.count, capacity)
            let progress = try bytes.withUnsafeBufferPointer { input throws(InflateError) in
                try buffer.withUnsafeMutableBufferPointer { output throws(InflateError) in
                    try advance(input, UnsafeMutableBufferPointer(rebasing: output[..<usable]), &filled)
                }
            }
            if progress == .needsInput { break }
            guard usable < capacity else { throw .outputLimitExceeded(limit: outputLimit) }
            let grown = min(capacity, max(buffer.count * 2, buffer.count + min(unread, 1 << 28) * 4))
            buffer.append(contentsOf: repeatElement(0, count: max(0, grown - buffer.count)))
        }
        window = buffer
        windowFilled = filled
        producedCount += windowFilled - start
        let output = Array(window[start..<windowFilled])
        if window.count > Self.largestKeptWindow { compactWindow(freeSpace: Self.largestKeptWindow / 2) }
        return output
    }

    /// Free space below which the window is compacted before decoding.
    private static let minimumFreeSpace = 1 << 12
    /// A window grown past this for one large call is shrunk back afterwards.
    private static let largestKeptWindow = 1 << 18

    /// Keeps only the current stream's last 32 KiB of output, at the front, followed by free space.
    private mutating func compactWindow(freeSpace: Int) {
        let history = min(windowFilled, streamProduced, DeflateTables.windowSize)
        var compacted = [UInt8]()
        compacted.reserveCapacity(history + freeSpace)
        compacted += window[(windowFilled - history)..<windowFilled]
        compacted.append(contentsOf: repeatElement(0, count: freeSpace))
        window = compacted
        windowFilled = history
    }

    /// Runs the framing and the inflater over `input[pendingIndex...]` until one needs more
    /// input or more output space.
    private mutating func advance(_ input: UnsafeBufferPointer<UInt8>, _ output: UnsafeMutableBufferPointer<UInt8>,
                                  _ filled: inout Int) throws(InflateError) -> Inflater.Progress {
        while true {
            switch phase {
            case .zlibHeader:
                guard input.count - pendingIndex >= 2 else { return .needsInput }
                if let problem = ZlibHeader.check(cmf: input[pendingIndex], flg: input[pendingIndex + 1]) {
                    guard rawDeflateFallback else { throw .badHeader(reason: problem) }
                    format = .rawDeflate
                } else {
                    pendingIndex += 2
                }
                phase = .deflate
            case .gzipHeader(var parser):
                let complete = try parser.parse(input, &pendingIndex, isFirstMember: finishedMembers == 0,
                                                memberOffset: memberOffset)
                phase = complete ? .deflate : .gzipHeader(parser)
                if !complete { return .needsInput }
            case .deflate:
                let before = filled
                let progress = try inflater.inflate(input: input, inputIndex: &pendingIndex, output: output,
                                                    outputIndex: &filled, windowStart: before - min(before, streamProduced),
                                                    inputOffset: droppedInput)
                noteOutput(UnsafeBufferPointer(rebasing: output[before..<filled]))
                guard progress == .finished else { return progress }
                phase = format == .rawDeflate ? .done : .trailer
            case .trailer:
                let size = format == .gzip ? 8 : 4
                let count = min(size - trailer.count, input.count - pendingIndex)
                trailer += input[pendingIndex..<(pendingIndex + count)]
                pendingIndex += count
                guard trailer.count == size else { return .needsInput }
                try checkTrailer()
                phase = format == .gzip ? .betweenMembers : .done
            case .betweenMembers:
                guard pendingIndex < input.count else { return .needsInput }
                memberOffset = droppedInput + pendingIndex
                startStream()
                phase = .gzipHeader(GzipHeaderParser())
            case .done:
                guard pendingIndex == input.count else { throw .trailingGarbage(offset: droppedInput + pendingIndex) }
                return .needsInput
            }
        }
    }

    private mutating func startStream() {
        inflater = Inflater()
        streamProduced = 0
        checksum = format == .zlib ? 1 : 0
        trailer = []
    }

    private mutating func noteOutput(_ bytes: UnsafeBufferPointer<UInt8>) {
        streamProduced += bytes.count
        switch format {
        case .gzip: checksum = CRC32.update(checksum, bytes)
        case .zlib: checksum = Adler32.update(checksum, bytes)
        case .rawDeflate: break
        }
    }

    private mutating func checkTrailer() throws(InflateError) {
        if format == .gzip {
            // RFC 1952 §2.3.1: CRC32 then ISIZE (length modulo 2^32), both little-endian.
            let crc = UInt32(trailer[0]) | UInt32(trailer[1]) << 8 | UInt32(trailer[2]) << 16 | UInt32(trailer[3]) << 24
            guard crc == checksum else { throw .checksumMismatch(expected: crc, actual: checksum) }
            let size = UInt32(trailer[4]) | UInt32(trailer[5]) << 8 | UInt32(trailer[6]) << 16 | UInt32(trailer[7]) << 24
            let actual = UInt32(truncatingIfNeeded: streamProduced)
            guard size == actual else { throw .lengthMismatch(expected: size, actual: actual) }
            finishedMembers += 1
        } else {
            // RFC 1950 §2.2: ADLER32, most significant byte first.
            let adler = UInt32(trailer[0]) << 24 | UInt32(trailer[1]) << 16 | UInt32(trailer[2]) << 8 | UInt32(trailer[3])
            guard adler == checksum else { throw .checksumMismatch(expected: adler, actual: checksum) }
        }
    }
}

extension ContentDecoder {
    /// One-shot convenience: the whole of `bytes` decoded, or the error that stopped it.
    package static func decode(_ bytes: [UInt8], format: ContentCodingFormat, outputLimit: Int) throws(InflateError) -> [UInt8] {
        var decoder = ContentDecoder(format: format, outputLimit: outputLimit)
        var output = try decoder.decode(bytes)
        output += try decoder.finish()
        return output
    }
}
