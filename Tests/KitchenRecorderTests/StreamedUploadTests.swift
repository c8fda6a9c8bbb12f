import Foundation
import HTTPWire
import KitchenRecorder
import KitchenRecording
import KitchenTestSupport
import Testing

/// Large request bodies stream through the recording proxy: to the upstream as they arrive,
/// to the journal redacted in parts, into the HAR byte for byte.
@Suite(.timeLimit(.minutes(2))) struct StreamedUploadTests {
    /// Limits for an upstream that takes large bodies.
    static let roomyLimits = HTTPLimits(maxBodyBytes: 64 << 20)

    /// An upstream that keeps every request it gets and answers with the body's size.
    func keepingUpstream() -> (Respond, Seen<HTTPRequest>) {
        let seen = Seen<HTTPRequest>()
        return (Respond { request in
            seen.add(request)
            return .response(.text(.ok, "got \(request.body.count) bytes"))
        }, seen)
    }

    func curl(_ arguments: [String]) async throws -> ExternalProcess.Outcome {
        try await ExternalProcess.run("/usr/bin/curl", ["-sS", "--max-time", "60"] + arguments)
    }

    /// The journal's lines of `type`, read while the proxy still runs.
    func journalLines(of harness: RecorderHarness, type: String) throws -> [Substring] {
        let text = try String(contentsOf: harness.proxy.configuration.journal, encoding: .utf8)
        return text.split(separator: "\n").filter { $0.contains("\"type\":\"\(type)\"") }
    }

    /// `work` with the harness, on a thread of its own: these tests block on sockets for
    /// seconds at a time, and a test that holds one of the cooperative pool's two threads for
    /// that long holds back every other test in the process (see ``offThePool(_:)``).
    func blocking<T: Sendable>(_ harness: RecorderHarness, _ work: @escaping @Sendable (RecorderHarness) throws -> T) async throws -> T {
        let handed = HandedOver(harness)
        return try await offThePool { () throws -> T in try work(handed.value) }
    }

    /// `body` uploaded with curl to `path` through the proxy, with `headers` besides its type.
    func curlUpload(_ body: [UInt8], to path: String, through harness: RecorderHarness, headers: [String] = []) async throws -> ExternalProcess.Outcome {
        let file = harness.directory.appendingPathComponent("upload.bin")
        try Data(body).write(to: file)
        return try await curl(["--data-binary", "@\(file.path)", "-H", "Content-Type: application/octet-stream"]
            + headers.flatMap { ["-H", $0] } + ["http://127.0.0.1:\(harness.proxyPort)\(path)"])
    }

    @Test func anEightMebibyteUploadFromCurlReachesTheUpstreamAndTheHARByteForByte() async throws {
        let (upstream, seen) = keepingUpstream()
        let harness = try RecorderHarness(upstream: upstream, upstreamLimits: Self.roomyLimits)
        let body = sampleBytes(8 << 20, seed: 11)
        let outcome = try await curlUpload(body, to: "/uploads/firmware", through: harness)
        #expect(outcome.stdout == "got \(body.count) bytes", "\(outcome)")
        let received = try #require(seen.all.first)
        let sameUpstream = received.body == body
        #expect(sameUpstream, "the upstream got \(received.body.count) bytes")
        #expect(received.headers["Content-Length"] == String(body.count))
        // Streamed: the body reached the journal in parts, not inside one record.
        #expect(try journalLines(of: harness, type: "bodyPart").count >= body.count / (256 * 1024))
        let entry = try #require(try await blocking(harness) { try $0.finish().log.entries.first })
        let recorded = try entry.request.bodyBytes
        let sameRecorded = recorded == body
        #expect(sameRecorded, "the HAR holds \(recorded.count) bytes")
        #expect(entry.request.bodySize == body.count)
        #expect(entry.request.postData?.mimeType == "application/octet-stream")
        #expect(entry.request.redacted == nil)
    }

    @Test func aChunkedUploadIsRechunkedUpstreamAndRecordedByteForByte() async throws {
        let (upstream, seen) = keepingUpstream()
        let harness = try RecorderHarness(upstream: upstream, upstreamLimits: Self.roomyLimits)
        let body = sampleBytes(3 << 20, seed: 12)
        let outcome = try await curlUpload(body, to: "/uploads", through: harness, headers: ["Transfer-Encoding: chunked"])
        #expect(outcome.stdout == "got \(body.count) bytes", "\(outcome)")
        let received = try #require(seen.all.first)
        let sameUpstream = received.body == body
        #expect(sameUpstream, "the upstream got \(received.body.count) bytes")
        #expect(received.headers["Transfer-Encoding"] == "chunked")
        #expect(received.headers["Content-Length"] == nil)
        let entry = try #require(try await blocking(harness) { try $0.finish().log.entries.first })
        let recorded = try entry.request.bodyBytes
        let sameRecorded = recorded == body
        #expect(sameRecorded, "the HAR holds \(recorded.count) bytes")
        #expect(entry.request.headers.contains { $0.name == "Transfer-Encoding" && $0.value == "chunked" })
    }

    @Test func aSmallChunkedUploadIsStillRecordedInOneRecord() async throws {
        let (upstream, seen) = keepingUpstream()
        let harness = try RecorderHarness(upstream: upstream, upstreamLimits: Self.roomyLimits)
        let outcome = try await curl(["--data-binary", #"{"name":"small"}"#, "-H", "Transfer-Encoding: chunked",
                                "-H", "Content-Type: application/json", "http://127.0.0.1:\(harness.proxyPort)/small"])
        #expect(outcome.stdout == "got 16 bytes", "\(outcome)")
        #expect(seen.all.first?.headers["Content-Length"] == "16")
        #expect(try journalLines(of: harness, type: "bodyPart").isEmpty)
        let entry = try #require(try await harness.finish().log.entries.first)
        #expect(entry.request.postData?.text == #"{"name":"small"}"#)
    }

    @Test func aPasswordDeepInALargeJSONUploadSplitAcrossReadsNeverReachesTheJournal() async throws {
        let (upstream, seen) = keepingUpstream()
        let harness = try RecorderHarness(upstream: upstream, upstreamLimits: Self.roomyLimits)
        let secret = "hunter2-deep-in-the-upload"
        var text = #"{"readings": ["#
        for index in 0..<60_000 { text += #"{"t": \#(index), "celsius": 180.5, "probe": "core"},"# }
        text += #"{"account": {"settings": {"password": "\#(secret)", "note": "copy: \#(secret)"}}}]}"#
        let body = Array(text.utf8)
        #expect(body.count > 2 << 20)
        // Sent in 999-byte pieces, so the secret straddles the proxy's reads.
        let status = try await blocking(harness) { harness in
            let client = try harness.client()
            try client.writeHead(HTTPRequest(method: .post, target: "/readings", headers: ["Content-Type": "application/json"]),
                                 bodyLength: body.count)
            for start in stride(from: 0, to: body.count, by: 999) {
                try client.writeBodyPiece(body[start..<min(start + 999, body.count)])
            }
            try client.finishBody()
            let status = try client.readHead().status.code
            while try client.readBodyChunk() != nil {}
            return status
        }
        #expect(status == 200)
        let sameUpstream = seen.all.first?.body == body
        #expect(sameUpstream, "the upstream gets the body as sent")
        // Write-ahead: the answer came, so the whole exchange is in the journal. Scan its bytes.
        let journal = try Data(contentsOf: harness.proxy.configuration.journal)
        #expect(journal.range(of: Data(secret.utf8)) == nil)
        #expect(try journalLines(of: harness, type: "bodyPart").count >= 2)
        let entry = try #require(try await blocking(harness) { try $0.finish().log.entries.first })
        let recorded = try entry.request.bodyBytes
        let expected = text.replacingOccurrences(of: "\"\(secret)\"", with: "\"<password-1>\"")
            .replacingOccurrences(of: "copy: \(secret)", with: "copy: <password-1>")
        let asExpected = recorded == Array(expected.utf8)
        #expect(asExpected, "recorded \(recorded.count) bytes, expected \(expected.utf8.count)")
        #expect(entry.request.redacted == ["/readings/60000/account/settings/password", "/readings/60000/account/settings/note"])
        #expect(entry.request.bodySize == recorded.count)
        #expect(entry.request.headers.first { $0.name == "Content-Length" }?.value == String(body.count))
    }

    @Test func aBearerTokenFromTheHeadIsSweptFromAStreamedBodyToo() async throws {
        let (upstream, _) = keepingUpstream()
        let harness = try RecorderHarness(upstream: upstream, upstreamLimits: Self.roomyLimits)
        let token = "tok-4f9a1c2b7d3e"
        // Not under a credential name: only the sweep of secrets already known can catch it.
        let lines = Array(repeating: #""oven preheated to 180""#, count: 100_000).joined(separator: ",")
        let text = #"{"log": ["# + lines + #", "echo \#(token)"]}"#
        let response = try await blocking(harness) { harness in
            try harness.client().send(HTTPRequest(method: .post, target: "/logs",
                                                  headers: ["Content-Type": "application/json", "Authorization": "Bearer \(token)"],
                                                  body: Array(text.utf8)))
        }
        #expect(response.status.code == 200)
        let journal = try Data(contentsOf: harness.proxy.configuration.journal)
        #expect(journal.range(of: Data(token.utf8)) == nil)
        let entry = try #require(try await blocking(harness) { try $0.finish().log.entries.first })
        #expect(entry.request.headers.first { $0.name == "Authorization" }?.value == "Bearer <token-1>")
        #expect(String(decoding: try entry.request.bodyBytes.suffix(40), as: UTF8.self).hasSuffix(#""echo <token-1>"]}"#))
        #expect(entry.request.redacted == ["/log/100000"])
    }

    @Test func aLargeResponseIsJournaledInPartsRedactedAndRecordedByteForByte() async throws {
        let secret = "refresh-9c1d7e5a2b"
        var text = #"{"history": ["#
        for index in 0..<40_000 { text += #"{"step": \#(index), "celsius": 175}, "# }
        text += #"{"session": {"refreshToken": "\#(secret)"}}]}"#
        let json = Array(text.utf8)
        let binary = sampleBytes(3 << 20, seed: 31)
        let harness = try RecorderHarness(upstream: Respond { request in
            var response = request.path == "/history"
                ? HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: json)
                : HTTPResponse(status: .ok, headers: ["Content-Type": "application/octet-stream"], body: binary)
            response.headers["Cache-Control"] = "no-store"
            return .response(response)
        })
        let (history, firmware) = try await blocking(harness) { harness in
            let client = try HTTPClientConnection(host: "127.0.0.1", port: harness.proxyPort, limits: Self.roomyLimits)
            return (try client.send(HTTPRequest(method: .get, target: "/history")), try client.send(HTTPRequest(method: .get, target: "/firmware")))
        }
        let sameJSON = history.bodyBytes == json
        #expect(sameJSON, "the client gets the body as the upstream sent it")
        let sameBinary = firmware.bodyBytes == binary
        #expect(sameBinary)
        let journal = try Data(contentsOf: harness.proxy.configuration.journal)
        #expect(journal.range(of: Data(secret.utf8)) == nil)
        #expect(try journalLines(of: harness, type: "bodyPart").count >= (json.count + binary.count) / (256 * 1024))
        let entries = try await blocking(harness) { try $0.finish().log.entries }
        try #require(entries.count == 2)
        let recordedJSON = try entries[0].response.bodyBytes
        let expected = Array(text.replacingOccurrences(of: secret, with: "<token-1>").utf8)
        let asExpected = recordedJSON == expected
        #expect(asExpected, "recorded \(recordedJSON.count) bytes, expected \(expected.count)")
        #expect(entries[0].response.redacted == ["/history/40000/session/refreshToken"])
        #expect(entries[0].response.content.size == expected.count)
        #expect(entries[0].response.content.mimeType == "application/json")
        let recordedBinary = try entries[1].response.bodyBytes
        let sameRecordedBinary = recordedBinary == binary
        #expect(sameRecordedBinary, "recorded \(recordedBinary.count) bytes")
        #expect(entries[1].response.bodySize == binary.count)
    }

    @Test func aClientThatDropsMidUploadLeavesNoEntryAndTheProxyServesTheNext() async throws {
        let (upstream, seen) = keepingUpstream()
        let harness = try RecorderHarness(upstream: upstream, upstreamLimits: Self.roomyLimits)
        let next = try await blocking(harness) { harness in
            let client = try harness.client()
            try client.writeHead(HTTPRequest(method: .post, target: "/torn", headers: ["Content-Type": "application/octet-stream"]),
                                 bodyLength: 4 << 20)
            try client.writeBodyPiece(sampleBytes(2 << 20)[...])
            client.reset()
            return try harness.client().send(HTTPRequest(method: .get, target: "/after"))
        }
        #expect(next.status.code == 200)
        let document = try await blocking(harness) { try $0.finish() }
        #expect(document.log.entries.map(\.request.urlPath) == ["/after"])
        #expect(seen.all.map(\.path).contains("/after"))
    }
}

/// `kitchen record` killed in the middle of a large upload: `--recover` gives a HAR with every
/// exchange the clients completed, the large one byte for byte, and drops the torn one.
@Suite(.serialized, .timeLimit(.minutes(2))) struct StreamedUploadCrashTests {
    @Test func aRecorderKilledMidUploadRecoversEveryCompletedExchange() async throws {
        let kitchen = ProcessRecordingTests.kitchen
        try #require(FileManager.default.isExecutableFile(atPath: kitchen.path), "build kitchen first (swift build)")
        try await ProcessRecordingTests().withUpstream(limits: StreamedUploadTests.roomyLimits) { upstreamPort, directory in
            let recorder = try await ProcessRecordingTests().startRecorder(upstreamPort: upstreamPort, directory: directory)
            let journal = recorder.output.path + ".journal"
            let port = recorder.port
            let complete = sampleBytes(3 << 20, seed: 21)
            // Blocking socket work, off the cooperative pool (see offThePool).
            let (statuses, torn, partsWritten) = try await offThePool { () throws -> ([Int], HandedOver<HTTPClientConnection>, Bool) in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                let before = try client.send(HTTPRequest(method: .get, target: "/before")).status.code
                let put = try client.send(HTTPRequest(method: .put, target: "/complete", headers: ["Content-Type": "application/octet-stream"],
                                                      body: complete)).status.code
                // A second upload, chunked, stopped half-way: its parts reach the journal, its exchange never completes.
                let torn = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try torn.writeHead(HTTPRequest(method: .post, target: "/torn", headers: ["Content-Type": "application/octet-stream"]),
                                   bodyLength: nil)
                try torn.writeBodyPiece(sampleBytes(3 << 20, seed: 22)[...])
                let partsWritten = waitUntil(seconds: 20) {
                    guard let text = try? String(contentsOfFile: journal, encoding: .utf8) else { return false }
                    return text.split(separator: "\n").filter { $0.contains("\"type\":\"bodyPart\"") && $0.contains("\"id\":\"b-2\"") }.count >= 4
                }
                return ([before, put], HandedOver(torn), partsWritten)
            }
            #expect(statuses == [200, 200])
            #expect(partsWritten, "the torn upload's parts never reached the journal")
            recorder.process.send(signal: SIGKILL)
            withExtendedLifetime(torn) {}
            _ = await recorder.process.finish()
            let recover = try await ExternalProcess.run(kitchen.path, ["record", "--recover", journal])
            #expect(recover.status == 0, "\(recover)")
            #expect(recover.stdout.contains("dropped 1 streamed body of unfinished exchanges"), "\(recover)")
            let har = try HARFile.load(from: recorder.output)
            #expect(har.log.entries.map(\.request.urlPath) == ["/before", "/complete"])
            let recovered = try har.log.entries.last?.request.bodyBytes
            let sameRecovered = recovered == complete
            #expect(sameRecovered, "recovered \(recovered?.count ?? 0) bytes")
        }
    }
}
