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
        #expect(shrunk?.trace == "[loaded running, live complete, live complete]")
        #expect(shrunk?.failure.hasPrefix("completions at observations: expected [1], got [1, 2]") == true)
    }

    /// Planted bug: a dishwasher first seen complete counts as just finished.
    @Test(arguments: plantedBugSeeds)
    func firingOnFirstLoadShrinksToALoadedComplete(seed: UInt64) async {
        let broken = CycleCompletionProperties.completionsAreRunningToCompleteTransitions(PlantedCycleCompletionBug.firesWhenFirstSeenComplete)
        let shrunk = await shrunkFailure(of: broken, seed: seed)
        #expect(shrunk?.trace == "[loaded complete]")
        #expect(shrunk?.failure.hasPrefix("completions at observations: expected [], got [0]") == true)
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
        #expect(counterexample.shrunkDescription == "[loaded running, live complete, live complete]")
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
        #expect(shrunk?.trace == "[loaded full, full]")
        #expect(shrunk?.failure.hasPrefix("notices at updates: expected [], got [1]") == true)
    }
}
