import HarnessCore

/// The socket's own bytes, never through TLS: what `Socket` does for plain TCP, and what
/// `TLSChannel` sends and receives ciphertext with.
extension Socket {
    /// Receives up to `buffer.count` bytes, `blocking` until some arrive or not. Returns 0 at
    /// end of stream, nil when not `blocking` and nothing has arrived.
    func readPlain(into buffer: UnsafeMutableRawBufferPointer, blocking: Bool) throws(SocketError) -> Int? {
        guard let base = buffer.baseAddress else { return 0 }
        return try retryingInterrupts("read", nilWhenWouldBlock: !blocking) {
            Platform.receive(descriptor, base, buffer.count, blocking: blocking)
        }
    }

    /// Sends all of `bytes`, retrying partial sends.
    func writePlain(_ bytes: UnsafeRawBufferPointer) throws(SocketError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = try retryingInterrupts("write") { Platform.send(descriptor, base + offset, bytes.count - offset, blocking: true) } ?? 0
            guard written > 0 else { throw SocketError.fromErrno("write") }
            offset += written
        }
    }

    /// Sends as much of `bytes` as the kernel takes without blocking; returns how many it took.
    func writePlainWithoutBlocking(_ bytes: UnsafeRawBufferPointer) throws(SocketError) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        return try retryingInterrupts("write", nilWhenWouldBlock: true) {
            Platform.send(descriptor, base, bytes.count, blocking: false)
        } ?? 0
    }

    /// Runs one send or receive `call` again while a signal interrupts it: its count, or nil
    /// when `nilWhenWouldBlock` and the socket has nothing to give or no room (otherwise, as
    /// for a blocking call that timed out, that is a failure).
    private func retryingInterrupts(_ operation: String, nilWhenWouldBlock: Bool = false,
                                    _ call: () -> Int) throws(SocketError) -> Int? {
        while true {
            guard !isClosed else { throw SocketError(kind: .closed, operation: operation) }
            let count = call()
            if count >= 0 { return count }
            let code = Platform.errno
            if code == Platform.interrupted { continue }
            if nilWhenWouldBlock, code == Platform.wouldBlock || code == Platform.wouldBlockAlternative { return nil }
            throw SocketError.fromErrno(operation)
        }
    }
}
