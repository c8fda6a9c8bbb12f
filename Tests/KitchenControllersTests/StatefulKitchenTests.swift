import KitchenControllerProperties
import KitchenControllers
import KitchenSwiftTesting
import KitchenTesting
import Testing

/// The stateful test: the whole coordinator against a model kitchen, random
/// actions (slider, waits, commands, server changes, drops, expiry, sign-ins),
/// every observable compared after each action.
@MainActor
struct StatefulKitchenTests {
    @Test func wholeCoordinatorMatchesTheModelKitchen() async {
        await checkStateMachine(KitchenStatefulProperty.make())
    }

    /// Planted bug: the gate lets commands through while signed out. Pinned is
    /// the rule found, not the exact trace: two actions, the first requiring a
    /// sign-in, the second a command that reached the API.
    @Test(arguments: plantedBugSeeds)
    func anOpenGateIsFoundAndShrunkToTwoActions(seed: UInt64) async {
        let property = KitchenStatefulProperty.make(
            configuration: ControllerConfiguration(session: PlantedSessionBug.gateIgnoresReauth),
            propertyConfiguration: pinned(seed: seed))
        guard case .failed(let counterexample) = await property.check() else {
            Issue.record("expected the open gate to be found")
            return
        }
        let steps = Self.steps(counterexample.shrunkDescription)
        #expect(steps.count == 2, "\(steps)")
        #expect(["login with a wrong password", "expire session (4001)", "expire session (HTTP only)"]
            .contains(steps.first ?? ""), "\(steps)")
        #expect(counterexample.failure.hasPrefix("after step 2 (\(steps.last ?? "")): calls that reached the API"),
                "\(counterexample.failure)")
    }

    /// Planted bug: the slider sends the first value of a burst. Pinned is the
    /// rule found: two different slider values, then a wait of at least the quiet
    /// period, after which the oven's target is wrong.
    @Test func sendingTheFirstSliderValueIsFoundByTheStatefulTest() async {
        var configuration = ControllerConfiguration()
        configuration.debounce.rule = PlantedDebounceBug.sendsFirstValueOfBurst
        let property = KitchenStatefulProperty.make(configuration: configuration, propertyConfiguration: pinned(seed: 1))
        guard case .failed(let counterexample) = await property.check() else {
            Issue.record("expected the first-value bug to be found")
            return
        }
        let steps = Self.steps(counterexample.shrunkDescription)
        let slides = steps.filter { $0.hasPrefix("slide ") }
        #expect(slides.count == 2 && Set(slides).count == 2, "\(steps)")
        #expect(steps.last.map(Self.waitMilliseconds) ?? 0 >= 500, "\(steps)")
        #expect(counterexample.failure.contains("oven target") || counterexample.failure.contains("the server's kitchen"),
                "\(counterexample.failure)")
    }

    /// Planted bug: a server report during a burst drops the burst. Pinned is the
    /// rule found: a slide, then something that reports the same oven's state
    /// (the server changing its target, or a toggle's answer), then the quiet period.
    @Test func droppingTheBurstOnAServerReportIsFound() async {
        var configuration = ControllerConfiguration()
        configuration.debounce.rule = PlantedDebounceBug.serverReportDropsTheBurst
        for seed in plantedBugSeeds.prefix(2) {
            let property = KitchenStatefulProperty.make(configuration: configuration, propertyConfiguration: pinned(seed: seed))
            guard case .failed(let counterexample) = await property.check() else {
                Issue.record("expected the dropped burst to be found (seed \(seed))")
                continue
            }
            let steps = Self.steps(counterexample.shrunkDescription)
            let slide = steps.firstIndex { $0.hasPrefix("slide ") }
            let report = steps.firstIndex { $0.hasPrefix("server sets ") || $0 == "toggle oven" || $0 == "drop connection" }
            #expect(slide != nil && report != nil && slide! < report!, "seed \(seed): \(steps)")
            #expect(counterexample.failure.contains("oven target") || counterexample.failure.contains("calls that reached")
                    || counterexample.failure.contains("the server's kitchen"), "\(counterexample.failure)")
        }
    }

    /// Planted bugs: leaving the screen leaves work running. Whatever the shrunk
    /// trace, it leaves the screen, and the first difference comes at its last step
    /// (the stop itself, when a waiting burst stays shown, or something after it).
    @Test(arguments: PlantedStopBug.allCases)
    func workThatOutlivesTheScreenIsFound(bug: PlantedStopBug) async {
        for seed in plantedBugSeeds.prefix(2) {
            let property = KitchenStatefulProperty.make(propertyConfiguration: pinned(seed: seed), stop: bug.stop)
            guard case .failed(let counterexample) = await property.check() else {
                Issue.record("expected \(bug) to be found (seed \(seed))")
                continue
            }
            let steps = Self.steps(counterexample.shrunkDescription)
            let stop = steps.firstIndex(of: "leave the screen (stop)")
            #expect(stop != nil, "seed \(seed): \(steps)")
            #expect(counterexample.failure.hasPrefix("after step \(steps.count) ("), "\(counterexample.failure)")
        }
    }

    /// The actions of a shrunk trace (`1. slide 170` → `slide 170`).
    static func steps(_ description: String) -> [String] {
        description.split(separator: "\n").map { line in
            String(line.drop { $0 != " " }.dropFirst())
        }
    }

    /// The milliseconds of `wait N ms`, else 0.
    static func waitMilliseconds(_ step: String) -> Int {
        guard step.hasPrefix("wait ") else { return 0 }
        return Int(step.dropFirst(5).prefix { $0.isNumber }) ?? 0
    }
}
