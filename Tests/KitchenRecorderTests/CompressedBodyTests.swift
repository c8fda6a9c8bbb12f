import Foundation
import HarnessCore
import HTTPWire
import KitchenRecorder
import KitchenRecording
import Testing

/// Bodies sent with a `Content-Encoding` (RFC 9110 §8.4) are decoded before redaction: the HAR holds
/// the decoded text as HAR 1.2 says (`size` decoded, `compression` the bytes saved), no secret
/// reaches it in any form, and a body the recorder cannot decode is refused, never written raw.
@Suite struct CompressedBodyTests {
    static let apiKey = "ak_live_5e1f0c9b7d2a4e6f"
    static let refreshToken = "rt_9d8c7b6a5f4e3d2c1b0a"
    static let loginAnswer = Array(#"{"apiKey":"\#(apiKey)","refreshToken":"\#(refreshToken)","expiresIn":3600}"#.utf8)

    /// A server that answers every request with `body` under `headers` (Content-Length framed).
    static func answering(_ body: [UInt8], headers: HTTPHeaders) -> Respond {
        Respond { _ in .response(HTTPResponse(status: .ok, headers: headers, body: body)) }
    }

    /// The HAR file's bytes and its decoded document, once the proxy stopped.
    static func finished(_ harness: RecorderHarness) throws -> (file: String, document: HAR.Document) {
        let document = try harness.finish()
        return (try String(contentsOf: harness.output, encoding: .utf8), document)
    }

    /// A client that takes answers of up to 64 MiB (the default takes 1 MiB).
    static func roomyClient(_ harness: RecorderHarness) throws -> HTTPClientConnection {
        var limits = HTTPLimits()
        limits.maxBodyBytes = 64 << 20
        return try HTTPClientConnection(host: "127.0.0.1", port: harness.proxyPort, limits: limits)
    }

    static func expectNoSecret(in file: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for secret in [apiKey, refreshToken] {
            #expect(!file.contains(secret), "\(secret) reached the HAR", sourceLocation: sourceLocation)
            #expect(!file.contains(Base64.encode(Array(secret.utf8))), sourceLocation: sourceLocation)
        }
    }

    // `deflate` is the zlib format, but some servers send raw DEFLATE under that name.
    @Test(arguments: [("gzip", ContentCodingFormat.gzip), ("x-gzip", .gzip), ("deflate", .zlib), ("deflate", .rawDeflate)])
    func compressedSecretsInAResponseAreDecodedAndAliased(coding: String, format: ContentCodingFormat) throws {
        let wire = ContentEncoder.encode(Self.loginAnswer, format: format)
        let harness = try RecorderHarness(upstream: Self.answering(
            wire, headers: ["Content-Type": "application/json", "Content-Encoding": coding]))
        let response = try harness.client().send(HTTPRequest(
            method: .post, target: "/auth/login", headers: ["Accept-Encoding": "gzip, deflate"]))
        #expect(response.bodyBytes == wire, "the client gets the body as the server sent it")
        let (file, document) = try Self.finished(harness)
        Self.expectNoSecret(in: file)
        let entry = try #require(document.log.entries.first)
        let text = try #require(entry.response.content.text)
        let decoded = try JSONParser.parse(Array(text.utf8))
        #expect(decoded["expiresIn"]?.description == "3600")
        #expect(decoded["apiKey"]?.stringValue?.hasPrefix("<") == true, "aliased: \(text)")
        #expect(entry.response.content.encoding == nil)
        #expect(entry.response.content.size == text.utf8.count)
        #expect(entry.response.content.compression == text.utf8.count - wire.count)
        #expect(entry.response.bodySize == wire.count)
        #expect(entry.response.headerValues(named: "Content-Encoding") == [coding])
        #expect(entry.response.redacted == ["/apiKey", "/refreshToken"])
    }

    @Test func aBearerTokenEchoedInsideAGzipBodyGetsTheHeadersAlias() throws {
        let token = "eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXNlc3Npb24.sig_4f2a"
        let harness = try RecorderHarness(upstream: Respond { request in
            let echo = Array(#"{"seen":"\#(request.headers["Authorization"] ?? "")"}"#.utf8)
            return .response(HTTPResponse(status: .ok, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
                                          body: ContentEncoder.encode(echo, format: .gzip)))
        })
        _ = try harness.client().send(HTTPRequest(method: .get, target: "/echo", headers: ["Authorization": "Bearer \(token)"]))
        let (file, document) = try Self.finished(harness)
        #expect(!file.contains(token))
        let entry = try #require(document.log.entries.first)
        let alias = try #require(entry.request.headerValues(named: "Authorization").first)
        #expect(entry.response.content.text == #"{"seen":"\#(alias)"}"#)
    }

    @Test func aChunkedGzipAnswerIsDecodedLikeAFramedOne() throws {
        let wire = ContentEncoder.encode(Self.loginAnswer, format: .gzip)
        let harness = try RecorderHarness(upstream: Respond { _ in
            .response(HTTPResponse(status: .ok, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
                                   pushing: HTTPBodyPusher { writer in
                                       // nginx sends its gzip output in pieces, chunked.
                                       for start in stride(from: 0, to: wire.count, by: 7) {
                                           writer.write(Array(wire[start..<min(start + 7, wire.count)]))
                                       }
                                       writer.end()
                                   }))
        })
        let response = try harness.client().send(HTTPRequest(method: .get, target: "/key"))
        #expect(response.bodyBytes == wire)
        let (file, document) = try Self.finished(harness)
        Self.expectNoSecret(in: file)
        let entry = try #require(document.log.entries.first)
        #expect(entry.response.content.compression == (entry.response.content.text?.utf8.count ?? 0) - wire.count)
    }

    @Test func aGzipBodyLongerThanTheProxyHoldsIsDecodedAsItStreams() throws {
        // Hex digits compress about 2:1, so the gzip stream is well past the 1 MiB held whole.
        var random = SeededGenerator(seed: 11)
        let readings = (0..<48_000).map { _ in "\"" + String((0..<64).map { _ in "0123456789abcdef".randomElement(using: &random)! }) + "\"" }
        let filler = readings.joined(separator: ",")
        let json = Array(#"{"apiKey":"\#(Self.apiKey)","readings":[\#(filler)],"refreshToken":"\#(Self.refreshToken)"}"#.utf8)
        let wire = ContentEncoder.encode(json, format: .gzip)
        #expect(wire.count > 1 << 20, "past what the proxy holds whole (1 MiB)")
        let harness = try RecorderHarness(upstream: Respond { _ in
            .response(HTTPResponse(status: .ok, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
                                   pushing: HTTPBodyPusher { writer in
                                       writer.push(wire, inPiecesOf: 64 * 1024)
                                   }))
        })
        let response = try Self.roomyClient(harness).send(HTTPRequest(method: .get, target: "/big"))
        #expect(response.bodyBytes == wire)
        let (file, document) = try Self.finished(harness)
        Self.expectNoSecret(in: file)
        let entry = try #require(document.log.entries.first)
        let text = try #require(entry.response.content.text)
        #expect(text.contains(filler))
        #expect(entry.response.content.size == text.utf8.count)
        #expect(entry.response.content.compression == text.utf8.count - wire.count)
        #expect(entry.response.bodySize == wire.count)
    }

    @Test func aGzipRequestBodyIsDecodedBeforeItsPasswordIsAliased() throws {
        let password = "hunter2-correct-horse"
        let login = Array(#"{"email":"cook@example.com","password":"\#(password)"}"#.utf8)
        let wire = ContentEncoder.encode(login, format: .gzip)
        let received = Seen<[UInt8]>()
        let harness = try RecorderHarness(upstream: Respond { request in
            received.add(request.body)
            return .response(.text(.ok, "ok"))
        })
        _ = try harness.client().send(HTTPRequest(
            method: .post, target: "/auth/login",
            headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: wire))
        #expect(received.all == [wire], "the upstream gets the body as the client sent it")
        let (file, document) = try Self.finished(harness)
        #expect(!file.contains(password))
        let entry = try #require(document.log.entries.first)
        let postData = try #require(entry.request.postData)
        #expect(postData.text.contains("cook@example.com"))
        #expect(entry.request.redacted == ["/password"])
        #expect(postData.compression == postData.text.utf8.count - wire.count)
    }

    @Test(arguments: ["br", "zstd", "compress", "gzip, br"])
    func aCodingTheRecorderCannotDecodeIsRefusedNamingIt(coding: String) throws {
        let harness = try RecorderHarness(upstream: Self.answering(
            Self.loginAnswer.reversed(), headers: ["Content-Type": "application/json", "Content-Encoding": coding]))
        let response = try harness.client().send(HTTPRequest(method: .get, target: "/key"))
        #expect(response.status.code == 200, "the client still hears the answer")
        let refusals = harness.proxy.refusedRecords
        let (file, document) = try Self.finished(harness)
        #expect(document.log.entries.isEmpty)
        #expect(!file.contains("reversed"))
        let refusal = try #require(refusals.first)
        guard case .undecodableBody(let location, let named, _) = refusal else {
            Issue.record("refused for another reason: \(refusal)")
            return
        }
        #expect(named == coding.split(separator: ",").last!.trimmingCharacters(in: .whitespaces))
        #expect(location == "the response body of GET /key")
        #expect(refusal.description.contains(#""\#(named)""#))
    }

    @Test func aCorruptGzipStreamIsRefusedAndNothingOfItIsWritten() throws {
        var wire = ContentEncoder.encode(Self.loginAnswer, format: .gzip)
        wire[wire.count - 6] ^= 0xFF  // the CRC-32 no longer matches
        let harness = try RecorderHarness(upstream: Self.answering(
            wire, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"]))
        _ = try harness.client().send(HTTPRequest(method: .get, target: "/key"))
        let refusals = harness.proxy.refusedRecords
        let (file, document) = try Self.finished(harness)
        #expect(document.log.entries.isEmpty)
        Self.expectNoSecret(in: file)
        guard case .undecodableBody(_, "gzip", _)? = refusals.first else {
            Issue.record("expected a refusal naming gzip, got \(refusals)")
            return
        }
    }

    @Test func aDecompressionBombStopsAtTheNamedLimit() throws {
        let bomb = ContentEncoder.encode([UInt8](repeating: 0x20, count: 4 << 20), format: .gzip)
        let harness = try RecorderHarness(upstream: Self.answering(
            bomb, headers: ["Content-Type": "text/plain", "Content-Encoding": "gzip"]), configure: { configuration in
            configuration.maxDecodedBodyBytes = 1 << 20
        })
        let response = try Self.roomyClient(harness).send(HTTPRequest(method: .get, target: "/bomb"))
        #expect(response.bodyBytes == bomb)
        let refusals = harness.proxy.refusedRecords
        #expect(try Self.finished(harness).document.log.entries.isEmpty)
        let refusal = try #require(refusals.first)
        #expect(refusal.description.contains("more than 1048576 bytes"), "\(refusal)")
    }

    @Test func theUpstreamIsAskedOnlyForCodingsTheRecorderDecodesAndTheRecordSaysSo() throws {
        let seen = Seen<String?>()
        let harness = try RecorderHarness(upstream: Respond { request in
            seen.add(request.headers["Accept-Encoding"])
            return .response(.text(.ok, "plain"))
        })
        // What Linux's URLSession (libcurl) sends by default.
        _ = try harness.client().send(HTTPRequest(
            method: .get, target: "/devices", headers: ["Accept-Encoding": "deflate, gzip, br, zstd"]))
        let entry = try #require(try harness.finish().log.entries.first)
        let upstreamGot = try #require(seen.all.first ?? nil)
        #expect(upstreamGot == AcceptEncoding.narrowed(["deflate, gzip, br, zstd"]))
        #expect(entry.request.headerValues(named: "Accept-Encoding") == ["deflate, gzip, br, zstd"], "as the client sent it")
        let changes = try #require(entry.request.upstream)
        #expect(changes.setHeaders.contains(HAR.Header(name: "Accept-Encoding", value: upstreamGot)))
        #expect(changes.setHeaders.contains(HAR.Header(name: "Via", value: "1.1 kitchen-recorder")))
    }
}
