import HarnessCore
import Synchronization

/// The TLS session a `Socket` carries: a thin shell that drives a `TLSEngine` over the
/// socket's descriptor, so `read`, `write` and the rest work unchanged over TLS.
///
/// Concurrency (one reader, writers on any thread, `close` from anywhere):
/// - every engine call happens under the engine lock, held for that call only and never
///   across a socket call;
/// - "encrypt, take the ciphertext, send it" happens under the writer lock, so records reach
///   the socket in the order the engine produced them; ciphertext the kernel has not taken
///   yet waits in the writer's buffer and goes out first on the next write;
/// - "receive, feed, decrypt" happens under the reader lock, so ciphertext is fed in order;
/// - locks are taken reader → writer → engine, never the other way, so they cannot deadlock.
final class TLSChannel: Sendable {
    /// `host:port`, for messages.
    let server: String
    private let engine: Mutex<any TLSEngine>
    private let reader = Mutex(ReaderState())
    /// Ciphertext produced but not yet taken by the kernel, in order.
    private let writer = Mutex<[UInt8]>([])
    /// Whether `writer`'s buffer is non-empty, readable without waiting for a writer.
    private let unsent = Atomic<Bool>(false)

    /// Plaintext encrypted per step of a blocking write: one full TLS record.
    private static let recordSize = 16_384

    private struct ReaderState {
        /// One socket read of ciphertext (a full record and then some).
        var scratch = [UInt8](repeating: 0, count: 17 * 1024)
        /// Whether the peer's close_notify or end of stream has been read.
        var ended = false
    }

    /// A session with `host:port` for `configuration`. Throws when TLS is unavailable or the
    /// configuration's CA file cannot be read; no byte is exchanged yet.
    convenience init(configuration: TLSClientConfiguration, host: String, port: Int) throws(TLSError) {
        let server = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        self.init(engine: try PlatformTLS.makeClientEngine(configuration: configuration, server: server,
                                                           serverName: configuration.serverName ?? host),
                  server: server)
    }

    /// A session driving `engine` (any implementation) with `server` (`host:port`).
    init(engine: sending any TLSEngine, server: String) {
        self.server = server
        self.engine = Mutex(engine)
    }

    /// Runs the handshake over `socket` (its timeouts apply to each send and receive).
    func handshake(over socket: Socket) throws(SocketError) {
        let operation = "TLS handshake with \(server)"
        try reader.withLock { (state) throws(SocketError) in
            while true {
                let progress: TLSHandshakeProgress
                do throws(TLSError) {
                    progress = try engine.withLock { (engine) throws(TLSError) in try engine.handshake() }
                } catch {
                    // The alert the engine queued tells the server why; best effort.
                    writer.withLock { pending in try? sendAvailable(&pending, over: socket) }
                    throw SocketError(kind: .tls(error), operation: operation)
                }
                do throws(SocketError) {
                    try writer.withLock { (pending) throws(SocketError) in try flush(&pending, over: socket) }
                    if progress == .done { return }
                    guard try receive(&state, over: socket, blocking: true) ?? 0 > 0 else {
                        let reason = "the server closed the connection during the handshake"
                        throw SocketError(kind: .tls(.handshakeFailed(server: server, reason: reason)), operation: operation)
                    }
                } catch {
                    throw SocketError(kind: error.kind, operation: operation, code: error.code)
                }
            }
        }
    }

    /// Reads plaintext into `buffer`: what is decrypted already, else receives ciphertext and
    /// decrypts it: `blocking`, until there is plaintext or the end; otherwise only what the
    /// kernel has now (nil when that is not a whole record yet: wait until the socket is
    /// readable). Returns 0 once the peer sent close_notify (answered with ours) or closed.
    func read(into buffer: UnsafeMutableRawBufferPointer, over socket: Socket,
              blocking: Bool) throws(SocketError) -> Int? {
        guard !buffer.isEmpty else { return 0 }
        let buffer = Lent(buffer)
        return try reader.withLock { (state) throws(SocketError) -> Int? in
            while !state.ended {
                let outcome: TLSReadOutcome
                do throws(TLSError) {
                    outcome = try engine.withLock { (engine) throws(TLSError) in try engine.read(into: buffer.bytes) }
                } catch {
                    throw SocketError(kind: .tls(error), operation: "read from \(server)")
                }
                // Post-handshake messages (a TLS 1.3 key update's answer) go out if no one is writing;
                // otherwise they stay first in line for the next write, which is all TLS asks.
                sendOutput(over: socket, waiting: false)
                switch outcome {
                case .plaintext(let count):
                    return count
                case .closed:
                    state.ended = true
                    // Answer close_notify with ours (RFC 8446 §6.1) so the peer can close at once.
                    closeNotify(over: socket, waiting: blocking)
                case .needsInput:
                    guard let count = try receive(&state, over: socket, blocking: blocking) else { return nil }
                    if count == 0 { state.ended = true }
                }
            }
            return 0
        }
    }

