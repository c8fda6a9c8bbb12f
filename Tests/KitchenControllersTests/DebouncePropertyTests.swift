import KitchenControllerProperties
import KitchenControllers
import KitchenSwiftTesting
import KitchenTesting
import Testing

/// The debounce properties: pure machine against the model by the thousand,
/// the real `OvenViewModel` on virtual time, and the planted bugs.
@MainActor
struct DebouncePropertyTests {
    @Test func apiCallsAreTheLastValueOfEachBurstAtBurstEndPlusQuietPeriod() async {
        await check(DebounceProperties.callsAreLastValueOfEachBurst())
    }

    @Test func shownValueIsPendingOrLastConfirmedWithSlowAndFailingAnswers() async {
        await check(DebounceProperties.shownValueIsPendingOrLastConfirmed())
    }

    @Test func ovenViewModelOnVirtualTimeMatchesTheModel() async {
        let quiet = DebounceMachine.Configuration().quietPeriod
        await checkProperty(SliderTraceGenerators.trace(quietPeriod: quiet, failures: true)) { trace in
            let run = try await OvenShellRun.run(trace, configuration: DebounceMachine.Configuration())
            try DebounceProperties.check(run, against: trace, quietPeriod: quiet)
        }
    }

    /// Planted bug: the first value of a burst is sent. Minimal trace: two
    /// different values at the same instant.
    @Test(arguments: plantedBugSeeds)
    func sendingTheFirstValueShrinksToTwoSimultaneousMoves(seed: UInt64) async {
        let broken = DebounceProperties.callsAreLastValueOfEachBurst(.init(rule: PlantedDebounceBug.sendsFirstValueOfBurst))
        let shrunk = await shrunkFailure(of: broken, seed: seed)
        #expect(shrunk?.trace == "[slider 171 at 0 ms, slider 170 at 0 ms]")
        #expect(shrunk?.failure.hasPrefix("calls: expected [170 at 500 ms], got [171 at 500 ms]") == true)
    }

    /// Planted bug: a stale answer is shown. Minimal trace: a first request
    /// answered 501 ms late, after the second request (sent at 1000 ms) was confirmed.
    @Test(arguments: plantedBugSeeds)
    func showingStaleAnswersShrinksToALateFirstAnswer(seed: UInt64) async {
        let broken = DebounceProperties.shownValueIsPendingOrLastConfirmed(.init(rule: PlantedDebounceBug.showsStaleResponses))
        let shrunk = await shrunkFailure(of: broken, seed: seed)
        #expect(shrunk?.trace == "[slider 171 at 0 ms answered ok after 501 ms, slider 170 at 500 ms]")
        #expect(shrunk?.failure.hasPrefix("shown at the end: expected 170, got 171") == true)
    }

    @Test func theShellFindsTheFirstValueBugToo() async throws {
        let broken = DebounceMachine.Configuration(rule: PlantedDebounceBug.sendsFirstValueOfBurst)
        let report = await Property(SliderTraceGenerators.trace(quietPeriod: broken.quietPeriod, failures: false),
                                    configuration: pinned(seed: 7)).check { trace in
            let run = try await OvenShellRun.run(trace, configuration: broken)
            try DebounceProperties.check(run, against: trace, quietPeriod: broken.quietPeriod)
        }
        guard case .failed(let counterexample) = report else {
            Issue.record("expected a failure, got \(report)")
            return
        }
        #expect(counterexample.shrunkDescription == "[slider 171 at 0 ms, slider 170 at 0 ms]")
    }
}
