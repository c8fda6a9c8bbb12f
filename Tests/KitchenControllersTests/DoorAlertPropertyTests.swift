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

    /// Planted bug: every "open" update restarts the span. Pinned is the rule
    /// found, not the exact trace: two opens of one span, and the alert comes later
    /// than the model's.
    @Test(arguments: plantedBugSeeds)
    func restartingOnEveryOpenShrinksToARepeatedOpen(seed: UInt64) async {
        let broken = DoorAlertProperties.alertFiresOncePerSpanAtThreshold(.init(rule: PlantedDoorAlertBug.restartsOnEveryOpenUpdate))
        guard let shrunk = await shrunkFailure(of: broken, seed: seed) else { return }
        #expect(Self.count("open at", in: shrunk.trace) == 2 && !shrunk.trace.contains("closed"), "\(shrunk.trace)")
        #expect(Self.alertIsLate(shrunk.failure), "\(shrunk.failure)")
    }

    /// Planted bug: the alert needs strictly more than the threshold. Pinned:
    /// one open span, alerted 1 ms late.
    @Test(arguments: plantedBugSeeds)
    func alertingOnlyPastTheThresholdShrinksToOneOpen(seed: UInt64) async {
        let broken = DoorAlertProperties.alertFiresOncePerSpanAtThreshold(.init(rule: PlantedDoorAlertBug.alertsOnlyPastThreshold))
        guard let shrunk = await shrunkFailure(of: broken, seed: seed) else { return }
        #expect(Self.count("open at", in: shrunk.trace) == 1 && !shrunk.trace.contains("closed"), "\(shrunk.trace)")
        #expect(Self.alertIsLate(shrunk.failure, by: 1), "\(shrunk.failure)")
    }

    /// Planted bug: a `doorOpenedAt` in the future (clock skew) is trusted. Pinned:
    /// an open whose start is after its own instant, and a late alert.
    @Test(arguments: plantedBugSeeds)
    func trustingAFutureOpeningIsFound(seed: UInt64) async {
        let broken = DoorAlertProperties.alertFiresOncePerSpanAtThreshold(.init(rule: PlantedDoorAlertBug.trustsAFutureOpenedAt))
        guard let shrunk = await shrunkFailure(of: broken, seed: seed) else { return }
        let skewed = shrunk.trace.firstMatch(of: /open at (\d+) ms since (\d+) ms/)
        #expect(skewed.map { Int($0.2)! > Int($0.1)! } == true, "\(shrunk.trace)")
        #expect(Self.alertIsLate(shrunk.failure), "\(shrunk.failure)")
    }

    /// Occurrences of `needle` in `text`.
    static func count(_ needle: String, in text: String) -> Int {
        text.ranges(of: needle).count
    }

    /// Whether the failure is a first alert later than the model's (by exactly `by` ms, when given).
    static func alertIsLate(_ failure: String, by: Int? = nil) -> Bool {
        guard let match = failure.firstMatch(of: /^alert changes: expected \[raised at (-?\d+) ms.*\], got \[raised at (-?\d+) ms/),
              let expected = Int(match.1), let got = Int(match.2)
        else { return false }
        return by.map { got - expected == $0 } ?? (got > expected)
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
        #expect(Self.count("open at", in: counterexample.shrunkDescription) == 2, "\(counterexample.shrunkDescription)")
        #expect(!counterexample.shrunkDescription.contains("closed"), "\(counterexample.shrunkDescription)")
    }
}
