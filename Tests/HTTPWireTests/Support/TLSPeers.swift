import Foundation
import KitchenTestSupport
import HTTPWire

/// A Python TLS peer (Tests/Interop/https_server.py or ws_server.py with a certificate)
/// started for one test: its port now, its JSON summary when it is done.
///
/// ```swift
/// let peer = try TLSPeer.https(certificates.server)
/// let connection = try HTTPClientConnection(host: "127.0.0.1", port: peer.port, tls: tls)
/// let summary = try peer.summary()   // waits for the peer to exit
/// ```
struct TLSPeer {
    let process: ExternalProcess
    let port: Int

    /// https_server.py serving `identity` for `connections` connections; `maxTLS` "1.2" caps the version.
    static func https(_ identity: TestCertificates.Identity, connections: Int = 1, maxTLS: String? = nil) async throws -> TLSPeer {
        try await start(["-u", PythonPeer.script("https_server.py"), identity.certificate, identity.key, String(connections)]
            + (maxTLS.map { [$0] } ?? []))
    }

    /// ws_server.py speaking wss:// with `identity`, for one connection.
    static func webSocket(_ identity: TestCertificates.Identity) async throws -> TLSPeer {
        try await start(["-u", PythonPeer.script("ws_server.py"), "0", identity.certificate, identity.key])
    }

    private static func start(_ arguments: [String]) async throws -> TLSPeer {
        guard let interpreter = PythonPeer.interpreter else { throw RawConnectionError.malformed("KITCHEN_PYTHON is unset") }
        let process = try ExternalProcess(interpreter, arguments)
        guard let announcement = await process.readLine() else {
            throw RawConnectionError.malformed("the peer printed no port: \(await process.finish(timeoutSeconds: 5))")
        }
        guard let port = try PythonPeer.summary(announcement)["port"] as? Int else {
            throw RawConnectionError.malformed("no port in \(announcement)")
        }
        return TLSPeer(process: process, port: port)
    }

    /// Waits for the peer to exit (it has served its connections) and returns its summary and
    /// how it ended.
    func summary(timeoutSeconds: Int = 20) async throws -> (summary: [String: Any], outcome: ExternalProcess.Outcome) {
        let outcome = await process.finish(timeoutSeconds: timeoutSeconds)
        return (try PythonPeer.summary(outcome.lastLine), outcome)
    }
}

/// What the TLS suites need, and why they are skipped without it.
enum TLSTestRequirements {
    /// The test certificates, or the test fails saying why they could not be made.
    static func certificates() throws -> TestCertificates {
        try TestCertificates.shared.get()
    }

    /// The test CA trusted on top of the system's, expecting `serverName`.
    static func trustingTestCA(serverName: String? = "localhost") throws -> TLSClientConfiguration {
        TLSClientConfiguration(serverName: serverName, trust: .systemPlus(caFile: try certificates().caFile))
    }
}
