import Foundation
import HTTPWire
import KitchenRecording
import KitchenTestSupport
import Testing

/// `kitchen record` as a process: SIGINT mid-recording writes a valid HAR; a killed recorder leaves a
/// journal that `kitchen record --recover` turns into a HAR. Nothing the client saw is lost. Its
/// `--max-websocket-queue` caps what it holds for a WebSocket client that stops reading.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ProcessRecordingTests {
    /// The `kitchen` binary beside the test bundle (`swift build` puts both in the same folder).
    static var kitchen: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kitchen")
    }

    struct Running {
        let process: ExternalProcess
        let port: Int
        let output: URL
    }

    /// Starts `kitchen record` on a free port in front of `upstreamPort` and waits for its banner.
    func startRecorder(upstreamPort: Int, directory: URL, options: [String] = []) async throws -> Running {
        let output = directory.appendingPathComponent("session.har")
        let process = try ExternalProcess(Self.kitchen.path, ["record", "--upstream", "http://127.0.0.1:\(upstreamPort)", "--port", "0",
                                                              "--out", output.path] + options)
        // The banner's first line names the port: "Recording proxy on http://127.0.0.1:PORT → …".
        let text = await process.readLine() ?? ""
        let port = text.split(separator: " ").lazy.compactMap { word -> Int? in
            guard word.hasPrefix("http://127.0.0.1:") else { return nil }
            return Int(word.dropFirst("http://127.0.0.1:".count))
        }.first
        return Running(process: process, port: try #require(port, "no port in banner: \(text)"), output: output)
    }

    func withUpstream(limits: HTTPLimits = HTTPLimits(),
                      responder: Respond = Respond { request in .response(.text(.ok, "echo \(request.target)")) },
                      _ body: (Int, URL) async throws -> Void) async throws {
        let upstream = HTTPServer(configuration: .init(port: 0, limits: limits), responder: responder)
        try upstream.start()
        defer { upstream.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(upstream.address!.port, directory)
    }

    func makeRequests(_ count: Int, port: Int) throws {
        let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
        for index in 0..<count {
            #expect(try client.send(HTTPRequest(method: .get, target: "/r/\(index)")).status.code == 200)
        }
    }

    @Test func sigintMidRecordingWritesAValidHARWithEveryExchange() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.kitchen.path), "build kitchen first (swift build)")
        try await withUpstream { upstreamPort, directory in
            let recorder = try await startRecorder(upstreamPort: upstreamPort, directory: directory)
            try makeRequests(25, port: recorder.port)
            recorder.process.send(signal: SIGINT)
            let ended = await recorder.process.finish()
            #expect(ended.status == 0, "\(ended)")
            let har = try HARFile.load(from: recorder.output)
            #expect(har.log.entries.map(\.request.urlPath) == (0..<25).map { "/r/\($0)" })
            #expect(!FileManager.default.fileExists(atPath: recorder.output.path + ".journal"))
        }
    }

    @Test func aKilledRecorderLeavesAJournalThatRecoverTurnsIntoAHAR() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.kitchen.path), "build kitchen first (swift build)")
        try await withUpstream { upstreamPort, directory in
            let recorder = try await startRecorder(upstreamPort: upstreamPort, directory: directory)
            try makeRequests(25, port: recorder.port)
            // The recorder journals asynchronously (microseconds behind the response): wait until
            // the journal holds the session record and all 25 exchanges, then kill it outright.
            let journal = recorder.output.path + ".journal"
            let written = await waitUntil(seconds: 10) {
                ((try? String(contentsOfFile: journal, encoding: .utf8))?.split(separator: "\n").count ?? 0) >= 26
            }
            #expect(written, "the journal never held all 25 exchanges")
            recorder.process.send(signal: SIGKILL)
            _ = await recorder.process.finish()
            #expect(!FileManager.default.fileExists(atPath: recorder.output.path), "no HAR after a crash")
            #expect(FileManager.default.fileExists(atPath: journal))
            let recover = try await ExternalProcess.run(Self.kitchen.path, ["record", "--recover", journal])
            #expect(recover.status == 0, "\(recover)")
            let har = try HARFile.load(from: recorder.output)
            #expect(har.log.entries.map(\.request.urlPath) == (0..<25).map { "/r/\($0)" })
        }
    }

    @Test func maxWebSocketQueueCapsWhatTheRecorderHoldsForAClientThatStopsReading() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.kitchen.path), "build kitchen first (swift build)")
        let payload = String(repeating: "m", count: 4_000)
        // Fired once the recorder, having dropped the client, closed its upstream side too; by
        // then it has handed the client's close to its journal.
        let upstreamClosed = Signal()
        // An upstream that floods, with room to queue it all: the slow party is the client alone.
        let flood = Respond.webSocket(configuration: WebSocketConfiguration(maxQueuedBytes: 256 << 20), ScriptedWebSocket(onOpen: { connection in
            for index in 0..<24_000 {
                guard (try? connection.send(text: "\(index) \(payload)")) != nil else { break }
            }
        }, onEnd: { upstreamClosed.fire() }))
        try await withUpstream(responder: flood) { upstreamPort, directory in
            let recorder = try await startRecorder(upstreamPort: upstreamPort, directory: directory,
                                             options: ["--max-websocket-queue", "64"])
            // A client that reads nothing: the kernel's buffers fill, then the recorder's queue.
            let client = try await WebSocketClient.connect(host: "127.0.0.1", port: recorder.port, target: "/ws")
            let dropped = await upstreamClosed.wait(seconds: 60)
            #expect(dropped, "the recorder never gave up on the client that stopped reading")
            recorder.process.send(signal: SIGINT)
            let ended = await recorder.process.finish()
            client.close(code: .normalClosure, reason: "done")
            #expect(ended.status == 0, "\(ended)")
            let entry = try #require(try HARFile.load(from: recorder.output).log.entries.first { $0.isWebSocket })
            let close = try #require(entry.webSocketClose)
            #expect(close.closedBy == .proxy, "\(close)")
            // "the client stopped reading (N bytes queued); …": with the option ignored, N is up
            // to the default 8 MiB.
            let queued = try #require(close.reason.split(separator: "(").dropFirst().first?.split(separator: " ").first
                .flatMap { Int($0) }, "\(close.reason)")
            #expect(queued > 0 && queued <= 64 << 10, "\(queued) bytes queued, limit 64 KiB")
        }
    }
}
