/// A client TLS session as a byte transformer: ciphertext in, plaintext out, in memory
/// buffers. An engine never touches a socket, so it carries over to any I/O model; the
/// platform files (`Platform+OpenSSL*.swift`, `Platform+AppleTLS.swift`) implement it, and
/// `TLSChannel` drives it over a blocking `Socket`.
///
/// An engine is not thread-safe: one call at a time. It uses the buffers it is given only
/// during the call and never keeps a pointer to them. Ciphertext it produces (handshake
/// messages, records, alerts) waits in the engine until `takeOutput` hands it over, in order.
///
/// ```swift
/// var output: [UInt8] = []
/// while try engine.handshake() == .needsInput {
///     engine.takeOutput(appendingTo: &output)   // send `output`, then feed what comes back
///     engine.feed(ciphertext: received)
/// }
/// ```
protocol TLSEngine: AnyObject {
    /// Advances the handshake as far as the ciphertext fed so far allows.
    func handshake() throws(TLSError) -> TLSHandshakeProgress

    /// Hands the engine ciphertext received from the peer.
    func feed(ciphertext: UnsafeRawBufferPointer)

    /// Decrypts into `buffer` what the ciphertext fed so far holds.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(TLSError) -> TLSReadOutcome

    /// Encrypts all of `plaintext`; the records wait for `takeOutput`.
    func write(plaintext: UnsafeRawBufferPointer) throws(TLSError)

    /// Moves the ciphertext waiting to be sent to the end of `output`.
    func takeOutput(appendingTo output: inout [UInt8])

    /// Whether ciphertext is waiting to be sent.
    var hasOutput: Bool { get }

    /// Whether fed ciphertext or decrypted plaintext is waiting to be read.
    var hasBufferedInput: Bool { get }

    /// Queues a close_notify alert (once, and only after the handshake); `takeOutput` sends it.
    func queueCloseNotify()
}

/// Where a handshake stands after one step.
enum TLSHandshakeProgress: Sendable, Equatable {
    /// The session is established.
    case done
    /// Send the engine's output, then feed the peer's next bytes.
    case needsInput
}

/// What one read from an engine produced.
enum TLSReadOutcome: Sendable, Equatable {
    /// This many plaintext bytes were written to the buffer.
    case plaintext(Int)
    /// No whole record is buffered: feed more ciphertext.
    case needsInput
    /// The peer sent close_notify: no more data will come.
    case closed
}
