import Foundation
import KitchenIntercept
import Synchronization
import Testing

extension ReplayingTrait {
    /// Runs the test against a live server through the recorder, and keeps the HAR only if the test
    /// passed (a failing first run must not become the fixture later runs trust). Reports what it
    /// wrote as a warning. Returns whether the recording was written.
    @discardableResult
    func recordLive(to output: URL, plan: RecordPlan, test: Test, testCase: Test.Case?,
                    _ function: @Sendable () async throws -> Void) async throws -> Bool {
        let recording = try LiveRecording.start(output: output, server: plan.upstream.map(RecordingServer.live) ?? server,
                                                redaction: redaction)
        let run = ReplayingRun(path: path, recording: recording)
        let failures = Atomic<Int>(0)
        let watch = IssueHandlingTrait.compactMapIssues { issue in
            if issue.isFailure { failures.add(1, ordering: .relaxed) }
            return issue
        }
        var thrown: (any Error)?
        do {
            try await watch.provideScope(for: test, testCase: testCase) {
                try await run.scope.run(isolation: isolation) {
                    try await ReplayingRun.$active.withValue(run) { try await function() }
                }
            }
        } catch {
            thrown = error
        }
        let passed = thrown == nil && failures.load(ordering: .relaxed) == 0
        let server = recording.serverName
        var written = false
        do {
            if let summary = try recording.finish(keep: passed) {
                written = true
                let refused = summary.refused > 0 ? " (\(summary.refused) refused as unsafe to record)" : ""
                Issue.record(Comment(rawValue: "recorded \(summary.entries) \(summary.entries == 1 ? "entry" : "entries") "
                                     + "to \(output.path) against \(server)\(refused); later runs replay it"),
                             severity: .warning, sourceLocation: test.sourceLocation)
            } else {
                Issue.record(Comment(rawValue: "the test failed while recording against \(server), so nothing was written "
                                     + "to \(output.path); fix the test and run it again"),
                             severity: .warning, sourceLocation: test.sourceLocation)
            }
        } catch {
            Issue.record(error, Comment(rawValue: "recording \(path)"), sourceLocation: test.sourceLocation)
        }
        if let thrown { throw thrown }
        return written
    }
}
