import Foundation
import KitchenTestSupport
import Synchronization
import Testing

/// `kitchen record` and `kitchen replay` as processes, driven by curl (and by Python's
/// `websockets` for a WebSocket): what they say on standard error as exchanges happen.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ProgressProcessTests {
    private static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Recordings")

    /// `+1.234s ` at the start of every verbose line.
    private static let time = #"\+\d+\.\d{3}s "#

    private func lines(_ text: String, matching pattern: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.range(of: "^" + pattern + "$", options: .regularExpression) != nil }
    }

    /// Runs curl to the end, blocking, and returns what it printed.
    private static func curl(_ arguments: String...) throws -> String {
        try ExternalProcess.runBlocking("/usr/bin/curl", ["-s", "--max-time", "20"] + arguments, timeoutSeconds: 30).stdout
    }

    /// Logs in through `base` as demo and returns the token.
    private static func login(_ base: String) throws -> String {
        let answer = try curl("-X", "POST", base + "/auth/login", "-H", "Content-Type: application/json",
                              "-d", #"{"username": "demo", "password": "demo"}"#)
        guard let token = (try? JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])?["token"] as? String else {
            throw SessionFailure(reason: "no token in \(answer)")
        }
        return token
    }

    private struct SessionFailure: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    /// Runs `kitchen ARGUMENTS`, lets `drive` use it at its URL, waits until standard error
    /// holds `marker`, then presses Ctrl-C: how it ended, all of its standard error included.
    ///
    /// The whole session runs on a thread of its own, blocking, start to end. Awaited step by
    /// step on the cooperative pool, each step waited behind every test queued there when the
    /// whole suite ran, and the command's 90 s deadline counted those waits: measured, a minute
    /// between two curls, and the recorder killed before Ctrl-C.
    private func session(_ arguments: [String], until marker: String,
                         drive: @escaping @Sendable (String) throws -> Void) async throws -> ExternalProcess.Outcome {
        try await offThePool { () throws -> ExternalProcess.Outcome in
            let command = try RunningKitchen(arguments)
            try drive(try command.url())
            command.waitForStandardError(marker)
            return command.stopBlocking()
        }
    }

    /// A `kitchen record` session in front of `kitchen serve`, into a temporary folder.
    private func recording(_ options: [String], until marker: String,
                           drive: @escaping @Sendable (String) throws -> Void) async throws -> ExternalProcess.Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kitchen-progress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let upstream = try await offThePool { () throws -> HandedOver<RunningKitchen> in HandedOver(try RunningKitchen(["serve", "--port", "0"])) }
        let ended: ExternalProcess.Outcome
        do {
            ended = try await session(["record", "--upstream", try upstream.value.url(), "--port", "0",
                                       "--out", folder.appendingPathComponent("session.har").path] + options, until: marker, drive: drive)
        } catch {
            await upstream.value.stop()
            throw error
        }
        await upstream.value.stop()
        return ended
    }

    private static let loginAndDiscovery = recordings.appendingPathComponent("login-and-discovery.har").path

    @Test func recordVerboseSaysEachExchangeAndWhetherASecretWasRedacted() async throws {
        let loggedIn = Mutex("")
        let ended = try await recording(["--verbose"], until: "GET /not-there 404") { proxy in
            let token = try Self.login(proxy)
            loggedIn.withLock { $0 = token }
            _ = try Self.curl(proxy + "/devices", "-H", "Authorization: Bearer \(token)")
            _ = try Self.curl(proxy + "/not-there")
        }
        let token = loggedIn.withLock { $0 }
        let said = ended.stderr
        #expect(ended.status == 0, "\(ended)")
        #expect(lines(said, matching: Self.time + #"POST /auth/login 200 \d+ ms redacted"#).count == 1, "\(said)")
        #expect(lines(said, matching: Self.time + #"GET /devices 200 \d+ ms redacted"#).count == 1, "\(said)")
        #expect(lines(said, matching: Self.time + #"GET /not-there 404 \d+ ms recorded"#).count == 1, "\(said)")
        #expect(!token.isEmpty && !said.contains(token), "a secret reached the progress output")
        #expect(!said.contains("recorded 3 exchanges"), "--verbose prints lines, not the count")
        #expect(ended.stdout.contains("wrote 3 entries"))
    }

    @Test func recordWithoutVerbosePrintsTheCountWhenItChanged() async throws {
        let count = "recorded 2 exchanges, 0 messages; 0 failed\n"
        let ended = try await recording(["--progress-interval", "1"], until: count) { proxy in
            _ = try Self.login(proxy)
            _ = try Self.curl(proxy + "/not-there")
        }
        #expect(ended.status == 0)
        #expect(ended.stderr.contains(count), "\(ended.stderr)")
        #expect(lines(ended.stderr, matching: Self.time + ".*").isEmpty, "no line per exchange without --verbose: \(ended.stderr)")
        #expect(ended.stderr.components(separatedBy: count).count == 2, "the same count is said once: \(ended.stderr)")
    }

    @Test func replayVerboseNamesTheMatchedEntryOrTheNearestOne() async throws {
        let ended = try await session(["replay", Self.loginAndDiscovery, "--port", "0", "--verbose"], until: "GET /devices/nope 599") { base in
            _ = try Self.login(base)
            _ = try Self.curl(base + "/devices/nope")
        }
        #expect(ended.status == 1, "unmatched and unused: exit 1")
        #expect(lines(ended.stderr, matching: Self.time + "POST /auth/login 200 entry 0").count == 1, "\(ended.stderr)")
        #expect(lines(ended.stderr, matching: Self.time + "GET /devices/nope 599 no match; nearest entry [0-9]+ GET /devices.*: path: .*")
            .count == 1, "\(ended.stderr)")
    }

    @Test func replayWithoutVerboseCountsRequestsAndUnusedEntries() async throws {
        let count = "replayed 2 requests (1 matched, 1 unmatched), 8 of 9 entries unused\n"
        let ended = try await session(["replay", Self.loginAndDiscovery, "--port", "0", "--progress-interval", "1"], until: count) { base in
            _ = try Self.login(base)
            _ = try Self.curl(base + "/devices/nope")
        }
        #expect(ended.status == 1)
        #expect(ended.stderr.contains(count), "\(ended.stderr)")
        #expect(lines(ended.stderr, matching: Self.time + ".*").isEmpty, "\(ended.stderr)")
    }

    @Test func replayVerboseSaysAWebSocketOpeningAndItsCloseWithMessageCounts() async throws {
        guard let python = PythonPeer.interpreter, PythonPeer.websocketsVersion != nil else {
            print("SKIPPED replayVerboseSaysAWebSocketOpeningAndItsCloseWithMessageCounts: set KITCHEN_PYTHON to a Python with websockets")
            return
        }
        let file = Self.recordings.appendingPathComponent("fridge-door.har")
        let recorded = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let entries = try #require((recorded["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        let conversation = try #require(entries.firstIndex { ($0["_resourceType"] as? String) == "websocket" })
        let toClient = ((entries[conversation]["_webSocketMessages"] as? [[String: Any]]) ?? []).filter { $0["type"] as? String == "receive" }.count
        let ended = try await session(["replay", file.path, "--port", "0", "--speed", "max", "--verbose"], until: "from server") { base in
            // Receives every recorded message, then closes with 1000 as the recorded client did.
            let client = try ExternalProcess.runBlocking(python, ["-c", """
                import asyncio, sys
                from websockets.asyncio.client import connect
                async def main():
                    async with connect(sys.argv[1]) as ws:
                        for _ in range(int(sys.argv[2])):
                            await asyncio.wait_for(ws.recv(), 20)
                asyncio.run(main())
                print("done")
                """, base.replacingOccurrences(of: "http://", with: "ws://") + "/ws", String(toClient)], timeoutSeconds: 60)
            guard client.status == 0 else { throw SessionFailure(reason: "the websockets client failed: \(client)") }
        }
        #expect(lines(ended.stderr, matching: Self.time + "WS /ws 101 entry \(conversation) opened").count == 1, "\(ended.stderr)")
        #expect(lines(ended.stderr, matching: Self.time
                      + "WS /ws closed 1000 by client \\(entry \(conversation)\\): 0 from client, \(toClient) from server").count == 1,
                "\(ended.stderr)")
    }
}
