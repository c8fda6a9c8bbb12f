import Foundation
import HTTPWire
import KitchenRecording
import KitchenReplay
import KitchenTestSupport
import Testing

/// HEAD is GET without a body (RFC 9110 §9.3.2): replay answers a recorded HEAD with its
/// recorded head, and a HEAD it has no entry for with the head of the matching GET.
@Suite(.timeLimit(.minutes(2))) struct ReplayHeadTests {
    static let catalog = #"{"devices":["oven","fridge","dishwasher"]}"#
    static let document = RecordedExchanges.document([
        RecordedExchanges.exchange("HEAD", "/firmware", headers: [("Content-Type", "application/octet-stream"),
                                                                 ("Content-Length", "564"), ("ETag", "\"v7\"")],
                                   mimeType: "application/octet-stream"),
        RecordedExchanges.exchange("GET", "/catalog", headers: [("Content-Type", "application/json"), ("ETag", "\"c1\"")],
                                   body: catalog),
    ])

    @Test func aHeadWithNoHeadEntryIsAnsweredByTheNextGetWithoutUsingItUp() {
        let engine = ReplayEngine(document: Self.document, mode: .once, volatile: VolatileFields([]))
        let head = ReplayRequest(method: "HEAD", path: "/catalog", query: [], body: [], volatile: engine.volatile)
        let get = ReplayRequest(method: "GET", path: "/catalog", query: [], body: [], volatile: engine.volatile)
        for _ in 0..<2 {
            guard case .answer(let entry) = engine.answer(head) else { Issue.record("HEAD /catalog unanswered"); return }
            #expect(entry.index == 1)
        }
        #expect(engine.unusedEntries.map(\.index) == [0, 1])
        guard case .answer(let entry) = engine.answer(get) else { Issue.record("GET /catalog unanswered"); return }
        #expect(entry.index == 1)
        // Once the GET is used up, a HEAD still gets its head: it only looks.
        guard case .answer = engine.answer(head) else { Issue.record("HEAD after the GET unanswered"); return }
        #expect(engine.mismatches.isEmpty)
    }

    @Test func aHeadToAPathWithNeitherHeadNorGetIsUnmatched() {
        let engine = ReplayEngine(document: Self.document, volatile: VolatileFields([]))
        let head = ReplayRequest(method: "HEAD", path: "/nowhere", query: [], body: [], volatile: engine.volatile)
        guard case .unmatched = engine.answer(head) else { Issue.record("HEAD /nowhere answered"); return }
    }

    @Test func aRecordedHeadKeepsItsRecordedLengthAndAGetsHeadHasTheGetBodysLength() {
        let head = ReplayedResponse(recorded: Self.document.log.entries[0].response, recordedMethod: "HEAD", method: "HEAD",
                                    acceptEncoding: [])
        #expect(head.headers["Content-Length"] == "564")
        #expect(head.body.isEmpty)
        let headOfGet = ReplayedResponse(recorded: Self.document.log.entries[1].response, recordedMethod: "GET", method: "HEAD",
                                         acceptEncoding: [])
        #expect(headOfGet.headers["Content-Length"] == String(Self.catalog.utf8.count))
        #expect(headOfGet.headers["ETag"] == "\"c1\"")
        #expect(headOfGet.body.isEmpty)
    }

    @Test func aBodilessStatusSendsNoBodyAndOnlyA304KeepsItsRecordedLength() {
        for (status, expected) in [(304, "564" as String?), (204, nil)] {
            let recorded = RecordedExchanges.exchange("GET", "/catalog", status: status, headers: [("Content-Length", "564"), ("ETag", "\"c1\"")])
            let served = ReplayedResponse(recorded: recorded.response, recordedMethod: "GET", method: "GET", acceptEncoding: [])
            #expect(served.headers["Content-Length"] == expected, "status \(status)")
            #expect(served.body.isEmpty)
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"),
                   "SKIPPED: /usr/bin/curl is not installed; replay's HEAD was not tried with curl"))
    func curlGetsTheRecordedHeadsAndNoBodyOverTheReplayServer() async throws {
        let server = ReplayServer(engine: ReplayEngine(document: Self.document, volatile: VolatileFields([])), port: 0, speed: .max)
        try server.start()
        defer { server.stop() }
        let base = try #require(server.baseURL).absoluteString
        // Both HEADs and then the GET on one connection: a body after either head would be read as
        // the next answer's start, and the GET would not get the catalog.
        let outcome = try await ExternalProcess.run("/usr/bin/curl", [
            "-sS", "--max-time", "20", "-I", base + "/firmware", "--next", "-sS", "--max-time", "20", "-I", base + "/catalog",
            "--next", "-sS", "--max-time", "20", "-w", "\n[connects=%{num_connects}]", base + "/catalog",
        ])
        try #require(outcome.status == 0, "\(outcome)")
        let parts = outcome.stdout.components(separatedBy: "\r\n\r\n")
        try #require(parts.count == 3, "\(outcome)")
        let firmware = parts[0].lowercased()
        #expect(firmware.hasPrefix("http/1.1 200"))
        #expect(firmware.contains("content-length: 564"))
        #expect(firmware.contains("etag: \"v7\""))
        let catalogHead = parts[1].lowercased()
        #expect(catalogHead.contains("content-length: \(Self.catalog.utf8.count)"))
        #expect(catalogHead.contains("etag: \"c1\""))
        #expect(parts[2] == Self.catalog + "\n[connects=0]")
        let report = server.report
        #expect(report.isClean, "\(report)")
    }
}
