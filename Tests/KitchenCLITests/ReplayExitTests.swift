import Foundation
import KitchenTestSupport
import Testing

/// `kitchen replay` as a process: Ctrl-C after a session that did not match the recording is
/// exit 1 (a finding), after one that used it exactly, exit 0.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ReplayExitTests {
    private static let recording = Repository.recording("login-and-discovery").path

    @Test func ctrlCAfterAnUnmatchedRequestExitsOne() async throws {
        let replay = try await RunningKitchen.start(["replay", Self.recording, "--port", "0"])
        let url = try replay.url()
        _ = try await curl("-o", "/dev/null", url + "/not-recorded")
        let ended = await replay.stop(SIGINT)
        #expect(ended.termination == .exited(1), "\(ended)")
        #expect(ended.stdout.contains("Never used (9):"), "\(ended.stdout)")
    }
}
