import KitchenControllerProperties
import KitchenControllers
import KitchenSwiftTesting
import KitchenTesting
import Testing

/// The door-alert property: pure machine against the model, the real
/// `FridgeViewModel` on virtual time, the generator's boundary bias, and the planted bugs.
@MainActor
struct DoorAlertPropertyTests {
    @Test func alertIsRaisedOncePerOpenSpanThatReachesTheThreshold() async {
        await check(DoorAlertProperties.alertFiresOncePerSpanAtThreshold())
    }

    @Test func fridgeViewModelOnVirtualTimeMatchesTheModel() async {
        let configuration = DoorAlertMachine.Configuration()
        await checkProperty(DoorTraceGenerators.trace(threshold: configuration.threshold)) { trace in
            let changes = try await FridgeShellRun.run(trace, configuration: configuration)
            #expect(changes == DoorAlertModel.expectedChanges(trace, threshold: configuration.threshold))
        }
    }

    /// 500 generated traces contain an open span of exactly the threshold and
    /// one of the threshold minus 1 ms, each ended by a close.
    @Test func generatorCoversTheExactThresholdAndOneMillisecondLess() throws {
        let threshold = Duration.seconds(60)
        var spans: Set<Duration> = []
        for seed in UInt64(1)...500 {
            var source = ChoiceSource(seed: seed)
            let trace = try DoorTraceGenerators.trace(threshold: threshold).generate(from: &source)
            var start: MachineInstant?
            for update in trace.timed {
                if update.isOpen {
                    start = min(start ?? update.at, update.openedAt ?? update.at)
                } else if let opened = start {
                    spans.insert(opened.duration(to: update.at))
                    start = nil
                }
            }
        }
        #expect(spans.contains(threshold))
        #expect(spans.contains(threshold - .milliseconds(1)))
    }

    /// Planted bug: every "open" update restarts the span. The shrinker ends at
    /// one of two equally short traces, depending on the seed: an open and a
    /// repeated open 1 ms later, or an open reporting a start 1 ms earlier and a
    /// repeated open without it.
    @Test(arguments: [
        (1, "[open at 0 ms, open at 1 ms]", "expected [raised at 60000 ms], got [raised at 60001 ms]"),
        (2, "[open at 0 ms since -1 ms, open at 0 ms]", "expected [raised at 59999 ms], got [raised at 60000 ms]"),
        (3, "[open at 0 ms since -1 ms, open at 0 ms]", "expected [raised at 59999 ms], got [raised at 60000 ms]"),
        (42, "[open at 0 ms since -1 ms, open at 0 ms]", "expected [raised at 59999 ms], got [raised at 60000 ms]"),
        (20_260_101, "[open at 0 ms, open at 1 ms]", "expected [raised at 60000 ms], got [raised at 60001 ms]"),
    ] as [(UInt64, String, String)])
    func restartingOnEveryOpenShrinksToARepeatedOpen(seed: UInt64, trace: String, failure: String) async {
        let broken = DoorAlertProperties.alertFiresOncePerSpanAtThreshold(.init(rule: PlantedDoorAlertBug.restartsOnEveryOpenUpdate))
        let shrunk = await shrunkFailure(of: broken, seed: seed)
        #expect(shrunk?.trace == trace)
        #expect(shrunk?.failure.hasPrefix("alert changes: " + failure) == true)
    }

    /// Planted bug: the alert needs strictly more than the threshold. Minimal
    /// trace: the door opens once and stays open.
    @Test(arguments: plantedBugSeeds)
    func alertingOnlyPastTheThresholdShrinksToOneOpen(seed: UInt64) async {
        let broken = DoorAlertProperties.alertFiresOncePerSpanAtThreshold(.init(rule: PlantedDoorAlertBug.alertsOnlyPastThreshold))
        let shrunk = await shrunkFailure(of: broken, seed: seed)
        #expect(shrunk?.trace == "[open at 0 ms]")
        #expect(shrunk?.failure.hasPrefix("alert changes: expected [raised at 60000 ms], got [raised at 60001 ms]") == true)
    }

    @Test func theShellFindsTheRestartBugToo() async {
        let broken = DoorAlertMachine.Configuration(rule: PlantedDoorAlertBug.restartsOnEveryOpenUpdate)
        let report = await Property(DoorTraceGenerators.trace(threshold: broken.threshold), configuration: pinned(seed: 1))
            .check { trace in
                let changes = try await FridgeShellRun.run(trace, configuration: broken)
                try expectEqual(changes, DoorAlertModel.expectedChanges(trace, threshold: broken.threshold))
            }
        guard case .failed(let counterexample) = report else {
            Issue.record("expected a failure, got \(report)")
            return
        }
        #expect(counterexample.shrunkDescription == "[open at 0 ms, open at 1 ms]")
    }
}
