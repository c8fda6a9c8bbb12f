import Foundation
import HTTPWire
import KitchenTestSupport
import Testing

/// `HTTPClientConnection.fetch`: one whole exchange on a connection of its own, opened and driven
/// by the shared client loop, plain or over TLS.
@Suite(.timeLimit(.minutes(2))) struct FetchTests {
    @Test func fetchReturnsTheWholeResponseWithItsBodyFromTheSharedClientLoop() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let response = try await HTTPClientConnection.fetch(HTTPRequest(method: .post, target: "/one", body: Array("hi".utf8)),
                                                            host: "127.0.0.1", port: server.port)
        #expect(response.status.code == 200)
        #expect(response.bodyBytes?.text.hasPrefix("POST /one request=0 ") == true)
        #expect(response.bodyBytes?.text.hasSuffix("body=hi") == true)
    }

    @Test func fetchToAClosedPortFailsWithConnectionRefused() async throws {
        let port = try closedPort()
        await #expect {
            _ = try await HTTPClientConnection.fetch(HTTPRequest(method: .get, target: "/"), host: "127.0.0.1", port: port)
        } throws: { error in
            guard case .socket(let socket) = error as? HTTPClientError else { return false }
            return socket.kind == .connectionRefused
        }
    }

    @Test(.enabled(if: PythonPeer.interpreter != nil,
                   "SKIPPED: KITCHEN_PYTHON is unset (run `make` to create .venv, or set KITCHEN_PYTHON); fetch over TLS did not run"),
          .enabled(if: TestCertificates.opensslPath != nil, "SKIPPED: the openssl command is not on PATH; fetch over TLS did not run"),
          .enabled(if: TLSClientConfiguration.isAvailable, "SKIPPED: libssl cannot be loaded; fetch over TLS did not run"))
    func fetchOverTLSHandsTheHandshakeToAThreadAndTheExchangeToTheLoop() async throws {
        let certificates = try TLSTestRequirements.certificates()
        let peer = try await TLSPeer.https(certificates.server)
        let response = try await HTTPClientConnection.fetch(HTTPRequest(method: .get, target: "/hello"), host: "127.0.0.1",
                                                            port: peer.port, tls: TLSTestRequirements.trustingTestCA(),
                                                            responseTimeout: .seconds(20))
        #expect(response.status.code == 200)
        #expect(response.bodyBytes?.text.hasPrefix(#"{"hello": "tls""#) == true)
        let (summary, outcome) = try await peer.summary()
        #expect(summary["requests"] as? [String] == ["GET /hello"], "\(outcome)")
        #expect(summary["errors"] as? [String] == [], "the connection ends with our close_notify: \(outcome)")
    }
}
