import Synchronization

/// A connected TCP socket with blocking reads and writes.
///
/// One thread reads; any thread may write (writes are serialised by the
/// caller). `shutdown()` may be called from any thread to wake a blocked
/// reader; the file descriptor is released once, by `close()`.
///
/// ```swift
/// let socket = try Socket.connect(host: "127.0.0.1", port: 8080)
/// try socket.write(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
/// ```
public final class Socket: Sendable {
    let descriptor: Int32
    private let closed = Atomic<Bool>(false)
    /// Held while the descriptor is released or shut down, so the two never interleave.
    private let descriptorLock = Mutex<Void>(())
    /// The peer's address, when known.
    public let peer: SocketAddress?

    init(descriptor: Int32, peer: SocketAddress?) {
        self.descriptor = descriptor
        self.peer = peer
        Platform.setNoDelay(descriptor)
    }

    deinit { close() }

    /// Connects to `host:port`, trying each resolved address in turn.
    public static func connect(host: String, port: Int, timeoutMilliseconds: Int? = nil) throws(SocketError) -> Socket {
        let addresses = Platform.resolve(host: host, port: port, passive: false)
        guard !addresses.isEmpty else {
            throw SocketError(kind: .unresolvable, operation: "resolve \(host):\(port)")
        }
        var lastError = SocketError(kind: .other, operation: "connect \(host):\(port)")
        for address in addresses {
            let fd = Platform.makeStreamSocket(family: address.family)
            guard fd >= 0 else { throw SocketError.fromErrno("socket") }
            if let timeoutMilliseconds {
                Platform.setTimeout(fd, receive: false, milliseconds: timeoutMilliseconds)
            }
            if Platform.connect(fd, address) {
                Platform.setTimeout(fd, receive: false, milliseconds: nil)
                return Socket(descriptor: fd, peer: address)
            }
            lastError = SocketError.fromErrno("connect \(address)")
            Platform.close(fd)
        }
        throw lastError
    }

    /// Whether `close()` has been called.
    public var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Reads up to `buffer.count` bytes. Returns 0 at end of stream.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SocketError) -> Int {
        while true {
            guard !isClosed else { throw SocketError(kind: .closed, operation: "read") }
            let count = Platform.receive(descriptor, buffer.baseAddress!, buffer.count)
            if count >= 0 { return count }
            if Platform.errno == Platform.interrupted { continue }
            throw SocketError.fromErrno("read")
        }
    }

    /// Appends whatever is available (at least one byte, or none at end of stream) to `bytes`.
    /// Returns the number of bytes appended.
    @discardableResult
    public func read(appendingTo bytes: inout [UInt8], maximum: Int = 65_536) throws(SocketError) -> Int {
        var chunk = [UInt8](repeating: 0, count: maximum)
        var result: Result<Int, SocketError> = .success(0)
        chunk.withUnsafeMutableBytes { raw in
            do throws(SocketError) { result = .success(try read(into: raw)) } catch { result = .failure(error) }
        }
        let count = try result.get()
        bytes.append(contentsOf: chunk[0..<count])
        return count
    }

    /// Writes all of `bytes`, retrying partial writes.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(SocketError) {
        var offset = 0
        while offset < bytes.count {
            guard !isClosed else { throw SocketError(kind: .closed, operation: "write") }
            let written = Platform.send(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, Platform.errno == Platform.interrupted {
                continue
            } else {
                throw SocketError.fromErrno("write")
            }
        }
    }

    /// Writes all of `bytes`.
    public func write(_ bytes: [UInt8]) throws(SocketError) {
        var failure: SocketError?
        bytes.withUnsafeBytes { raw in
            do throws(SocketError) { try write(raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes as much of `bytes` as fits without blocking; returns how many were written.
    public func writeWithoutBlocking(_ bytes: UnsafeRawBufferPointer) throws(SocketError) -> Int {
        while true {
            guard !isClosed else { throw SocketError(kind: .closed, operation: "write") }
            let written = Platform.sendWithoutBlocking(descriptor, bytes.baseAddress!, bytes.count)
            if written >= 0 { return written }
            let code = Platform.errno
            if code == Platform.interrupted { continue }
            if code == Platform.wouldBlock || code == Platform.wouldBlockAlternative { return 0 }
            throw SocketError.fromErrno("write")
        }
    }

    /// Writes as much of `bytes` as fits without blocking; returns how many were written.
    public func writeWithoutBlocking(_ bytes: [UInt8]) throws(SocketError) -> Int {
        var result: Result<Int, SocketError> = .success(0)
        bytes.withUnsafeBytes { raw in
            do throws(SocketError) { result = .success(try writeWithoutBlocking(raw)) } catch { result = .failure(error) }
        }
        return try result.get()
    }

    /// Half-closes, then reads and discards what the peer still sends (up to `limit` bytes or
    /// `milliseconds`), then closes. Closing with unread data would send a reset that can destroy
    /// the response we just wrote (RFC 9112 §9.6).
    public func lingeringClose(milliseconds: Int = 1000, limit: Int = 1 << 20) {
        shutdownWrite()
        setReadTimeout(milliseconds: milliseconds)
        var discarded = 0
        var scratch = [UInt8](repeating: 0, count: 16_384)
        while discarded < limit {
            let count = scratch.withUnsafeMutableBytes { raw -> Int in
                (try? read(into: raw)) ?? 0
            }
            if count <= 0 { break }
            discarded += count
        }
        close()
    }

    /// Sets how long a read may block before failing with `.timedOut` (`nil`: forever).
    public func setReadTimeout(milliseconds: Int?) {
        Platform.setTimeout(descriptor, receive: true, milliseconds: milliseconds)
    }

    /// Sets how long a write may block before failing with `.timedOut` (`nil`: forever).
    public func setWriteTimeout(milliseconds: Int?) {
        Platform.setTimeout(descriptor, receive: false, milliseconds: milliseconds)
    }

    /// Waits up to `milliseconds` for data (or end of stream) to arrive.
    public func waitUntilReadable(milliseconds: Int) -> Bool {
        Platform.waitReadable(descriptor, milliseconds: Int32(clamping: milliseconds))
    }

    /// Half-closes the sending direction (sends FIN); reads still work. Does nothing once closed.
    public func shutdownWrite() { whileOpen { Platform.shutdown(descriptor, read: false, write: true) } }

    /// Stops both directions; wakes a thread blocked in `read`. Safe from any thread, and does
    /// nothing once closed.
    public func shutdown() { whileOpen { Platform.shutdown(descriptor, read: true, write: true) } }

    /// Closes with a TCP reset instead of an orderly FIN.
    public func reset() {
        whileOpen { Platform.setAbortiveClose(descriptor) }
        close()
    }

    /// Releases the descriptor (once).
    public func close() {
        descriptorLock.withLock { _ in
            guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
            Platform.close(descriptor)
        }
    }

    /// Runs `body` only if the descriptor is still ours. Once closed, its number may already
    /// belong to another socket, and a late shutdown (a close timer, a server stopping) would
    /// cut that unrelated connection; the lock keeps `close()` from slipping in between.
    private func whileOpen(_ body: () -> Void) {
        descriptorLock.withLock { _ in
            guard !closed.load(ordering: .acquiring) else { return }
            body()
        }
    }

    /// The local address this socket is bound to.
    public var localAddress: SocketAddress? { Platform.localAddress(descriptor) }
}
