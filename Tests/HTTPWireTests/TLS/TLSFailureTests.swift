import HTTPWire
import Testing

/// TLS to a server that speaks plain HTTP: the handshake fails with a reason, not a hang.
@Suite(.enabled(if: TLSClientConfiguration.isAvailable,
                "SKIPPED: libssl cannot be loaded (Debian: apt-get install libssl3, or libssl3t64 on newer releases); the TLS-to-plain-HTTP test did not run"),
       .timeLimit(.minutes(2)))
struct TLSToPlainServerTests {
    @Test func httpsToAPlainHTTPServerFailsTheHandshakeWithAReason() throws {
        // A plain HTTP server answering the ClientHello's bytes with a 400, as real ones do.
        let peer = try RawPeerServer { connection in
            // The whole ClientHello record (RFC 8446 §5.1: 5-byte header with the length last),
            // so closing later cannot reset the connection over unread bytes.
            let header = try connection.read(exactly: 5, what: "the ClientHello's record header")
            _ = try connection.read(exactly: Int(header[3]) << 8 | Int(header[4]), what: "the ClientHello")
            try connection.send("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            connection.finishSending()
            _ = try connection.readUntilClosed()
        }
        let error = #expect(throws: HTTPClientError.self) {
            _ = try HTTPClientConnection(host: "127.0.0.1", port: peer.port, tls: TLSClientConfiguration(),
                                         connectTimeout: .seconds(20))
        }
        try peer.waitForScript()
        guard case .tls(.handshakeFailed(let server, let reason))? = error else {
            Issue.record("expected handshakeFailed, got \(String(describing: error))")
            return
        }
        #expect(server == "127.0.0.1:\(peer.port)")
        #expect(!reason.isEmpty)
    }
}

/// Whether or not this machine has libssl, asking for TLS says so plainly.
@Suite(.timeLimit(.minutes(2)))
struct TLSAvailabilityTests {
    @Test func withoutLibsslConnectingThrowsUnavailableNamingTheLibrariesTried() throws {
        guard !TLSClientConfiguration.isAvailable else {
            #expect(throws: Never.self) { try TLSClientConfiguration.checkAvailability() }
            return
        }
        let error = #expect(throws: HTTPClientError.self) {
            _ = try HTTPClientConnection(host: "127.0.0.1", port: 9, tls: TLSClientConfiguration())
        }
        guard case .tls(.unavailable(let reason))? = error else {
            Issue.record("expected unavailable, got \(String(describing: error))")
            return
        }
        #if os(Linux)
        #expect(reason.contains("libssl.so.3"), "\(reason)")
        #endif
        #expect(error?.description.hasPrefix("TLS is unavailable: ") == true)
    }
}
