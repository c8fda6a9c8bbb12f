import Foundation
import KitchenTestSupport
import HTTPWire
import Testing

/// HTTPClientConnection over TLS against Python's stdlib `ssl` + `http.server`, a TLS peer
/// nobody here wrote, with certificates made by the `openssl` tool for each run.
@Suite(.enabled(if: PythonPeer.interpreter != nil,
                "SKIPPED: KITCHEN_PYTHON is unset (run `make` to create .venv, or set KITCHEN_PYTHON); the HTTPS client tests did not run"),
       .enabled(if: TestCertificates.opensslPath != nil,
                "SKIPPED: the openssl command is not on PATH (Debian: apt-get install openssl); the HTTPS client tests did not run"),
       .enabled(if: TLSClientConfiguration.isAvailable,
                "SKIPPED: libssl cannot be loaded (Debian: apt-get install libssl3, or libssl3t64 on newer releases); the HTTPS client tests did not run"),
       .timeLimit(.minutes(2)))
struct HTTPSClientTests {
    /// The TLS version the peer is capped at, and the name Python reports for it.
    @Test("two requests share one TLS connection (keep-alive)", arguments: [(nil, "TLSv1.3"), ("1.2", "TLSv1.2")])
    func keepAliveRequestsShareOneTLSConnection(maxTLS: String?, version: String) async throws {
        let certificates = try TLSTestRequirements.certificates()
        let peer = try await TLSPeer.https(certificates.server, maxTLS: maxTLS)
        let connection = try HTTPClientConnection(host: "127.0.0.1", port: peer.port,
                                                  tls: TLSTestRequirements.trustingTestCA(), responseTimeout: .seconds(20))
        for _ in 0..<2 {
            let response = try connection.send(HTTPRequest(method: .get, target: "/hello"))
            #expect(response.status.code == 200)
            #expect(response.bodyBytes?.text == #"{"hello": "tls", "tls": "\#(version)"}"#)
            #expect(connection.isReusable)
        }
        connection.close()

        let (summary, outcome) = try await peer.summary()
        #expect(summary["handshakes"] as? [String] == [version], "one handshake, two requests: \(outcome)")
        #expect(summary["requests"] as? [String] == ["GET /hello", "GET /hello"], "\(outcome)")
        #expect(summary["server_names"] as? [String] == ["localhost"], "SNI: \(outcome)")
        #expect(summary["errors"] as? [String] == [], "our close_notify ends the connection cleanly: \(outcome)")
    }

    @Test func postBodyLargerThanOneTLSRecordIsEchoedByteExact() async throws {
        let certificates = try TLSTestRequirements.certificates()
        let peer = try await TLSPeer.https(certificates.server)
        let connection = try HTTPClientConnection(host: "127.0.0.1", port: peer.port,
                                                  tls: TLSTestRequirements.trustingTestCA(), responseTimeout: .seconds(20))
        // 100 KB: seven TLS records of at most 16 KB each way.
        let body = (0..<102_400).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        let echoed = try connection.send(HTTPRequest(method: .post, target: "/echo", body: body))
        #expect(echoed.status.code == 200)
        #expect(echoed.bodyBytes == body)
        let after = try connection.send(HTTPRequest(method: .get, target: "/hello"))
        #expect(after.status.code == 200)
        connection.close()

        let (summary, outcome) = try await peer.summary()
        #expect(summary["requests"] as? [String] == ["POST /echo 102400", "GET /hello"], "\(outcome)")
        #expect(summary["errors"] as? [String] == [], "\(outcome)")
    }

    @Test func ipLiteralIsCheckedAgainstTheCertificateAddressAndSentWithoutSNI() async throws {
        let certificates = try TLSTestRequirements.certificates()
        let peer = try await TLSPeer.https(certificates.server)
        let connection = try HTTPClientConnection(host: "127.0.0.1", port: peer.port,
                                                  tls: TLSTestRequirements.trustingTestCA(serverName: nil),
                                                  responseTimeout: .seconds(20))
        #expect(try connection.send(HTTPRequest(method: .get, target: "/hello")).status.code == 200)
        connection.close()

        let (summary, outcome) = try await peer.summary()
        // RFC 6066 §3: SNI carries host names only; Python reports "none sent" as null.
        #expect((summary["server_names"] as? [Any])?.count == 1, "\(outcome)")
        #expect((summary["server_names"] as? [Any])?.first is NSNull, "\(outcome)")
        #expect(summary["errors"] as? [String] == [], "\(outcome)")
    }

    @Test func insecureModeConnectsToAServerWhoseCertificateIsNotTrusted() async throws {
        let certificates = try TLSTestRequirements.certificates()
        let peer = try await TLSPeer.https(certificates.unknownAuthority)
        let connection = try HTTPClientConnection(host: "127.0.0.1", port: peer.port,
                                                  tls: TLSClientConfiguration(trust: .insecure), responseTimeout: .seconds(20))
        #expect(try connection.send(HTTPRequest(method: .get, target: "/hello")).status.code == 200)
        connection.close()
        await #expect(try peer.summary().summary["requests"] as? [String] == ["GET /hello"])
    }

    @Test func extraCAFileMakesTheUnknownAuthorityTrusted() async throws {
        let certificates = try TLSTestRequirements.certificates()
        let peer = try await TLSPeer.https(certificates.unknownAuthority)
        let tls = TLSClientConfiguration(serverName: "localhost", trust: .systemPlus(caFile: certificates.unknownAuthorityCAFile))
        let connection = try HTTPClientConnection(host: "127.0.0.1", port: peer.port, tls: tls, responseTimeout: .seconds(20))
        #expect(try connection.send(HTTPRequest(method: .get, target: "/hello")).status.code == 200)
        connection.close()
        await #expect(try peer.summary().summary["handshakes"] as? [String] == ["TLSv1.3"])
    }
}
