import KitchenIntercept
import KitchenReplay
import Synchronization
import Testing

/// One test under a `.replaying` trait: what it replays or records, its interception scope, and
/// the strict problems already reported (by ``Replaying/verifyNow(sourceLocation:)``), so the
/// trait does not report them twice.
final class ReplayingRun: Sendable {
    let path: String
    let scope: InterceptScope
    /// Replay runs: the in-process session and its clock.
    let replay: Replaying?
    /// Record runs: the recording being made.
    let recording: LiveRecording?
    private let reported = Mutex<Set<String>>([])

    @TaskLocal static var active: ReplayingRun?

    /// The running test's run; throws outside a `.replaying` test.
    static func required() throws(ReplayingError) -> ReplayingRun {
        guard let active else { throw .noReplay }
        return active
    }

    init(path: String, replay: Replaying) {
        self.path = path
        self.replay = replay
        recording = nil
        scope = InterceptScope(replaying: replay.session.engine)
    }

    init(path: String, recording: LiveRecording) {
        self.path = path
        replay = nil
        self.recording = recording
        scope = InterceptScope(recording: recording)
    }

    /// Unmatched requests (with the nearest entry and the differences), client WebSocket messages
    /// that differed, unused entries — `kitchen replay`'s diagnostics. None while recording.
    var problems: [String] { replay?.session.problems ?? [] }

    /// Records an issue for each problem not reported before; returns how many.
    @discardableResult
    func reportNewProblems(sourceLocation: SourceLocation) -> Int {
        let fresh = reported.withLock { reported -> [String] in
            let fresh = problems.filter { !reported.contains($0) }
            reported.formUnion(fresh)
            return fresh
        }
        for problem in fresh {
            Issue.record(Comment(rawValue: "replay of \(path): \(problem)"), sourceLocation: sourceLocation)
        }
        return fresh.count
    }
}
