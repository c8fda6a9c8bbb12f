import Dispatch
import Foundation
import HTTPWire
import KitchenRecorder
import KitchenRecording
import KitchenTestSupport
import Synchronization
import Testing

/// Request bodies streamed through the proxy on its event loop (``LoopUpload``): upstream and
/// into the journal as they arrive, with no thread held, and every way an upload can end.
@Suite(.timeLimit(.minutes(2))) struct LoopUploadTests {
    /// An upstream on the event loop that takes each body as it arrives, counting what came so
    /// far (readable while the upload is under way), and answers with the size at the end.
    final class CountingUpstream: HTTPResponder, Sendable {
        let received = Atomic<Int>(0)
        func bodyDelivery(for head: HTTPRequest) -> HTTPBodyDelivery { .streamed }
        func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
            guard let body = context.bodyStream else { return .response(.text(.ok, "got \(request.body.count) bytes")) }
            let reply = HTTPDeferredReply()
            body.start(onPiece: { [self] in received.add($0.count, ordering: .relaxed) },
                       onEnd: { reply.complete(.response(.text(.ok, "got \(body.bytesReceived) bytes"))) },
                       onFailure: { _ in })
            return .deferred(reply)
        }
    }

    /// Writes `body` to the proxy from a blocking client, `Content-Length` framed; `midway` runs
    /// once `pause` bytes are written, before the rest. Write failures are ignored (a proxy that
    /// answered early stops reading): the answer is read regardless.
    static func upload(_ body: [UInt8], to path: String, port: Int, contentType: String = "application/octet-stream",
                       pause: Int? = nil, midway: @Sendable () -> Void = {}) throws -> HTTPResponse {
        let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
        try client.writeHead(HTTPRequest(method: .post, target: path, headers: ["Content-Type": contentType]),
                             bodyLength: body.count)
        let split = pause ?? body.count
        for start in stride(from: 0, to: split, by: 65_536) {
            _ = try? client.writeBodyPiece(body[start..<min(start + 65_536, split)])
        }
        midway()
        for start in stride(from: split, to: body.count, by: 65_536) {
            _ = try? client.writeBodyPiece(body[start..<min(start + 65_536, body.count)])
        }
        var response = try client.readHead()
        var answer: [UInt8] = []
        while let piece = try client.readBodyChunk() { answer += piece }
        response.body = .bytes(answer)
        return response
    }

    static func bodyParts(in proxy: RecordingProxy) -> Int {
        guard let text = try? String(contentsOf: proxy.configuration.journal, encoding: .utf8) else { return 0 }
        return text.split(separator: "\n").filter { $0.contains("\"type\":\"bodyPart\"") }.count
    }

    // Half-way through the upload, the upstream already has most of what was sent and the journal
    // its parts.
    @Test func anUploadGoesUpstreamAndIntoTheJournalAsItArrives() async throws {
        let upstream = CountingUpstream()
        let harness = try RecorderHarness(upstream: upstream, upstreamLimits: StreamedUploadTests.roomyLimits)
        let body = sampleBytes(8 << 20, seed: 41)
        let midway = Seen<(upstream: Int, parts: Int)>()
        let (port, proxy) = (harness.proxyPort, harness.proxy)
        let response = try await offThePool { () throws -> HTTPResponse in
            try Self.upload(body, to: "/uploads/midway", port: port, pause: 4 << 20) {
                let arrived = waitUntil(seconds: 20) {
                    upstream.received.load(ordering: .relaxed) >= 3 << 20 && Self.bodyParts(in: proxy) >= 8
                }
                if arrived {
                    midway.add((upstream.received.load(ordering: .relaxed), Self.bodyParts(in: proxy)))
                }
            }
        }
        let seen = try #require(midway.all.first, "the body did not reach the upstream and the journal as it arrived")
        #expect(seen.upstream <= 4 << 20)
        #expect(response.bodyBytes.map { String(decoding: $0, as: UTF8.self) } == "got \(body.count) bytes")
        let entry = try #require(try await harness.finish().log.entries.first)
        let recorded = try entry.request.bodyBytes
        let same = recorded == body
        #expect(same, "the HAR holds \(recorded.count) bytes")
    }

    // The upstream refuses the body from its head and stops reading: the client still gets that
    // answer, and the exchange is recorded with the whole body the client sent.
    @Test func anUpstreamThatRefusesTheUploadFromItsHeadHasIts413RelayedAndRecordedWithTheBody() async throws {
        let harness = try RecorderHarness(upstream: Respond { _ in .response(.text(.ok, "never")) },
                                          upstreamLimits: HTTPLimits(maxBodyBytes: 1024))
        let body = sampleBytes(4 << 20, seed: 42)
        let port = harness.proxyPort
        let response = try await offThePool { try Self.upload(body, to: "/uploads/refused", port: port) }
        #expect(response.status.code == 413)
        let entry = try #require(try await harness.finish().log.entries.first)
        #expect(entry.response.status == 413)
        let recorded = try entry.request.bodyBytes
        let same = recorded == body
        #expect(same, "the HAR holds \(recorded.count) bytes")
    }

    // The upstream connection is reset mid-body: the rest of the body still goes to the journal,
    // and the client gets a 502 recorded with the failure and the whole body.
    @Test func anUpstreamResetMidUploadGetsTheClientARecorded502WithTheBody() async throws {
        let listener = try Listener(host: "127.0.0.1", port: 0)
        defer { listener.close() }
        let upstreamRead = Seen<Int>()
        let upstreamDone = Signal()
        Thread {
            defer { upstreamDone.fire() }
            guard let socket = listener.accept() else { return }
            socket.setReadTimeout(milliseconds: 10_000)
            var bytes: [UInt8] = []
            while bytes.count < 1 << 20, ((try? socket.read(appendingTo: &bytes)) ?? 0) > 0 {}
            upstreamRead.add(bytes.count)
            socket.reset()
        }.start()
        let harness = try RecorderHarness(upstream: Respond { _ in .response(.text(.ok, "unused")) },
                                          upstreamURL: URL(string: "http://127.0.0.1:\(listener.address.port)")!)
        let body = sampleBytes(4 << 20, seed: 43)
        let port = harness.proxyPort
        let response = try await offThePool { try Self.upload(body, to: "/uploads/reset", port: port) }
        #expect(await upstreamDone.wait(seconds: 10))
        #expect((upstreamRead.all.first ?? 0) >= 1 << 20)
        #expect(response.status.code == 502)
        let entry = try #require(try await harness.finish().log.entries.first)
        #expect(entry.response.status == 502)
        #expect(entry.error?.kind.rawValue == "reset", "\(String(describing: entry.error))")
        let recorded = try entry.request.bodyBytes
        let same = recorded == body
        #expect(same, "the HAR holds \(recorded.count) bytes")
    }

    // A JSON token longer than the streaming redactor holds: the upload is relayed whole, and
    // not recorded (it could not be redacted safely).
    @Test func anUploadThatCannotBeRedactedIsRelayedButNotRecorded() async throws {
        let (upstream, seen) = StreamedUploadTests().keepingUpstream()
        let harness = try RecorderHarness(upstream: upstream, upstreamLimits: StreamedUploadTests.roomyLimits)
        let body = Array((#"{"blob": ""# + String(repeating: "z", count: 2 << 20) + #""}"#).utf8)
        let port = harness.proxyPort
        let response = try await offThePool {
            try Self.upload(body, to: "/uploads/blob", port: port, contentType: "application/json")
        }
        #expect(response.status.code == 200)
        let relayed = seen.all.first?.body == body
        #expect(relayed, "the upstream did not get the body as sent")
        #expect(harness.proxy.refusedRecords.count == 1, "\(harness.proxy.refusedRecords)")
        #expect(try await harness.finish().log.entries.isEmpty)
    }
}

/// The journal fails in the middle of an upload: the client gets 503 and nothing more is relayed.
@Suite(.serialized, .timeLimit(.minutes(2))) struct LoopUploadJournalFailureTests {
    @Test(.enabled(if: TmpfsMount.isAvailable, TmpfsMount.skipReason))
    func aJournalThatFillsTheDiskMidUploadGetsTheClient503() async throws {
        let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("tiny-upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: mountPoint) }
        let mount = try await ExternalProcess.run("/bin/mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", mountPoint.path])
        try #require(mount.status == 0, "SKIPPED in effect: cannot mount a tmpfs here (\(mount.stderr)); this test needs root")
        defer { _ = try? ExternalProcess.runBlocking("/bin/umount", [mountPoint.path]) }
        let (upstream, seen) = StreamedUploadTests().keepingUpstream()
        let harness = try RecorderHarness(upstream: upstream, upstreamLimits: StreamedUploadTests.roomyLimits) { configuration in
            configuration.output = mountPoint.appendingPathComponent("full.har")
        }
        let body = sampleBytes(4 << 20, seed: 44)
        let port = harness.proxyPort
        let response = try await offThePool { try LoopUploadTests.upload(body, to: "/uploads/full", port: port) }
        #expect(response.status.code == 503)
        #expect(response.bodyBytes.map { String(decoding: $0, as: UTF8.self).contains("recording failed") } == true)
        #expect(harness.proxy.recordingFailure != nil)
        #expect(seen.all.isEmpty, "the upstream got a request the journal could not record")
        _ = try? harness.proxy.stop()
    }
}
