import HarnessCore
import Synchronization

/// A connected TCP socket with blocking reads and writes.
///
/// One thread reads; any thread may write (writes are serialised by the
/// caller). `shutdown()` may be called from any thread to wake a blocked
/// reader; the file descriptor is released once, by `close()`.
///
/// A socket connected with `tls:` carries a TLS session: the same calls then
/// read plaintext and write ciphertext, and every caller keeps working unchanged.
///
/// ```swift
/// let socket = try Socket.connect(host: "127.0.0.1", port: 8080)
/// try socket.write(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
/// ```
package final class Socket: Sendable {
    let descriptor: Int32
    private let closed = Atomic<Bool>(false)
    /// Held while the descriptor is released or shut down, so the two never interleave.
    private let descriptorLock = Mutex<Void>(())
    /// The peer's address, when known.
    package let peer: SocketAddress?
    /// The TLS session every read and write passes through; nil for plain TCP.
    let tls: TLSChannel?

    init(descriptor: Int32, peer: SocketAddress?, tls: TLSChannel? = nil) {
        self.descriptor = descriptor
        self.peer = peer
        self.tls = tls
        Platform.setNoDelay(descriptor)
    }

    deinit { close() }

    /// Connects to `host:port`, trying each resolved address in turn, each for at most
    /// `timeoutMilliseconds` (a silent address fails with `kind` `.timedOut`); with `tls`, then runs
    /// the TLS handshake (each step bounded by `timeoutMilliseconds`), and every read and write
    /// afterwards is encrypted. TLS failures throw with `kind` `.tls`.
    package static func connect(host: String, port: Int, timeoutMilliseconds: Int? = nil,
                               tls: TLSClientConfiguration? = nil) throws(SocketError) -> Socket {
        var channel: TLSChannel?
        if let tls {
            do throws(TLSError) { channel = try TLSChannel(configuration: tls, host: host, port: port) } catch {
                throw SocketError(kind: .tls(error), operation: "TLS with \(host):\(port)")
            }
        }
        let addresses = Platform.resolve(host: host, port: port, passive: false)
        guard !addresses.isEmpty else {
            throw SocketError(kind: .unresolvable, operation: "resolve \(host):\(port)")
        }
        var lastError = SocketError(kind: .other, operation: "connect \(host):\(port)")
        for address in addresses {
            let fd = Platform.makeStreamSocket(family: address.family)
            guard fd >= 0 else { throw SocketError.fromErrno("socket") }
            let code = Platform.connect(fd, address, timeoutMilliseconds: timeoutMilliseconds)
            if code == 0 {
                let socket = Socket(descriptor: fd, peer: address, tls: channel)
                if let channel { try socket.handshake(channel, timeoutMilliseconds: timeoutMilliseconds) }
                return socket
            }
            lastError = SocketError.from(code: code, "connect \(address)")
            Platform.close(fd)
        }
        throw lastError
    }

    /// Whether `close()` has been called.
    package var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Reads up to `buffer.count` bytes (decrypted, over TLS). Returns 0 at end of stream (over
    /// TLS also after the server's close_notify).
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(SocketError) -> Int {
        if let tls { return try tls.read(into: buffer, over: self, blocking: true) ?? 0 }
        return try readPlain(into: buffer, blocking: true) ?? 0
    }

    /// Reads up to `buffer.count` bytes without blocking (decrypted, over TLS): 0 at end of
    /// stream, nil when nothing (no whole TLS record) has arrived yet.
    func readWithoutBlocking(into buffer: UnsafeMutableRawBufferPointer) throws(SocketError) -> Int? {
        if let tls { return try tls.read(into: buffer, over: self, blocking: false) }
        return try readPlain(into: buffer, blocking: false)
    }

    /// Whether bytes wait inside the socket's TLS session (decrypted, or a whole record not yet
    /// decrypted): readiness reports only what the kernel holds, so a reader on an event loop
    /// reads on while this is true.
    var hasBufferedInput: Bool { tls?.hasBufferedInput ?? false }

    /// Appends whatever is available (at least one byte, or none at end of stream) to `bytes`.
    /// Returns the number of bytes appended.
    @discardableResult
    package func read(appendingTo bytes: inout [UInt8], maximum: Int = 65_536) throws(SocketError) -> Int {
        var chunk = [UInt8](repeating: 0, count: maximum)
        let count = try chunk.withMutableBytes { raw throws(SocketError) in try read(into: raw) }
        bytes.append(contentsOf: chunk[0..<count])
        return count
    }

    /// Writes all of `bytes` (encrypted, over TLS, after any ciphertext still waiting).
    package func write(_ bytes: [UInt8]) throws(SocketError) {
        try bytes.withBytes { raw throws(SocketError) in
            if let tls { return try tls.write(raw, over: self) }
            try writePlain(raw)
        }
    }

    /// Writes as much of `bytes` as fits without blocking; returns how many were written.
    /// Over TLS the answer is all or none: all are encrypted once earlier ciphertext is out,
    /// and ciphertext the kernel does not take yet waits (see `hasUnsentBytes`).
    package func writeWithoutBlocking(_ bytes: ArraySlice<UInt8>) throws(SocketError) -> Int {
        try bytes.withBytes { raw throws(SocketError) in
            if let tls { return try tls.writeWithoutBlocking(raw, over: self) }
            return try writePlainWithoutBlocking(raw)
        }
    }

    /// Whether bytes `writeWithoutBlocking` accepted still wait for the kernel (TLS ciphertext
    /// it could not take at once); the next `write`, even of no bytes, sends them.
    var hasUnsentBytes: Bool { tls?.hasUnsentBytes ?? false }

    /// Reads and discards what has already arrived (up to `limit` bytes), never waiting.
    func discardReadableBytes(limit: Int = 65_536) {
        var discarded = 0
        var scratch = [UInt8](repeating: 0, count: 16_384)
        while discarded < limit, Platform.waitReadable(descriptor, milliseconds: 0) {
            let count = scratch.withUnsafeMutableBytes { raw -> Int in (try? read(into: raw)) ?? 0 }
            if count <= 0 { return }
            discarded += count
        }
    }

    /// Sets how long a read may block before failing with `.timedOut` (`nil`: forever).
    package func setReadTimeout(milliseconds: Int?) {
        Platform.setTimeout(descriptor, receive: true, milliseconds: milliseconds)
    }

    /// Sets how long a write may block before failing with `.timedOut` (`nil`: forever).
    func setWriteTimeout(milliseconds: Int?) {
        Platform.setTimeout(descriptor, receive: false, milliseconds: milliseconds)
    }

    /// Waits up to `milliseconds` for data (or end of stream) to arrive. Over TLS, bytes
    /// already buffered count; bytes that arrive may turn out to be no data (a TLS 1.3 ticket).
    package func waitUntilReadable(milliseconds: Int) -> Bool {
        if let tls, tls.hasBufferedInput { return true }
        return Platform.waitReadable(descriptor, milliseconds: Int32(clamping: milliseconds))
    }

    /// Half-closes the sending direction (over TLS: sends close_notify, then FIN); reads still
    /// work. Does nothing once closed.
    package func shutdownWrite() {
        if let tls, !isClosed { tls.closeNotify(over: self, waiting: true) }
        whileOpen { Platform.shutdown(descriptor, writeOnly: true) }
    }

    /// Stops both directions; wakes a thread blocked in `read`. Safe from any thread, and does
    /// nothing once closed.
    package func shutdown() { whileOpen { Platform.shutdown(descriptor, writeOnly: false) } }

    /// Closes with a TCP reset instead of an orderly FIN.
    package func reset() {
        whileOpen { Platform.setAbortiveClose(descriptor) }
        close()
    }

    /// Releases the descriptor (once). Over TLS, first sends close_notify if no write is under
    /// way and the kernel takes it at once.
    package func close() {
        if let tls, !isClosed { tls.closeNotify(over: self, waiting: false) }
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

    /// Runs the TLS handshake with every send and receive bounded by `timeoutMilliseconds`;
    /// closes the socket if it fails.
    private func handshake(_ channel: TLSChannel, timeoutMilliseconds: Int?) throws(SocketError) {
        setReadTimeout(milliseconds: timeoutMilliseconds)
        setWriteTimeout(milliseconds: timeoutMilliseconds)
        do throws(SocketError) { try channel.handshake(over: self) } catch {
            close()
            throw error
        }
        setReadTimeout(milliseconds: nil)
        setWriteTimeout(milliseconds: nil)
    }

    /// The local address this socket is bound to.
    package var localAddress: SocketAddress? { Platform.localAddress(descriptor) }
}
