import Foundation
import KitchenTestSupport
import Testing

/// A server under a path prefix, as real APIs are deployed: `kitchen serve --base-path`
/// serves only below it, curl (a client nobody here wrote) logs in there, and `kitchen watch`
/// given the base URL finds the live updates at `{base}/ws`.
@Suite(.serialized, .timeLimit(.minutes(2))) struct BasePathProcessTests {
    @Test func watchFindsTheLiveUpdatesBelowTheBasePath() async throws {
        let curl = "/usr/bin/curl"
        try #require(FileManager.default.isExecutableFile(atPath: curl), "SKIPPED in effect: curl is not installed")
        let serve = try await RunningKitchen.start(["serve", "--port", "0", "--base-path", "/api/v1"])
        defer { serve.stopBlocking(SIGTERM) }
        let text = serve.banner
        let base = try #require(text.split(separator: "\n").first { $0.hasPrefix("Kitchen simulator listening on ") }
            .map { String($0.dropFirst("Kitchen simulator listening on ".count)) })
        #expect(base.hasSuffix("/api/v1"))
        #expect(text.contains("Live updates: \(base.replacingOccurrences(of: "http://", with: "ws://"))/ws"))

        let login = try await ExternalProcess.run(curl, ["-s", "-X", "POST", base + "/auth/login", "-H", "Content-Type: application/json",
                                                         "-d", #"{"username": "demo", "password": "demo"}"#])
        let token = try #require((try JSONSerialization.jsonObject(with: Data(login.stdout.utf8)) as? [String: Any])?["token"] as? String)
        // Nothing is served outside the prefix.
        let root = try await ExternalProcess.run(curl, ["-s", "-o", "/dev/null", "-w", "%{http_code}",
                                                        base.replacingOccurrences(of: "/api/v1", with: "") + "/devices",
                                                        "-H", "Authorization: Bearer \(token)"])
        #expect(root.stdout == "404")

        let watch = try ExternalProcess(RunningKitchen.executable.path, ["watch", base, "--token", token])
        defer {
            watch.send(signal: SIGKILL)
            _ = watch.finishBlocking(timeoutSeconds: 10)
        }
        let first = try #require(await offThePool { watch.readLine() }, "kitchen watch printed nothing")
        let message = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(message["type"] as? String == "state")
    }
}
