import Foundation
import HTTPWire
import KitchenTestSupport
import Testing

/// curl (libcurl's HTTP/1.1 client) against the server's connection cap: it reads the 503,
/// not a reset, although it sends its request before the server turns it away.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: Curl.path),
                "SKIPPED: /usr/bin/curl is not installed; the curl interop tests did not run"),
       .timeLimit(.minutes(2)))
struct CurlLimitInteropTests {
    @Test func curlPastTheConnectionCapReads503AndTheBusyMessage() async throws {
        // The held connection must outlive every curl run, however long a loaded machine keeps
        // this test waiting between them: no idle timeout ends it meanwhile.
        let server = try TestServer(configuration: HTTPServerConfiguration(maxConnections: 1, idleTimeout: .seconds(3600)))
        defer { server.stop() }
        let held = try RawConnection(port: server.port)
        try held.send("GET /held HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try held.readResponse().status == 200)
        for _ in 0..<5 {
            let outcome = try await ExternalProcess.run(Curl.path, ["-sS", "--max-time", "20", "-w", "[%{http_code}]",
                                                              "http://127.0.0.1:\(server.port)/busy"])
            try #require(outcome.status == 0, "\(outcome)")
            #expect(outcome.stdout == "server busy: 1 connections already open\n[503]")
        }
    }
}
