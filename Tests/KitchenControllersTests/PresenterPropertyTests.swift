import KitchenControllerProperties
import KitchenSwiftTesting
import KitchenTesting
import Testing

/// The presenters' dashboard lines over generated states (targets and currents apart).
struct PresenterPropertyTests {
    @Test func dashboardLinesShowTheFieldsTheirSpecificationNames() async {
        await check(PresenterProperties.dashboardLinesShowTheRightFields())
    }

    /// Each planted presenter bug is found from every seed, on the line it breaks.
    @Test(arguments: PlantedPresenterBug.allCases)
    func aPresenterShowingTheWrongFieldIsFound(bug: PlantedPresenterBug) async {
        let line = switch bug {
        case .ovenShowsCurrentTemperature: "oven line"
        case .fridgeShowsTargets: "fridge line"
        case .binFullBeforePower: "ice maker line"
        }
        for seed in plantedBugSeeds {
            guard let shrunk = await shrunkFailure(
                of: PresenterProperties.dashboardLinesShowTheRightFields(bug.presenters), seed: seed)
            else { continue }
            #expect(shrunk.failure.contains(line), "seed \(seed): \(shrunk.failure)")
        }
    }
}
