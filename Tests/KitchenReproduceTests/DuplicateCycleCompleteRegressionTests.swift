import Foundation
import KitchenAPI
import KitchenControllers
import KitchenRecording
import KitchenReproduce
import KitchenSwiftTesting
import Testing
import KitchenTestSupport

/// The bug story of `Recordings/bugs/duplicate-cycle-complete-after-reconnect.har`: a session of
/// the app in which a dishwasher cycle completes, the live socket drops, and the reconnect
/// snapshot repeats "complete". The detector once reported that cycle twice.
@MainActor
@Suite struct DuplicateCycleCompleteRegressionTests {
    static let recording = "Recordings/bugs/duplicate-cycle-complete-after-reconnect.har"

    static func isCycleCompleted(_ event: LogEvent) -> Bool {
        if case .cycleCompleted = event { true } else { false }
    }

    @Test(.replaying(recording))
    func theCycleIsReportedOnceAcrossTheReconnectSnapshot() async throws {
        let replay = try Replaying.current
        let timeline = try await Reproduction.run(session: replay.session, clock: replay.clock)
        #expect(timeline.count(where: Self.isCycleCompleted) == 1)
        // The reconnect really happened in this recording: a second connection and a second snapshot.
        #expect(timeline.count { if case .connectionConnected(let attempt) = $0 { attempt == 1 } else { false } } == 1)
        // .replaying is strict: the trait fails the test if a request went unmatched or an entry unused.
    }

    @Test(.replaying(recording))
    func theOldDetectorReportsItTwiceOnTheSameRecording() async throws {
        // Proves the recording reproduces the bug: the detector as it was fires again on the snapshot.
        let replay = try Replaying.current
        let timeline = try await Reproduction.run(
            session: replay.session, clock: replay.clock,
            configuration: ControllerConfiguration(cycleDetection: OldCycleCompletionRule()))
        #expect(timeline.count(where: Self.isCycleCompleted) == 2)
    }

    @Test func twentyReproductionsPrintTheSameTimeline() async throws {
        let document = try HARFile.load(from: Repository.url(Self.recording))
        let first = try await Reproduction.run(recording: document).text
        for _ in 1..<20 {
            #expect(try await Reproduction.run(recording: document).text == first)
        }
        #expect(first.contains("cycle completed"))
    }
}

/// The detector as it was: "was running" remembered until the next idle, so every
/// "complete" after a run fires, the reconnect snapshot's duplicate included.
private struct OldCycleCompletionRule: CycleCompletionRule {
    func completes(previous: DishwasherStatus?, ranSinceIdle: Bool) -> Bool { ranSinceIdle }
}
