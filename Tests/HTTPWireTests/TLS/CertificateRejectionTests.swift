import Foundation
import KitchenTestSupport
import HTTPWire
import Testing

/// A certificate wrong in exactly one way is refused with the classified `TLSError` and a
/// sentence a CI user understands; the server sees the handshake fail.
@Suite(.enabled(if: PythonPeer.interpreter != nil,
                "SKIPPED: KITCHEN_PYTHON is unset (run `make` to create .venv, or set KITCHEN_PYTHON); the certificate rejection tests did not run"),
       .enabled(if: TestCertificates.opensslPath != nil,
                "SKIPPED: the openssl command is not on PATH (Debian: apt-get install openssl); the certificate rejection tests did not run"),
       .enabled(if: TLSClientConfiguration.isAvailable,
                "SKIPPED: libssl cannot be loaded (Debian: apt-get install libssl3, or libssl3t64 on newer releases); the certificate rejection tests did not run"),
       .timeLimit(.minutes(2)))
struct CertificateRejectionTests {
    /// One wrong certificate: what the server presents, what the client expects, the problem
    /// and sentence (after "TLS: the certificate of 127.0.0.1:PORT ") it must give, and the
    /// alert the server must receive (as Python names it).
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var identity: @Sendable (TestCertificates) -> TestCertificates.Identity
        var serverName: String?
        var trustsTestCA = true
        var problem: TLSCertificateProblem
        var sentence: String
        var alert: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "wrong hostname", identity: \.otherHost, serverName: "localhost",
             problem: .hostnameMismatch(certificateNames: ["other.test"]),
             sentence: "is for other.test, not localhost (hostname mismatch)", alert: "SSLV3_ALERT_BAD_CERTIFICATE"),
        Case(name: "wrong IP address", identity: \.otherHost, serverName: nil,
             problem: .hostnameMismatch(certificateNames: ["other.test"]),
             sentence: "is for other.test, not 127.0.0.1 (hostname mismatch)", alert: "SSLV3_ALERT_BAD_CERTIFICATE"),
        Case(name: "expired", identity: \.expired, serverName: "localhost",
             problem: .expired(notAfter: "2020-01-02 00:00:00 UTC"),
             sentence: "is not valid: certificate has expired (on 2020-01-02 00:00:00 UTC)",
             alert: "SSLV3_ALERT_CERTIFICATE_EXPIRED"),
        Case(name: "not yet valid", identity: \.notYetValid, serverName: "localhost",
             problem: .notYetValid(notBefore: "2099-01-01 00:00:00 UTC"),
             sentence: "is not valid: certificate is not yet valid (from 2099-01-01 00:00:00 UTC)",
             alert: "SSLV3_ALERT_BAD_CERTIFICATE"),
        Case(name: "unknown CA", identity: \.unknownAuthority, serverName: "localhost",
             problem: .unknownAuthority(selfSigned: false),
             sentence: "is not trusted: unknown certificate authority (use --cacert FILE to add your CA)",
             alert: "TLSV1_ALERT_UNKNOWN_CA"),
        Case(name: "private CA without --cacert", identity: \.server, serverName: "localhost", trustsTestCA: false,
             problem: .unknownAuthority(selfSigned: false),
             sentence: "is not trusted: unknown certificate authority (use --cacert FILE to add your CA)",
             alert: "TLSV1_ALERT_UNKNOWN_CA"),
        Case(name: "self-signed", identity: \.selfSigned, serverName: "localhost",
             problem: .unknownAuthority(selfSigned: true),
             sentence: "is not trusted: it is self-signed (use --cacert FILE to add your CA)",
             alert: "TLSV1_ALERT_UNKNOWN_CA"),
    ]

    @Test(arguments: cases)
    func certificateWrongInOneWayIsRejectedWithItsReason(_ rejected: Case) async throws {
        let certificates = try TLSTestRequirements.certificates()
        let peer = try await TLSPeer.https(rejected.identity(certificates))
        let tls = rejected.trustsTestCA
            ? try TLSTestRequirements.trustingTestCA(serverName: rejected.serverName)
            : TLSClientConfiguration(serverName: rejected.serverName)
        let server = "127.0.0.1:\(peer.port)"
        let error = #expect(throws: HTTPClientError.self) {
            _ = try HTTPClientConnection(host: "127.0.0.1", port: peer.port, tls: tls)
        }
        let expected = TLSError.certificateRejected(server: server, serverName: rejected.serverName ?? "127.0.0.1",
                                                    problem: rejected.problem)
        #expect(error == .tls(expected))
        #expect(error?.description == "TLS: the certificate of \(server) \(rejected.sentence)")

        let (summary, outcome) = try await peer.summary()
        #expect(summary["handshake_errors"] as? [String] == [rejected.alert], "our alert told the server why: \(outcome)")
        #expect(summary["requests"] as? [String] == [], "\(outcome)")
    }

    @Test func webSocketClientReportsTheRejectedCertificateAsTLSError() async throws {
        let certificates = try TLSTestRequirements.certificates()
        let peer = try await TLSPeer.https(certificates.unknownAuthority)
        let error = await #expect(throws: WebSocketClientError.self) {
            _ = try await WebSocketClient.connect(host: "127.0.0.1", port: peer.port, target: "/ws",
                                                  tls: TLSTestRequirements.trustingTestCA())
        }
        guard case .connection(.tls(.certificateRejected(_, "localhost", .unknownAuthority(selfSigned: false))))? = error else {
            Issue.record("expected an unknown-CA TLS error, got \(String(describing: error))")
            return
        }
        #expect(error?.description.hasSuffix("unknown certificate authority (use --cacert FILE to add your CA)") == true)
        _ = try await peer.summary()
    }
}
