import Foundation
import HTTPWire
import KitchenRecorder
import KitchenRecording
import KitchenTestSupport
import Synchronization
import Testing

/// The recorder's promises under pressure, over real processes, signals and file systems:
/// nothing a client received is missing from the journal, a full disk stops relaying at once,
/// and the files it writes are never written through a link or over a HAR.
@Suite("the recorder under pressure", .serialized, .timeLimit(.minutes(2)))
struct RecorderTrustTests {
    private func withUpstream(_ body: (Int, URL) async throws -> Void) async throws {
        let upstream = HTTPServer(configuration: .init(port: 0), responder: Respond { request in
            .response(.text(.ok, "echo \(request.target) \(String(repeating: "x", count: 512))"))
        })
        try upstream.start()
        defer { upstream.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(try #require(upstream.address?.port), directory)
    }

    /// Starts `kitchen record` with `arguments` after the usual ones and reads the port from its banner.
    private func startRecorder(upstreamPort: Int, output: URL, _ arguments: [String] = []) async throws -> (ExternalProcess, Int) {
        let process = try ExternalProcess(ProcessRecordingTests.kitchen.path, ["record", "--upstream", "http://127.0.0.1:\(upstreamPort)",
                                                                              "--port", "0", "--out", output.path] + arguments)
        let text = await process.readLine() ?? ""
        let port = text.split(separator: " ").lazy.compactMap { word -> Int? in
            guard word.hasPrefix("http://127.0.0.1:") else { return nil }
            return Int(word.dropFirst("http://127.0.0.1:".count))
        }.first
        return (process, try #require(port, "no port in banner: \(text)"))
    }

    /// Clients that send requests with unique targets until `stop`, remembering each target
    /// whose whole response arrived.
    private final class Load: Sendable {
        let received = Mutex<[String]>([])
        let stop = Atomic<Bool>(false)
        let group = DispatchGroup()

        func start(clients: Int, port: Int, limit: Int) {
            for client in 0..<clients {
                group.enter()
                Thread { [self] in
                    defer { group.leave() }
                    guard let connection = try? HTTPClientConnection(host: "127.0.0.1", port: port) else { return }
                    for index in 0..<limit where !stop.load(ordering: .relaxed) {
                        let target = "/c\(client)/r\(index)"
                        guard let response = try? connection.send(HTTPRequest(method: .get, target: target)),
                              response.status.code == 200 else { return }
                        received.withLock { $0.append(target) }
                    }
                }.start()
            }
        }
    }

    @Test("SIGKILL under a 16-client load, then --recover: every response a client received is in the HAR")
    func sigkillLosesNothingReceived() async throws {
        try await withUpstream { upstreamPort, directory in
            let output = directory.appendingPathComponent("load.har")
            let (process, port) = try await startRecorder(upstreamPort: upstreamPort, output: output)
            let load = Load()
            load.start(clients: 16, port: port, limit: 5_000)
            // Kill while the clients are mid-flight: no wait for anything to be journaled.
            #expect(await waitUntil(seconds: 60) { load.received.withLock { $0.count } >= 3_000 })
            process.send(signal: SIGKILL)
            _ = await process.finish()
            load.stop.store(true, ordering: .relaxed)
            load.group.wait()
            let received = load.received.withLock { $0 }
            let recover = try await ExternalProcess.run(ProcessRecordingTests.kitchen.path, ["record", "--recover", output.path + ".journal"])
            #expect(recover.status == 0, "\(recover.stderr)")
            let recorded = Set(try HARFile.load(from: output).log.entries.map(\.request.urlPath))
            let missing = received.filter { !recorded.contains($0) }
            #expect(missing.isEmpty, "\(missing.count) of \(received.count) received exchanges missing, e.g. \(missing.prefix(5))")
            #expect(received.count >= 3_000)
        }
    }

    @Test("a full disk: said on stderr at once, 503 from then on, exit 2 with the count, and every 200 in the journal",
          .enabled(if: TmpfsMount.isAvailable, TmpfsMount.skipReason))
    func fullDiskStopsRelaying() async throws {
        let mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("tiny-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: mountPoint) }
        let mount = try await ExternalProcess.run("/bin/mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", mountPoint.path])
        try #require(mount.status == 0, "SKIPPED in effect: cannot mount a tmpfs here (\(mount.stderr)); this test needs root")
        defer { _ = try? ExternalProcess.runBlocking("/bin/umount", [mountPoint.path]) }
        try await withUpstream { upstreamPort, _ in
            let output = mountPoint.appendingPathComponent("full.har")
            let (process, port) = try await startRecorder(upstreamPort: upstreamPort, output: output)
            let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
            var ok: [String] = []
            var refusal: HTTPResponse?
            for index in 0..<10_000 {
                let target = "/fill/\(index)"
                guard let response = try? client.send(HTTPRequest(method: .get, target: target)) else { break }
                if response.status.code == 200 { ok.append(target); continue }
                refusal = response
                break
            }
            let answer = try #require(refusal, "the disk never filled")
            #expect(answer.status.code == 503)
            #expect(String(decoding: answer.bodyBytes ?? [], as: UTF8.self).contains("recording failed"))
            // A new connection is refused the same way.
            let again = try HTTPClientConnection(host: "127.0.0.1", port: port).send(HTTPRequest(method: .get, target: "/after"))
            #expect(again.status.code == 503)
            let ended = await process.finish()
            #expect(ended.status == 2, "\(ended)")
            let said = ended.stderr
            #expect(said.contains("kitchen record: RECORDING FAILED: "), "\(said)")
            #expect(said.contains("No space left on device"), "\(said)")
            let journal = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: output.path + ".journal"))) ?? Data(), as: UTF8.self)
            let missing = ok.filter { !journal.contains("\"\($0)\"") && !journal.contains($0 + "\"") }
            #expect(missing.isEmpty, "\(missing.count) of \(ok.count) relayed exchanges are not in the journal")
            #expect(ok.count > 10)
        }
    }

    @Test("a symbolic link planted where the journal goes is refused, and its target is untouched")
    func plantedSymlinkRefused() async throws {
        try await withUpstream { upstreamPort, directory in
            let output = directory.appendingPathComponent("s.har")
            let victim = directory.appendingPathComponent("victim.txt")
            try Data("precious".utf8).write(to: victim)
            try FileManager.default.createSymbolicLink(atPath: output.path + ".journal", withDestinationPath: victim.path)
            #expect(throws: RecorderError.self) {
                _ = try RecordingProxy(configuration: .init(upstream: URL(string: "http://127.0.0.1:\(upstreamPort)")!, output: output) {
                    $0.port = 0
                })
            }
            #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
        }
    }

    @Test("a port already in use leaves no stray journal")
    func busyPortLeavesNoJournal() async throws {
        try await withUpstream { upstreamPort, directory in
            let taken = try Listener(host: "127.0.0.1", port: 0)
            let output = directory.appendingPathComponent("busy.har")
            let proxy = try RecordingProxy(configuration: .init(upstream: URL(string: "http://127.0.0.1:\(upstreamPort)")!, output: output) {
                $0.port = taken.address.port
            })
            #expect(throws: RecorderError.self) { try proxy.start() }
            #expect(!FileManager.default.fileExists(atPath: output.path + ".journal"))
            withExtendedLifetime(taken) {}
        }
    }

    @Test("--out over an existing HAR is refused without --force, and the HAR is kept")
    func existingHARKept() async throws {
        try await withUpstream { upstreamPort, directory in
            let output = directory.appendingPathComponent("kept.har")
            try Data("{\"log\": {}}".utf8).write(to: output)
            let refused = try await ExternalProcess.run(ProcessRecordingTests.kitchen.path, ["record", "--upstream", "http://127.0.0.1:\(upstreamPort)",
                                                                          "--port", "0", "--out", output.path])
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("exists; refusing to replace it (pass --force to overwrite)"), "\(refused.stderr)")
            #expect(try String(contentsOf: output, encoding: .utf8) == "{\"log\": {}}")
            #expect(!FileManager.default.fileExists(atPath: output.path + ".journal"))
        }
    }

    @Test("--recover X.journal writes X.har, and a HAR given to --recover is named for what it is")
    func recoverNaming() async throws {
        try await withUpstream { upstreamPort, directory in
            let output = directory.appendingPathComponent("session.har")
            let (process, port) = try await startRecorder(upstreamPort: upstreamPort, output: output)
            _ = try HTTPClientConnection(host: "127.0.0.1", port: port).send(HTTPRequest(method: .get, target: "/one"))
            process.send(signal: SIGKILL)
            _ = await process.finish()
            let renamed = directory.appendingPathComponent("crash.journal")
            try FileManager.default.moveItem(atPath: output.path + ".journal", toPath: renamed.path)
            let recover = try await ExternalProcess.run(ProcessRecordingTests.kitchen.path, ["record", "--recover", renamed.path])
            #expect(recover.status == 0, "\(recover.stderr)")
            let har = directory.appendingPathComponent("crash.har")
            #expect(try HARFile.load(from: har).log.entries.map(\.request.urlPath) == ["/one"])
            let mistaken = try await ExternalProcess.run(ProcessRecordingTests.kitchen.path, ["record", "--recover", har.path])
            #expect(mistaken.status == 2)
            #expect(mistaken.stderr.contains("is a HAR, not a journal"), "\(mistaken.stderr)")
        }
    }
}
