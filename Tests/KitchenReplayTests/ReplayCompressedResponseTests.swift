import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HarnessCore
import HTTPWire
import KitchenRecording
import KitchenReplay
import KitchenReproduce
import KitchenTestSupport
import Testing

/// A compressed answer is recorded decoded, its `Content-Encoding` kept as sent (HAR 1.2):
/// replay sends it in a coding the client accepts, with the `Content-Length` of what it sends.
@Suite(.timeLimit(.minutes(2))) struct ReplayCompressedResponseTests {
    static let json = #"{"devices":[{"id":"oven-1","name":"Upper/Lower Oven"},{"id":"fridge-1","name":"Fridge"}]}"#
    static let document = RecordedExchanges.document([
        RecordedExchanges.exchange("GET", "/devices", headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip"),
                                                               ("Vary", "Accept-Encoding")],
                                   body: json, compression: 19),
    ])

    static func server() throws -> ReplayServer {
        let server = ReplayServer(engine: ReplayEngine(document: document, mode: .repeat, volatile: VolatileFields([])), port: 0, speed: .max)
        try server.start()
        return server
    }

    /// curl with `options` fetching `/devices` from a fresh replay server: the head lines of
    /// its `-D -` dump in lower case, and what followed them.
    static func curl(_ options: [String]) async throws -> (head: [String], body: String) {
        let server = try server()
        defer { server.stop() }
        let url = try #require(server.baseURL).absoluteString + "/devices"
        let outcome = try await ExternalProcess.run("/usr/bin/curl", ["-sS", "--max-time", "20", "-D", "-"] + options + [url])
        try #require(outcome.status == 0, "\(outcome)")
        #expect(server.report.mismatches.isEmpty, "\(server.report)")
        let parts = outcome.stdout.components(separatedBy: "\r\n\r\n")
        try #require(parts.count == 2, "\(outcome)")
        return (parts[0].lowercased().components(separatedBy: "\r\n"), parts[1])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"),
                   "SKIPPED: /usr/bin/curl is not installed; replay's codings were not tried with curl"))
    func plainCurlGetsTheDecodedBodyWithoutContentEncoding() async throws {
        let (head, body) = try await Self.curl([])
        #expect(!head.contains { $0.hasPrefix("content-encoding:") }, "\(head)")
        #expect(head.contains("content-length: \(Self.json.utf8.count)"), "\(head)")
        #expect(head.contains("vary: accept-encoding"))
        #expect(body == Self.json)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"),
                   "SKIPPED: /usr/bin/curl is not installed; replay's codings were not tried with curl"))
    func curlCompressedGetsTheBodyInACodingItAcceptsWithItsLength() async throws {
        let (head, body) = try await Self.curl(["--compressed", "-w", "\n[downloaded=%{size_download}]"])
        let length = try #require(head.first { $0.hasPrefix("content-length: ") }.flatMap { Int($0.dropFirst(16)) })
        #expect(head.contains("content-encoding: gzip"), "the coding the server sent, which curl accepts: \(head)")
        #expect(body == Self.json + "\n[downloaded=\(length)]", "curl read as many bytes as Content-Length said, and decoded them to the recorded body")
    }

    @Test(arguments: [nil, "gzip, deflate"] as [String?])
    func inProcessTheAppGetsTheDecodedBodyAsURLSessionHandsItOver(acceptEncoding: String?) async throws {
        let engine = ReplayEngine(document: Self.document, volatile: VolatileFields([]))
        let transport = ReplayHTTPTransport(engine: engine)
        var request = URLRequest(url: URL(string: "http://127.0.0.1:1/devices")!)
        request.setValue(acceptEncoding, forHTTPHeaderField: "Accept-Encoding")
        let (data, response) = try await transport.send(request)
        #expect(String(decoding: data, as: UTF8.self) == Self.json)
        #expect(response.value(forHTTPHeaderField: "Content-Encoding") == nil)
        #expect(response.value(forHTTPHeaderField: "Content-Length") == String(Self.json.utf8.count))
    }

    @Test func inProcessAHeadGetsTheGetsHeadAndNoBody() async throws {
        let engine = ReplayEngine(document: Self.document, volatile: VolatileFields([]))
        var request = URLRequest(url: URL(string: "http://127.0.0.1:1/devices")!)
        request.httpMethod = "HEAD"
        let (data, response) = try await ReplayHTTPTransport(engine: engine).send(request)
        #expect(data.isEmpty)
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Length") == String(Self.json.utf8.count))
        #expect(engine.unusedEntries.count == 1, "a HEAD only looks at the GET's answer")
    }

    @Test(arguments: [("gzip", ContentCodingFormat.gzip), ("deflate", .zlib)])
    func aClientAcceptingACodingGetsTheRecordedBodyEncodedInIt(coding: String, format: ContentCodingFormat) throws {
        let accepted = "\(coding), identity;q=0.5"
        let served = ReplayedResponse(recorded: Self.document.log.entries[0].response, recordedMethod: "GET", method: "GET",
                                      acceptEncoding: [accepted])
        #expect(served.headers["Content-Encoding"] == coding)
        #expect(served.headers["Content-Length"] == String(served.body.count))
        #expect(try ContentDecoder.decode(served.body, format: format, outputLimit: 1 << 20) == Array(Self.json.utf8))
        let head = ReplayedResponse(recorded: Self.document.log.entries[0].response, recordedMethod: "GET", method: "HEAD",
                                    acceptEncoding: [accepted])
        #expect(head.headers["Content-Length"] == String(served.body.count), "a HEAD declares the length the GET would be sent with")
        #expect(head.body.isEmpty)
    }

    @Test(arguments: [("gzip", ContentCodingFormat.gzip), ("deflate", .zlib)])
    func aRecordingOlderThanDecodingHoldsTheCodedBytesAndTheyAreDecodedFirst(coding: String, format: ContentCodingFormat) throws {
        var entry = RecordedExchanges.exchange("GET", "/devices", headers: [("Content-Type", "application/json"), ("Content-Encoding", coding)])
        let coded = ContentEncoder.encode(Array(Self.json.utf8), format: format)
        entry.response.content = HAR.Content(size: coded.count, mimeType: "application/json", text: Base64.encode(coded), encoding: "base64")
        let plain = ReplayedResponse(recorded: entry.response, recordedMethod: "GET", method: "GET", acceptEncoding: [])
        #expect(plain.body == Array(Self.json.utf8))
        #expect(plain.headers["Content-Encoding"] == nil)
        let accepting = ReplayedResponse(recorded: entry.response, recordedMethod: "GET", method: "GET", acceptEncoding: [coding])
        #expect(accepting.headers["Content-Encoding"] == coding)
        #expect(try ContentDecoder.decode(accepting.body, format: format, outputLimit: 1 << 20) == Array(Self.json.utf8))
    }

    @Test func aHeadOfACompressedGetDeclaresTheLengthOfTheCodingItWouldBeSentIn() {
        let response = Self.document.log.entries[0].response
        let identity = ReplayedResponse(recorded: response, recordedMethod: "GET", method: "HEAD", acceptEncoding: [])
        #expect(identity.headers["Content-Length"] == String(Self.json.utf8.count))
        #expect(identity.headers["Content-Encoding"] == nil)
        #expect(identity.body.isEmpty)
    }
}
