import Foundation
import HTTPWire
import KitchenRecorder
import KitchenRecording
import KitchenSimulator
import Testing

/// What reaches the disk, over real sockets: no secret in the journal however the login path is
/// spelled, and bodies exactly as they crossed the wire.
@Suite("recording fidelity over real sockets", .serialized, .timeLimit(.minutes(2)))
struct RecordingFidelityTests {
    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fidelity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("POST /auth/%6Cogin reaches the simulator's login; neither the password nor the token is in the journal or the HAR",
          arguments: ["/auth/%6Cogin", "/auth/./login", "/x/../auth/login", "/AUTH/LOGIN"])
    func encodedLoginPathLeaksNothing(_ path: String) throws {
        let simulator = Simulator(configuration: SimulatorConfiguration(port: 0, users: ["demo": "demo", "ci-bot": "correct-horse-battery"]))
        try simulator.start()
        defer { simulator.stop() }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("login.har")
        let base = try #require(simulator.baseURL)
        let proxy = try RecordingProxy(configuration: .init(upstream: try #require(URL(string: base)),
                                                            output: output) {
            $0.port = 0
            $0.durability = .none
        })
        try proxy.start()
        let client = try HTTPClientConnection(host: "127.0.0.1", port: try #require(proxy.port))
        let answer = try client.send(HTTPRequest(method: .post, target: path, headers: ["Content-Type": "application/json"],
                                                 body: Array(#"{"username": "ci-bot", "password": "correct-horse-battery"}"#.utf8)))
        client.close()
        // What the simulator did with the path decides whether a token was issued; either way, nothing leaks.
        let token = (try? JSONSerialization.jsonObject(with: Data(answer.bodyBytes ?? [])) as? [String: Any])?["token"] as? String
        if path == "/auth/%6Cogin" { #expect(answer.status.code == 200 && token != nil, "the simulator decodes %6C: \(answer.status)") }
        let journal = try Data(contentsOf: URL(fileURLWithPath: output.path + ".journal"))
        for secret in ["correct-horse-battery"] + (token.map { [$0] } ?? []) {
            #expect(journal.range(of: Data(secret.utf8)) == nil, "\(path): a secret is in the journal's bytes")
        }
        _ = try proxy.stop()
        let har = try Data(contentsOf: output)
        for secret in ["correct-horse-battery"] + (token.map { [$0] } ?? []) {
            #expect(har.range(of: Data(secret.utf8)) == nil, "\(path): a secret is in the HAR")
        }
    }

    @Test("a body with a 20-digit integer, -0, odd spacing and key order is recorded byte for byte; only the password changes")
    func bodiesAreRecordedAsSent() throws {
        let sent = #"{"n" : 12345678901234567890, "z": -0, "b":[1.0,2e3],  "password":"hunter22-hunter22", "a": 1}"#
        let upstream = HTTPServer(configuration: .init(port: 0), responder: Respond { request in
            .response(HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: request.body))
        })
        try upstream.start()
        defer { upstream.stop() }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("exact.har")
        let port = try #require(upstream.address?.port)
        let proxy = try RecordingProxy(configuration: .init(upstream: try #require(URL(string: "http://127.0.0.1:\(port)")),
                                                            output: output) {
            $0.port = 0
            $0.durability = .none
        })
        try proxy.start()
        let client = try HTTPClientConnection(host: "127.0.0.1", port: try #require(proxy.port))
        let answer = try client.send(HTTPRequest(method: .post, target: "/echo", headers: ["Content-Type": "application/json"],
                                                 body: Array(sent.utf8)))
        client.close()
        #expect(String(decoding: answer.bodyBytes ?? [], as: UTF8.self) == sent, "relayed byte for byte")
        _ = try proxy.stop()
        let entry = try #require(try HARFile.load(from: output).log.entries.first)
        let expected = sent.replacingOccurrences(of: "\"hunter22-hunter22\"", with: "\"<password-1>\"")
        #expect(entry.request.postData?.text == expected)
        #expect(entry.response.content.text == expected)
        #expect(entry.request.headers.first { $0.name.lowercased() == "content-length" }?.value == String(sent.utf8.count),
                "the wire Content-Length is kept")
        #expect(entry.request.bodySize == expected.utf8.count, "sizes describe the recorded bytes")
    }
}
