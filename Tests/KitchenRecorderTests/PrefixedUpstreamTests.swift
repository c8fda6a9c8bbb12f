import Foundation
import HTTPWire
import KitchenRecorder
import KitchenRecording
import KitchenTestSupport
import Testing

/// `record --upstream http://host/api/v1` against a server nobody here wrote: Python's own
/// `http.server`, serving files under `/api/v1`. A client's `/devices` must reach
/// `/api/v1/devices`, and the recording must say so.
@Suite(.serialized, .timeLimit(.minutes(2))) struct PrefixedUpstreamTests {
    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.disabled(if: python == nil, "SKIPPED: no python3 found for the http.server peer"))
    func aClientsPathGoesBelowTheUpstreamPrefix() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("prefixed-\(UUID().uuidString)")
        let api = root.appendingPathComponent("api/v1")
        try FileManager.default.createDirectory(at: api, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let devices = #"[{"id": "oven-1", "name": "Oven", "type": "oven", "model": "X", "isOnline": true}]"#
        try Data(devices.utf8).write(to: api.appendingPathComponent("devices"))

        let server = try ExternalProcess(try #require(Self.python),
                                         ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", root.path])
        defer {
            // SIGKILL: how the peer stops is not under test.
            server.send(signal: SIGKILL)
            _ = server.finishBlocking(timeoutSeconds: 10)
        }
        let text = await server.readLine() ?? ""
        // "Serving HTTP on 127.0.0.1 port 41235 (http://127.0.0.1:41235/) ..."
        let words = text.split(separator: " ")
        let port = try #require(words.firstIndex(of: "port").flatMap { Int(words[$0 + 1]) }, "no port in: \(text)")

        let output = root.appendingPathComponent("prefixed.har")
        let proxy = try RecordingProxy(configuration: .init(upstream: try #require(URL(string: "http://127.0.0.1:\(port)/api/v1/")),
                                                            output: output) {
            $0.port = 0
            $0.durability = .none
        })
        try proxy.start()
        let client = try HTTPClientConnection(host: "127.0.0.1", port: try #require(proxy.port))
        let answer = try client.send(HTTPRequest(method: .get, target: "/devices"))
        let missing = try client.send(HTTPRequest(method: .get, target: "/nothing-here"))
        client.close()
        _ = try proxy.stop()

        #expect(answer.status.code == 200)
        #expect(String(decoding: answer.bodyBytes ?? [], as: UTF8.self) == devices)
        #expect(missing.status.code == 404)
        let entries = try HARFile.load(from: output).log.entries
        #expect(entries.map(\.request.url) == ["http://127.0.0.1:\(port)/api/v1/devices", "http://127.0.0.1:\(port)/api/v1/nothing-here"])
    }
}