    /// Encrypts and sends all of `bytes`, after any ciphertext still waiting.
    func write(_ bytes: UnsafeRawBufferPointer, over socket: Socket) throws(SocketError) {
        try writer.withLock { (pending) throws(SocketError) in
            defer { unsent.store(!pending.isEmpty, ordering: .releasing) }
            try flush(&pending, over: socket)
            var offset = 0
            while offset < bytes.count {
                let end = min(offset + Self.recordSize, bytes.count)
                try encrypt(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), into: &pending)
                try flush(&pending, over: socket)
                offset = end
            }
        }
    }

    /// Sends waiting ciphertext as far as the kernel takes it now; if all of it went, encrypts
    /// all of `bytes` and sends what the kernel takes, keeping the rest for the next call.
    /// Returns how many plaintext bytes were accepted: all or none.
    func writeWithoutBlocking(_ bytes: UnsafeRawBufferPointer, over socket: Socket) throws(SocketError) -> Int {
        try writer.withLock { (pending) throws(SocketError) -> Int in
            defer { unsent.store(!pending.isEmpty, ordering: .releasing) }
            try sendAvailable(&pending, over: socket)
            guard pending.isEmpty else { return 0 }
            try encrypt(bytes, into: &pending)
            try sendAvailable(&pending, over: socket)
            return bytes.count
        }
    }

    /// Whether accepted bytes still wait, as ciphertext, for the kernel; a `write` sends them.
    var hasUnsentBytes: Bool {
        unsent.load(ordering: .acquiring) || engine.withLock { $0.hasOutput }
    }

    /// Whether plaintext, or ciphertext not yet decrypted, is buffered (a read may not block).
    var hasBufferedInput: Bool { engine.withLock { $0.hasBufferedInput } }

    /// Sends close_notify once: `waiting` for other writers and the socket, or only if no
    /// one is writing and the kernel takes it at once (when closing from any thread).
    func closeNotify(over socket: Socket, waiting: Bool) {
        engine.withLock { $0.queueCloseNotify() }
        sendOutput(over: socket, waiting: waiting)
    }

    // MARK: Steps

    /// Sends what the engine produced outside a write (an alert, a post-handshake answer),
    /// after anything already waiting: `waiting` for the writer lock and the socket, or only
    /// if the lock is free, and then only what the kernel takes at once.
    private func sendOutput(over socket: Socket, waiting: Bool) {
        guard engine.withLock({ $0.hasOutput }) else { return }
        if waiting {
            writer.withLock { pending in
                try? flush(&pending, over: socket)
                unsent.store(!pending.isEmpty, ordering: .releasing)
            }
        } else {
            writer.withLockIfAvailable { pending in
                try? sendAvailable(&pending, over: socket)
                unsent.store(!pending.isEmpty, ordering: .releasing)
            }
        }
    }

    /// Encrypts `plaintext` and appends the records to `pending` (caller holds the writer lock).
    private func encrypt(_ plaintext: UnsafeRawBufferPointer, into pending: inout [UInt8]) throws(SocketError) {
        let plaintext = Lent(plaintext)
        do throws(TLSError) {
            try engine.withLock { (engine) throws(TLSError) in
                try engine.write(plaintext: plaintext.bytes)
                engine.takeOutput(appendingTo: &pending)
            }
        } catch {
            throw SocketError(kind: .tls(error), operation: "write to \(server)")
        }
    }

    /// Sends everything waiting (and whatever the engine has produced), blocking as needed
    /// (caller holds the writer lock).
    private func flush(_ pending: inout [UInt8], over socket: Socket) throws(SocketError) {
        engine.withLock { $0.takeOutput(appendingTo: &pending) }
        guard !pending.isEmpty else { return }
        defer { pending.removeAll(keepingCapacity: pending.count <= Self.recordSize * 2) }
        try pending.withBytes { raw throws(SocketError) in try socket.writePlain(raw) }
    }

    /// Sends as much of what is waiting (and whatever the engine has produced) as the kernel
    /// takes now (caller holds the writer lock).
    private func sendAvailable(_ pending: inout [UInt8], over socket: Socket) throws(SocketError) {
        engine.withLock { $0.takeOutput(appendingTo: &pending) }
        guard !pending.isEmpty else { return }
        pending.removeFirst(try pending.withBytes { raw throws(SocketError) in try socket.writePlainWithoutBlocking(raw) })
    }

    /// Receives once from the socket (waiting for bytes when `blocking`) and feeds the engine;
    /// returns the count (0: end of stream; nil: nothing has arrived, when not `blocking`).
    private func receive(_ state: inout ReaderState, over socket: Socket, blocking: Bool) throws(SocketError) -> Int? {
        let received = try state.scratch.withMutableBytes { raw throws(SocketError) in
            try socket.readPlain(into: raw, blocking: blocking)
        }
        guard let count = received else { return nil }
        if count > 0 {
            state.scratch.withUnsafeBytes { raw in
                let received = Lent(UnsafeRawBufferPointer(rebasing: raw[..<count]))
                engine.withLock { $0.feed(ciphertext: received.bytes) }
            }
        }
        return count
    }
}

/// A buffer lent to the engine for one call.
///
/// `@unchecked Sendable` so it can be handed into the engine lock's region: the engine uses
/// the pointer only during that call and keeps none (TLSEngine's contract), while the
/// caller's own access to the buffer is suspended for the call, so nothing is shared.
private struct Lent<Bytes>: @unchecked Sendable {
    let bytes: Bytes
    init(_ bytes: Bytes) { self.bytes = bytes }
}
