// One of the files in HTTPWire that name platform APIs: the client TLS engine on Linux,
// OpenSSL driven through two memory BIOs (ciphertext in, ciphertext out) so it never touches
// a socket. The functions come from Platform+OpenSSL.swift.
#if os(Linux)
import Synchronization

/// Linux's TLS entry points, on the system's libssl.
enum PlatformTLS {
    /// Throws `TLSError.unavailable` (naming the libraries tried) when libssl cannot be loaded.
    static func checkAvailability() throws(TLSError) {
        _ = try OpenSSLLibrary.shared.get()
    }

    /// A fresh client engine for `server` (`host:port`, for messages), expecting `serverName`.
    static func makeClientEngine(configuration: TLSClientConfiguration, server: String, serverName: String)
        throws(TLSError) -> any TLSEngine
    {
        let api = try OpenSSLLibrary.shared.get()
        let context = try OpenSSLContexts.context(for: configuration.trust, api: api)
        return try OpenSSLClientEngine(api: api, context: context, server: server, serverName: serverName,
                                       verifies: configuration.trust != .insecure)
    }
}

/// One `SSL_CTX` per trust setting, made on first use and kept for the life of the process
/// (loading the system's CA bundle once, not per connection).
private enum OpenSSLContexts {
    /// Safe to share (`@unchecked Sendable`): an `SSL_CTX` is fully configured before it is
    /// stored and never changed afterwards, and OpenSSL allows `SSL_new` on one context from
    /// many threads at once.
    struct Handle: @unchecked Sendable { let pointer: OpaquePointer }

    private static let cache = Mutex<[TLSClientConfiguration.Trust: Handle]>([:])

    // From ssl.h and tls1.h.
    private static let verifyNone: Int32 = 0, verifyPeer: Int32 = 1
    private static let setMinimumProtocolVersion: Int32 = 123, tls12Version = 0x0303
    private static let noRenegotiation: UInt64 = 1 << 30

    static func context(for trust: TLSClientConfiguration.Trust, api: OpenSSLLibrary) throws(TLSError) -> OpaquePointer {
        try cache.withLock { (cache) throws(TLSError) -> Handle in
            if let handle = cache[trust] { return handle }
            let handle = Handle(pointer: try make(trust, api: api))
            cache[trust] = handle
            return handle
        }.pointer
    }

    private static func make(_ trust: TLSClientConfiguration.Trust, api: OpenSSLLibrary) throws(TLSError) -> OpaquePointer {
        api.errorClear()
        guard let method = api.clientMethod(), let context = api.contextNew(method) else {
            throw .unavailable("SSL_CTX_new failed: \(api.takeErrors() ?? "no reason given")")
        }
        _ = api.contextControl(context, setMinimumProtocolVersion, tls12Version, nil)
        _ = api.contextSetOptions(context, noRenegotiation)
        switch trust {
        case .insecure:
            api.contextSetVerify(context, verifyNone, nil)
        case .system, .systemPlus:
            api.contextSetVerify(context, verifyPeer, nil)
            // Without a system store only the extra CA is trusted; a failure shows as unknown CA.
            _ = api.contextSetDefaultVerifyPaths(context)
            if case .systemPlus(let file) = trust, api.contextLoadVerifyLocations(context, file, nil) != 1 {
                let reason = api.takeErrors() ?? "not a PEM certificate file"
                api.contextFree(context)
                throw .caFileUnreadable(path: file, reason: reason)
            }
        }
        api.errorClear()
        return context
    }
}

/// A TLS client session in OpenSSL, fed and drained through memory BIOs. Not thread-safe:
/// `TLSChannel` makes one call at a time.
final class OpenSSLClientEngine: TLSEngine {
    private let api: OpenSSLLibrary
    private let ssl: OpaquePointer
    /// The read BIO: ciphertext from the peer. Owned by `ssl`.
    private let incoming: OpaquePointer
    /// The write BIO: ciphertext for the peer. Owned by `ssl`.
    private let outgoing: OpaquePointer
    private let server: String
    private let serverName: String
    private let verifies: Bool
    private var established = false
    private var closeNotifyQueued = false

    // From ssl.h.
    private static let wantRead: Int32 = 2, zeroReturn: Int32 = 6
    private static let setHostNameControl: Int32 = 55, hostNameType = 0

