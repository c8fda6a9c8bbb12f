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

    /// Planted bug: the first value of a burst is sent. Pinned is the rule found,
    /// not the exact trace: a burst of two different values, and a wrong call.
    @Test(arguments: plantedBugSeeds)
    func sendingTheFirstValueShrinksToTwoSimultaneousMoves(seed: UInt64) async {
        let broken = DebounceProperties.callsAreLastValueOfEachBurst(.init(rule: PlantedDebounceBug.sendsFirstValueOfBurst))
        let shrunk = await shrunkFailure(of: broken, seed: seed)
        #expect(shrunk.map { Self.sliderValues($0.trace).count == 2 && Set(Self.sliderValues($0.trace)).count == 2 } == true,
                "\(shrunk?.trace ?? "")")
        #expect(shrunk?.failure.hasPrefix("calls: expected [") == true, "\(shrunk?.failure ?? "")")
    }

    /// Planted bug: a stale answer is shown. Pinned: two requests, the first
    /// answered late, and the wrong value shown at the end.
    @Test(arguments: plantedBugSeeds)
    func showingStaleAnswersShrinksToALateFirstAnswer(seed: UInt64) async {
        let broken = DebounceProperties.shownValueIsPendingOrLastConfirmed(.init(rule: PlantedDebounceBug.showsStaleResponses))
        let shrunk = await shrunkFailure(of: broken, seed: seed)
        #expect(shrunk.map { Self.sliderValues($0.trace).count == 2 && $0.trace.contains("answered ok after") } == true,
                "\(shrunk?.trace ?? "")")
        #expect(shrunk?.failure.hasPrefix("shown at the end:") == true, "\(shrunk?.failure ?? "")")
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
        #expect(Set(Self.sliderValues(counterexample.shrunkDescription)).count == 2, "\(counterexample.shrunkDescription)")
    }

    /// The slider values of a trace's description, in order.
    static func sliderValues(_ trace: String) -> [Int] {
        trace.matches(of: /slider (\d+)/).compactMap { Int($0.1) }
    }
}
