/// Bytes appended to storage the appender allocates and its owner frees (``deallocate()``):
/// each append is a capacity check and a copy, without an array's check, on every append,
/// that its storage is not shared. The journal's record writer appends some three hundred
/// small pieces a record.
///
/// A value that owns memory, so it is used in one place and passed `inout`, never copied:
///
/// ```swift
/// var bytes = ByteAppender(capacity: 2048)
/// defer { bytes.deallocate() }
/// bytes.append(UInt8(ascii: "{"))
/// line.append(contentsOf: bytes.written)
/// ```
struct ByteAppender {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    /// An empty appender with room for `capacity` bytes before it grows.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// The bytes appended so far; valid until the next append or ``deallocate()``.
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Frees the storage. The appender is not used after.
    func deallocate() { base.deallocate() }

    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(never)
    private mutating func grow(toHold needed: Int) {
        let grown = max(needed, capacity * 2)
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        storage.initialize(from: base, count: count)
        base.deallocate()
        base = storage
        capacity = grown
    }
}