    init(api: OpenSSLLibrary, context: OpaquePointer, server: String, serverName: String, verifies: Bool) throws(TLSError) {
        api.errorClear()
        guard let ssl = api.sslNew(context) else {
            throw .handshakeFailed(server: server, reason: "SSL_new failed: \(api.takeErrors() ?? "no reason given")")
        }
        guard let incoming = api.bioNew(api.memoryMethod()), let outgoing = api.bioNew(api.memoryMethod()) else {
            api.sslFree(ssl)
            throw .handshakeFailed(server: server, reason: "BIO_new failed: \(api.takeErrors() ?? "out of memory")")
        }
        api.sslSetBIO(ssl, incoming, outgoing)
        api.sslSetConnectState(ssl)
        // An IP literal is checked against the certificate's IP addresses; SNI carries DNS
        // names only (RFC 6066 §3), so a name gets both SNI and the hostname check.
        let isAddress = api.sslVerifyParameters(ssl).map { api.verifyParameterSetIP($0, serverName) == 1 } ?? false
        if !isAddress {
            guard api.sslSetHost(ssl, serverName) == 1 else {
                api.sslFree(ssl)
                throw .handshakeFailed(server: server, reason: "\(serverName) is not a valid server name")
            }
            _ = serverName.withCString {
                api.sslControl(ssl, Self.setHostNameControl, Self.hostNameType, UnsafeMutableRawPointer(mutating: $0))
            }
        }
        api.errorClear()
        self.api = api
        self.ssl = ssl
        self.incoming = incoming
        self.outgoing = outgoing
        self.server = server
        self.serverName = serverName
        self.verifies = verifies
    }

    deinit { api.sslFree(ssl) }

    func handshake() throws(TLSError) -> TLSHandshakeProgress {
        api.errorClear()
        let result = api.sslDoHandshake(ssl)
        if result == 1 {
            established = true
            return .done
        }
        if api.sslGetError(ssl, result) == Self.wantRead { return .needsInput }
        let verdict = api.sslVerifyResult(ssl)
        if verifies, verdict != 0 {
            api.errorClear()
            let certificate = OpenSSLCertificate(api: api, chain: api.sslPeerChain(ssl))
            throw .certificateRejected(server: server, serverName: serverName,
                                       problem: certificate.problem(verifyResult: verdict))
        }
        throw .handshakeFailed(server: server, reason: api.takeErrors() ?? "the handshake stopped without a reason")
    }

    func feed(ciphertext: UnsafeRawBufferPointer) {
        guard let base = ciphertext.baseAddress, !ciphertext.isEmpty else { return }
        // A memory BIO grows to take everything; callers feed at most one socket read.
        _ = api.bioWrite(incoming, base, Int32(clamping: ciphertext.count))
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(TLSError) -> TLSReadOutcome {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return .plaintext(0) }
        api.errorClear()
        let count = api.sslRead(ssl, base, Int32(clamping: buffer.count))
        if count > 0 { return .plaintext(Int(count)) }
        switch api.sslGetError(ssl, count) {
        case Self.wantRead: return .needsInput
        case Self.zeroReturn: return .closed
        default: throw .connectionFailed(server: server, reason: api.takeErrors() ?? "SSL_read failed")
        }
    }

    func write(plaintext: UnsafeRawBufferPointer) throws(TLSError) {
        guard let base = plaintext.baseAddress else { return }
        var offset = 0
        while offset < plaintext.count {
            api.errorClear()
            let count = api.sslWrite(ssl, base + offset, Int32(clamping: plaintext.count - offset))
            guard count > 0 else {
                let code = api.sslGetError(ssl, count)
                throw .connectionFailed(server: server, reason: api.takeErrors() ?? "SSL_write failed (SSL error \(code))")
            }
            offset += Int(count)
        }
    }

    func takeOutput(appendingTo output: inout [UInt8]) {
        let pending = api.bioPending(outgoing)
        guard pending > 0 else { return }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: pending))
        let taken = output.withUnsafeMutableBytes { raw -> Int in
            guard let base = raw.baseAddress else { return 0 }
            return max(0, Int(api.bioRead(outgoing, base + start, Int32(clamping: pending))))
        }
        output.removeLast(pending - taken)
    }

    var hasOutput: Bool { api.bioPending(outgoing) > 0 }

    var hasBufferedInput: Bool { api.sslPending(ssl) > 0 || api.bioPending(incoming) > 0 }

    func queueCloseNotify() {
        guard established, !closeNotifyQueued else { return }
        closeNotifyQueued = true
        api.errorClear()
        _ = api.sslShutdown(ssl)
        api.errorClear()
    }
}
#endif
