import HarnessCore

/// Bytes received but not yet consumed. Storage is allocated ahead of need and
/// read into in place (no per-read zero fill); consumed bytes are dropped from
/// the front lazily, by moving the rest down.
struct ByteBuffer: Sendable {
    /// Allocated bytes; only `readerIndex..<writerIndex` hold data.
    private var storage: [UInt8] = []
    private(set) var readerIndex = 0
    private var writerIndex = 0

    var readableCount: Int { writerIndex - readerIndex }
    var isEmpty: Bool { writerIndex == readerIndex }

    mutating func append(contentsOf bytes: some Sequence<UInt8>) {
        let array = Array(bytes)
        guard !array.isEmpty else { return }
        _ = appendIn(capacity: array.count) { target in
            target.copyBytes(from: array)
            return array.count
        }
    }

    /// Lets `fill` write up to `capacity` bytes at the end; keeps what it reports it wrote.
    mutating func appendIn<Failure: Error>(
        capacity: Int, _ fill: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
    ) throws(Failure) -> Int {
        reserveWritable(capacity)
        let start = writerIndex
        let written = try storage.withMutableBytes { raw throws(Failure) in
            try fill(UnsafeMutableRawBufferPointer(rebasing: raw[start..<start + capacity]))
        }
        writerIndex += max(0, min(written, capacity))
        return written
    }

    subscript(offset: Int) -> UInt8 { storage[readerIndex + offset] }

    /// The readable bytes from `offset` (relative to the read position), `count` long.
    func bytes(at offset: Int, count: Int) -> ArraySlice<UInt8> {
        storage[(readerIndex + offset)..<(readerIndex + offset + count)]
    }

    /// Offset (relative to the read position) of the first `byte` at or after `from`, if any.
    func firstIndex(of byte: UInt8, from: Int = 0) -> Int? {
        storage.withUnsafeBufferPointer { buffer in
            var index = readerIndex + from
            while index < writerIndex {
                if buffer[index] == byte { return index - readerIndex }
                index += 1
            }
            return nil
        }
    }

    /// Offset of the LF that ends the line at the read position, or nil while none has arrived.
    /// Throws `tooLong` once the line is, or must become, longer than `limit` bytes, its CRLF
    /// excluded: +1 either way, as its CR may already be here, so that the verdict does not
    /// depend on where the reads cut the line.
    func lineFeed(within limit: Int, or tooLong: HTTPParseError) throws(HTTPParseError) -> Int? {
        guard let lineFeed = firstIndex(of: 0x0A) else {
            if readableCount > limit + 1 { throw tooLong }
            return nil
        }
        guard lineFeed <= limit + 1 else { throw tooLong }
        return lineFeed
    }

    mutating func consume(_ count: Int) {
        readerIndex += count
        if readerIndex == writerIndex {
            readerIndex = 0
            writerIndex = 0
        }
    }

    mutating func read(_ count: Int) -> [UInt8] {
        let bytes = Array(bytes(at: 0, count: count))
        consume(count)
        return bytes
    }

    mutating func readAll() -> [UInt8] { read(readableCount) }

    /// Makes room for `count` more bytes after the data: first by moving the data to the
    /// front, then by growing (doubling) the storage.
    private mutating func reserveWritable(_ count: Int) {
        if storage.count - writerIndex >= count { return }
        if readerIndex > 0 {
            let live = readableCount
            storage.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                base.update(from: base + readerIndex, count: live)
            }
            readerIndex = 0
            writerIndex = live
            if storage.count - writerIndex >= count { return }
        }
        let needed = writerIndex + count
        var capacity = max(storage.count, 4096)
        while capacity < needed { capacity *= 2 }
        // Array(repeating:count:) is a memset inside the (optimised) standard library.
        var grown = [UInt8](repeating: 0, count: capacity)
        if writerIndex > 0 {
            grown.withUnsafeMutableBufferPointer { target in
                storage.withUnsafeBufferPointer { source in
                    guard let targetBase = target.baseAddress, let sourceBase = source.baseAddress else { return }
                    targetBase.update(from: sourceBase, count: writerIndex)
                }
            }
        }
        storage = grown
    }
}
