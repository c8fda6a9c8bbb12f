import Foundation
import KitchenTestSupport
import Testing

/// A server under a path prefix, as real APIs are deployed: `kitchen serve --base-path`
/// serves only below it, curl (a client nobody here wrote) logs in there, and `kitchen watch`
/// given the base URL finds the live updates at `{base}/ws`.
@Suite(.serialized, .timeLimit(.minutes(2))) struct BasePathProcessTests {
    /// Runs a program to the end and returns its standard output.
    private func run(_ executable: String, _ arguments: [String]) async throws -> (status: Int32, out: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        await process.exited()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func watchFindsTheLiveUpdatesBelowTheBasePath() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ServeProcessTests.kitchen.path), "build kitchen first (swift build)")
        let curl = "/usr/bin/curl"
        try #require(FileManager.default.isExecutableFile(atPath: curl), "SKIPPED in effect: curl is not installed")
        let serve = Process()
        serve.executableURL = ServeProcessTests.kitchen
        serve.arguments = ["serve", "--port", "0", "--base-path", "/api/v1"]
        let banner = Pipe()
        serve.standardOutput = banner
        try serve.run()
        defer {
            kill(serve.processIdentifier, SIGTERM)
            serve.waitWithoutSpinning()
        }
        let text = banner.read(until: "Press Ctrl-C to stop.")
        let base = try #require(text.split(separator: "\n").first { $0.hasPrefix("Kitchen simulator listening on ") }
            .map { String($0.dropFirst("Kitchen simulator listening on ".count)) })
        #expect(base.hasSuffix("/api/v1"))
        #expect(text.contains("Live updates: \(base.replacingOccurrences(of: "http://", with: "ws://"))/ws"))

        let login = try await run(curl, ["-s", "-X", "POST", base + "/auth/login", "-H", "Content-Type: application/json",
                                   "-d", #"{"username": "demo", "password": "demo"}"#])
        let token = try #require((try JSONSerialization.jsonObject(with: Data(login.out.utf8)) as? [String: Any])?["token"] as? String)
        // Nothing is served outside the prefix.
        let root = try await run(curl, ["-s", "-o", "/dev/null", "-w", "%{http_code}", base.replacingOccurrences(of: "/api/v1", with: "") + "/devices",
                                  "-H", "Authorization: Bearer \(token)"])
        #expect(root.out == "404")

        let watch = Process()
        watch.executableURL = ServeProcessTests.kitchen
        watch.arguments = ["watch", base, "--token", token]
        let lines = Pipe()
        watch.standardOutput = lines
        watch.standardError = FileHandle.nullDevice
        try watch.run()
        defer {
            kill(watch.processIdentifier, SIGKILL)
            watch.waitWithoutSpinning()
        }
        let received = lines.read(until: "\n")
        let first = try #require(received.split(separator: "\n").first)
        let message = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(message["type"] as? String == "state")
    }
}
