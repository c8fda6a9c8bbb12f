import Foundation
import KitchenTestSupport
import HTTPWire
import Testing

/// Where curl is expected.
enum Curl {
    static let path = "/usr/bin/curl"
}

/// Our server against curl (/usr/bin/curl, libcurl's HTTP/1.1 client).
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: Curl.path),
                "SKIPPED: /usr/bin/curl is not installed; the curl interop tests did not run"),
       .timeLimit(.minutes(2)))
struct CurlInteropTests {
    static let curl = Curl.path

    /// Answers with the body's length and checksum and the request's Transfer-Encoding.
    static let digest: Route = { request, _ in
        let sum = request.body.reduce(UInt32(0)) { ($0 &* 31) &+ UInt32($1) }
        let summary = "length=\(request.body.count) sum=\(sum) te=\(request.headers["Transfer-Encoding"] ?? "none")"
        return .response(.text(.ok, summary))
    }

    // RFC 9112 §9.3: curl reuses one persistent connection for two URLs.
    @Test func curlReusesOneConnectionForTwoURLs() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let outcome = try await ExternalProcess.run(Self.curl, ["-sS", "--max-time", "20", "-w", "[connects=%{num_connects}]\n",
                                                          "\(base)/first", "\(base)/second"])
        try #require(outcome.status == 0, "\(outcome)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 2, "\(outcome)")
        let connection = lines[0].split(separator: " ")[3]
        #expect(lines[0] == "GET /first request=0 \(connection) body=[connects=1]")
        #expect(lines[1] == "GET /second request=1 \(connection) body=[connects=0]", "the second URL opened a new connection")
    }

    // RFC 9112 §7.1: curl uploads a file with chunked transfer coding; we decode it exactly.
    @Test func curlChunkedUploadIsDecoded() async throws {
        let server = try TestServer(routes: ["/digest": Self.digest])
        defer { server.stop() }
        let content = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wire-upload-\(UUID().uuidString)")
        try Data(content).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try await ExternalProcess.run(Self.curl, ["-sS", "--max-time", "20", "-H", "Transfer-Encoding: chunked",
                                                          "--data-binary", "@\(file.path)",
                                                          "http://127.0.0.1:\(server.port)/digest"])
        try #require(outcome.status == 0, "\(outcome)")
        let sum = content.reduce(UInt32(0)) { ($0 &* 31) &+ UInt32($1) }
        #expect(outcome.stdout == "length=200000 sum=\(sum) te=chunked")
    }

    // RFC 9112 §7.1: curl decodes our chunked response; --raw shows our exact chunk framing.
    @Test func curlDecodesOurChunkedResponse() async throws {
        let server = try TestServer(routes: ["/stream": Routes.stream])
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/stream"
        let decoded = try await ExternalProcess.run(Self.curl, ["-sS", "--max-time", "20", url])
        #expect(decoded.status == 0 && decoded.stdout == "one two three", "\(decoded)")
        let raw = try await ExternalProcess.run(Self.curl, ["-sS", "--max-time", "20", "--raw", url])
        #expect(raw.stdout == "4\r\none \r\n4\r\ntwo \r\n5\r\nthree\r\n0\r\n\r\n", "\(raw)")
    }

    // RFC 9110 §9.3.2: curl -I sends HEAD and accepts our headers-only answer.
    @Test func curlHeadRequestGetsHeadersOnly() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let outcome = try await ExternalProcess.run(Self.curl, ["-sS", "--max-time", "20", "-I", "http://127.0.0.1:\(server.port)/h"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(outcome.stdout.lowercased().contains("content-length: "))
        #expect(outcome.stdout.hasSuffix("\r\n\r\n"))
    }
}
