import Foundation
import KitchenTestSupport
import Testing

/// `kitchen replay` as a process: Ctrl-C after a session that did not match the recording is
/// exit 1 (a finding), after one that used it exactly, exit 0.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ReplayExitTests {
    private static let recording = Repository.recording("login-and-discovery").path

    @Test func ctrlCAfterAnUnmatchedRequestExitsOne() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ServeProcessTests.kitchen.path), "build kitchen first (swift build)")
        let replay = Process()
        replay.executableURL = ServeProcessTests.kitchen
        replay.arguments = ["replay", Self.recording, "--port", "0"]
        let output = Pipe()
        replay.standardOutput = output
        try replay.run()
        let banner = output.read(until: "Press Ctrl-C to stop.")
        let url = try #require(banner.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }.map(String.init))
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-s", "-o", "/dev/null", url + "/not-recorded"]
        try curl.run()
        await curl.exited()
        kill(replay.processIdentifier, SIGINT)
        await replay.exited()
        #expect(replay.terminationStatus == 1)
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(rest.contains("Never used (9):"), "\(rest)")
    }
}
