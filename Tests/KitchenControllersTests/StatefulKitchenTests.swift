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

    /// Planted bug: the gate lets commands through while signed out. The
    /// shrinker ends at one of two equally short traces, depending on the seed.
    @Test(arguments: [
        (1, "1. login with a wrong password\n2. toggle oven", "expected 1, got 2"),
        (2, "1. login with a wrong password\n2. toggle oven", "expected 1, got 2"),
        (3, "1. expire session (4001)\n2. toggle oven", "expected 0, got 1"),
        (42, "1. expire session (4001)\n2. toggle oven", "expected 0, got 1"),
        (20_260_101, "1. login with a wrong password\n2. toggle oven", "expected 1, got 2"),
    ] as [(UInt64, String, String)])
    func anOpenGateIsFoundAndShrunkToTwoActions(seed: UInt64, trace: String, failure: String) async {
        let property = KitchenStatefulProperty.make(
            configuration: ControllerConfiguration(session: PlantedSessionBug.gateIgnoresReauth), propertyConfiguration: pinned(seed: seed))
        guard case .failed(let counterexample) = await property.check() else {
            Issue.record("expected the open gate to be found")
            return
        }
        #expect(counterexample.shrunkDescription == trace)
        #expect(counterexample.failure.hasPrefix("after step 2 (toggle oven): calls that reached the API: " + failure))
    }

    /// Planted bug: the slider sends the first value of a burst. (Waits shrink
    /// toward the generator's special values; 90 s, its upper bound, comes before 500 ms.)
    @Test func sendingTheFirstSliderValueIsFoundByTheStatefulTest() async {
        var configuration = ControllerConfiguration()
        configuration.debounce.rule = PlantedDebounceBug.sendsFirstValueOfBurst
        let property = KitchenStatefulProperty.make(configuration: configuration, propertyConfiguration: pinned(seed: 1))
        guard case .failed(let counterexample) = await property.check() else {
            Issue.record("expected the first-value bug to be found")
            return
        }
        #expect(counterexample.shrunkDescription == "1. slide 171\n2. slide 170\n3. wait 90000 ms")
    }
}
