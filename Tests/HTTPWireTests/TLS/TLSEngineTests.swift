@testable import HTTPWire
import Testing

/// The engine alone, as a byte transformer with no socket: what it emits first, and how it
/// refuses bytes that are not TLS.
@Suite(.enabled(if: TLSClientConfiguration.isAvailable,
                "SKIPPED: libssl cannot be loaded (Debian: apt-get install libssl3, or libssl3t64 on newer releases); the TLS engine tests did not run"),
       .timeLimit(.minutes(2)))
struct TLSEngineTests {
    private func clientHello(serverName: String) throws -> [UInt8] {
        let engine = try PlatformTLS.makeClientEngine(configuration: TLSClientConfiguration(),
                                                      server: "example:443", serverName: serverName)
        #expect(try engine.handshake() == .needsInput)
        #expect(engine.hasOutput)
        var output: [UInt8] = []
        engine.takeOutput(appendingTo: &output)
        #expect(!engine.hasOutput)
        return output
    }

    @Test func firstOutputIsAClientHelloCarryingTheServerNameAsSNI() throws {
        let hello = try clientHello(serverName: "kitchen.example")
        // RFC 8446 §5.1: a handshake record (22), then §4: ClientHello (1).
        #expect(hello.first == 22)
        #expect(hello.count > 5 && hello[5] == 1)
        #expect(hello.firstRange(of: Array("kitchen.example".utf8)) != nil)
    }

    @Test func ipLiteralIsNotSentAsSNI() throws {
        let hello = try clientHello(serverName: "127.0.0.1")
        #expect(hello.first == 22)
        #expect(hello.firstRange(of: Array("127.0.0.1".utf8)) == nil)
    }

    @Test func bytesThatAreNotTLSFailTheHandshakeWithOpenSSLsReason() throws {
        let engine = try PlatformTLS.makeClientEngine(configuration: TLSClientConfiguration(),
                                                      server: "example:443", serverName: "example")
        _ = try engine.handshake()
        Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8).withUnsafeBytes { engine.feed(ciphertext: $0) }
        let error = #expect(throws: TLSError.self) { _ = try engine.handshake() }
        guard case .handshakeFailed(let server, let reason)? = error else {
            Issue.record("expected handshakeFailed, got \(String(describing: error))")
            return
        }
        #expect(server == "example:443")
        #expect(!reason.isEmpty)
        #expect(error?.description == "TLS: the handshake with example:443 failed: \(reason)")
    }

    @Test func closeNotifyBeforeTheHandshakeProducesNothing() throws {
        let engine = try PlatformTLS.makeClientEngine(configuration: TLSClientConfiguration(),
                                                      server: "example:443", serverName: "example")
        engine.queueCloseNotify()
        #expect(!engine.hasOutput)
    }

    @Test func unreadableCAFileIsReportedWithItsPath() throws {
        let path = "/nonexistent/kitchen-ca.pem"
        let error = #expect(throws: HTTPClientError.self) {
            // No byte reaches the port: the CA file is read before connecting.
            _ = try HTTPClientConnection(host: "127.0.0.1", port: 9, tls: TLSClientConfiguration(trust: .systemPlus(caFile: path)))
        }
        guard case .tls(.caFileUnreadable(path, let reason))? = error else {
            Issue.record("expected caFileUnreadable, got \(String(describing: error))")
            return
        }
        #expect(error?.description == "TLS: cannot use the CA file \(path): \(reason) (--cacert needs a readable file of PEM certificates)")
    }
}
