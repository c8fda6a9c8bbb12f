/// The read end of a pipe a child process writes to (its standard output or error). Reads
/// block; the descriptor closes when the reader goes, so a child still writing then gets EPIPE
/// instead of blocking on a full pipe.
public final class PipeReader: Sendable {
    private let descriptor: Int32

    init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { SpawnPlatform.closeDescriptor(descriptor) }

    /// The bytes there now, waiting for some if there are none; empty at end of stream.
    public func read() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 64 << 10) { buffer, count in
            count = SpawnPlatform.readAvailable(descriptor, into: UnsafeMutableRawBufferPointer(buffer))
        }
    }

    /// Everything up to end of stream (the writer closed it, or the child ended).
    public func readToEnd() -> [UInt8] {
        var all: [UInt8] = []
        while case let bytes = read(), !bytes.isEmpty { all += bytes }
        return all
    }
}
