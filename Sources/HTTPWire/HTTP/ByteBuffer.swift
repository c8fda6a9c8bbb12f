/// Bytes received but not yet consumed: an array with a read position,
/// compacted lazily so that consuming from the front stays cheap.
struct ByteBuffer: Sendable {
    private(set) var storage: [UInt8] = []
    private(set) var readerIndex = 0

    var readableCount: Int { storage.count - readerIndex }
    var isEmpty: Bool { readableCount == 0 }

    mutating func append<Bytes: Sequence>(contentsOf bytes: Bytes) where Bytes.Element == UInt8 {
        compactIfWorthwhile()
        storage.append(contentsOf: bytes)
    }

    /// Lets `fill` write up to `capacity` bytes at the end; keeps what it reports it wrote.
    mutating func appendIn<Failure: Error>(
        capacity: Int, _ fill: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
    ) throws(Failure) -> Int {
        compactIfWorthwhile()
        let start = storage.count
        storage.append(contentsOf: repeatElement(0, count: capacity))
        var written = 0
        var failure: Failure?
        storage.withUnsafeMutableBytes { raw in
            do throws(Failure) {
                written = try fill(UnsafeMutableRawBufferPointer(rebasing: raw[start..<start + capacity]))
            } catch {
                failure = error
            }
        }
        storage.removeLast(capacity - written)
        if let failure { throw failure }
        return written
    }

    subscript(offset: Int) -> UInt8 { storage[readerIndex + offset] }

    /// The readable bytes from `offset` (relative to the read position), `count` long.
    func bytes(at offset: Int, count: Int) -> ArraySlice<UInt8> {
        storage[(readerIndex + offset)..<(readerIndex + offset + count)]
    }

    /// Offset (relative to the read position) of the first `byte` at or after `from`, if any.
    func firstIndex(of byte: UInt8, from: Int = 0) -> Int? {
        var index = readerIndex + from
        let end = storage.count
        while index < end {
            if storage[index] == byte { return index - readerIndex }
            index += 1
        }
        return nil
    }

    mutating func consume(_ count: Int) {
        readerIndex += count
        if readerIndex == storage.count {
            storage.removeAll(keepingCapacity: true)
            readerIndex = 0
        }
    }

    mutating func read(_ count: Int) -> [UInt8] {
        let bytes = Array(bytes(at: 0, count: count))
        consume(count)
        return bytes
    }

    mutating func readAll() -> [UInt8] { read(readableCount) }

    private mutating func compactIfWorthwhile() {
        if readerIndex > 0, readerIndex >= storage.count / 2 {
            storage.removeFirst(readerIndex)
            readerIndex = 0
        }
    }
}
