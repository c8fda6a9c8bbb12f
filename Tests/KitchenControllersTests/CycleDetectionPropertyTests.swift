import KitchenControllerProperties
import KitchenControllers
import KitchenSwiftTesting
import KitchenTesting
import Testing

/// The cycle-detection and bin-full properties: pure detectors against the
/// model, the real controllers, and the planted bugs.
@MainActor
struct CycleDetectionPropertyTests {
    @Test func completionsAreExactlyTheRunningToCompleteTransitions() async {
        await check(CycleCompletionProperties.completionsAreRunningToCompleteTransitions())
    }

    /// Through the coordinator: live messages, reconnect snapshots, start and stop answers.
    @Test func dishwasherViewModelThroughTheCoordinatorMatchesTheModel() async {
        await checkProperty(DishwasherTraceGenerators.trace()) { trace in
            let completions = try await DishwasherShellRun.run(trace, rule: StandardCycleCompletionRule())
            #expect(completions == CycleCompletionModel.expectedCompletions(trace))
        }
    }

    /// Planted bug: "was running" is remembered until the next stop, so a
    /// duplicate "complete" fires again. Minimal trace: running, complete, complete.
    @Test(arguments: plantedBugSeeds)
    func firingOnEveryCompleteShrinksToADuplicateComplete(seed: UInt64) async {
        let broken = CycleCompletionProperties.completionsAreRunningToCompleteTransitions(PlantedCycleCompletionBug.firesOnEveryCompleteAfterRunning)
        let shrunk = await shrunkFailure(of: broken, seed: seed)
        // Pinned is the rule found: a run, then "complete" twice; the duplicate fires.
        #expect(shrunk.map { $0.trace.contains("running") && Self.count("complete", in: $0.trace) == 2 } == true,
                "\(shrunk?.trace ?? "")")
        #expect(shrunk?.failure.hasPrefix("completions at observations: expected [") == true, "\(shrunk?.failure ?? "")")
    }

    /// Planted bug: a dishwasher first seen complete counts as just finished.
    @Test(arguments: plantedBugSeeds)
    func firingOnFirstLoadShrinksToALoadedComplete(seed: UInt64) async {
        let broken = CycleCompletionProperties.completionsAreRunningToCompleteTransitions(PlantedCycleCompletionBug.firesWhenFirstSeenComplete)
        let shrunk = await shrunkFailure(of: broken, seed: seed)
        #expect(shrunk?.trace.hasPrefix("[loaded complete") == true, "\(shrunk?.trace ?? "")")
        #expect(shrunk?.failure.contains("got [0") == true, "\(shrunk?.failure ?? "")")
    }

    @Test func theShellFindsTheDuplicateCompleteBugToo() async {
        let report = await Property(DishwasherTraceGenerators.trace(), configuration: pinned(seed: 1)).check { trace in
            let completions = try await DishwasherShellRun.run(trace, rule: PlantedCycleCompletionBug.firesOnEveryCompleteAfterRunning)
            try expectEqual(completions, CycleCompletionModel.expectedCompletions(trace))
        }
        guard case .failed(let counterexample) = report else {
            Issue.record("expected a failure, got \(report)")
            return
        }
        #expect(counterexample.shrunkDescription.contains("running"), "\(counterexample.shrunkDescription)")
        #expect(Self.count("complete", in: counterexample.shrunkDescription) == 2, "\(counterexample.shrunkDescription)")
    }

    @Test func binFullIsAnnouncedOncePerFilling() async {
        await check(BinFullProperties.oneNoticePerFilling())
    }

    @Test func iceMakerViewModelMatchesTheBinModel() async {
        await checkProperty(BinFullProperties.traces) { trace in
            #expect(await IceMakerShellRun.run(trace, rule: StandardBinFullRule()) == BinFullProperties.expectedNotices(trace))
        }
    }

    /// Planted bug: every "full" fires. Minimal trace: full, then full again.
    @Test(arguments: plantedBugSeeds)
    func firingWhileFullShrinksToTwoFullStates(seed: UInt64) async {
        let shrunk = await shrunkFailure(of: BinFullProperties.oneNoticePerFilling(PlantedBinFullBug.firesWhileFull), seed: seed)
        // Pinned is the rule found: a "full" after a "full" fires.
        #expect(shrunk.map { !$0.trace.contains("not full") && Self.count("full", in: $0.trace) == 2 } == true,
                "\(shrunk?.trace ?? "")")
        #expect(shrunk?.failure.hasPrefix("notices at updates: expected [") == true, "\(shrunk?.failure ?? "")")
    }

    /// Occurrences of `needle` in `text`.
    static func count(_ needle: String, in text: String) -> Int {
        text.ranges(of: needle).count
    }
}
