import Foundation
import KitchenRecording
import KitchenTestSupport
import Testing

/// `kitchen replay` as a process, driven by curl: a recorded gzip answer goes to a plain curl
/// decoded and without `Content-Encoding`, to `curl --compressed` in a coding it accepts with
/// the length of what was sent, and a recorded HEAD keeps its recorded length.
@Suite(.serialized, .timeLimit(.minutes(2)),
       .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"),
                "SKIPPED: /usr/bin/curl is not installed; kitchen replay's codings were not tried with curl"))
struct ReplayCodingProcessTests {
    static let json = #"{"devices":[{"id":"oven-1","name":"Upper/Lower Oven"}]}"#

    /// A recording of a gzip `GET /devices` (held decoded, HAR 1.2) and a `HEAD /firmware`.
    static func recording() throws -> URL {
        func entry(_ method: String, _ path: String, headers: [(String, String)], text: String?) -> HAR.Entry {
            HAR.Entry(startedDateTime: "2026-11-20T10:00:00.000Z",
                      request: HAR.Request(method: method, url: "http://127.0.0.1:8080" + path),
                      response: HAR.Response(status: 200, statusText: "OK", headers: headers.map { HAR.Header(name: $0.0, value: $0.1) },
                                             content: HAR.Content(size: text?.utf8.count ?? 0, compression: text == nil ? nil : 12,
                                                                  mimeType: "application/json", text: text)),
                      timings: HAR.Timings())
        }
        let document = HAR.Document(log: HAR.Log(creator: HAR.Creator(name: "ReplayCodingProcessTests", version: "1"), entries: [
            entry("GET", "/devices", headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], text: json),
            entry("HEAD", "/firmware", headers: [("Content-Type", "application/octet-stream"), ("Content-Length", "564")], text: nil),
        ]))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("replay-coding-\(UUID().uuidString).har")
        try HARFile.save(document, to: url)
        return url
    }

    @Test func plainAndCompressedCurlAndAHeadAgainstKitchenReplay() async throws {
        let file = try Self.recording()
        defer { try? FileManager.default.removeItem(at: file) }
        let replay = try await RunningKitchen.start(["replay", file.path, "--port", "0", "--mode", "repeat"])
        let base = try replay.url()
        let outcome = try await ExternalProcess.run("/usr/bin/curl", [
            "-sS", "--max-time", "20", "-D", "-", base + "/devices",
            "--next", "-sS", "--max-time", "20", "--compressed", "-D", "-", "-w", "[downloaded=%{size_download}]", base + "/devices",
            "--next", "-sS", "--max-time", "20", "-I", base + "/firmware",
        ])
        let ended = await replay.stop(SIGINT)
        try #require(outcome.status == 0, "\(outcome)")
        let parts = outcome.stdout.components(separatedBy: "\r\n\r\n")
        try #require(parts.count == 4, "\(outcome)")
        let plainHead = parts[0].lowercased()
        #expect(!plainHead.contains("content-encoding"), "\(plainHead)")
        #expect(plainHead.contains("content-length: \(Self.json.utf8.count)"))
        let compressedHead = parts[1].dropFirst(Self.json.utf8.count).lowercased()
        #expect(parts[1].hasPrefix(Self.json))
        #expect(compressedHead.contains("content-encoding: gzip"), "\(outcome)")
        let length = try #require(compressedHead.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length: ") }.flatMap { Int($0.dropFirst(16)) })
        #expect(parts[2].hasPrefix(Self.json + "[downloaded=\(length)]"), "\(outcome)")
        #expect(parts[2].lowercased().contains("content-length: 564"), "\(outcome)")
        #expect(ended.status == 0, "every entry used, nothing unmatched: \(ended)")
    }
}
