import KitchenControllerProperties
import KitchenSwiftTesting
import KitchenTesting
import Testing

/// HTTP status and body → `AppError` → the session rules, over generated answers.
struct ErrorMappingPropertyTests {
    @Test func statusAndBodyMapToTheAppErrorAPIMdNamesAndOnly401OrUnauthorizedMeansSignIn() async {
        await check(AppErrorMappingProperties.statusAndBodyMapAsAPIMdSays())
    }

    /// Each planted mapping bug is found from every seed; the shrunk answer shows the rule it breaks.
    @Test(arguments: PlantedMappingBug.allCases)
    func aBrokenMappingIsFound(bug: PlantedMappingBug) async {
        for seed in plantedBugSeeds {
            guard let shrunk = await shrunkFailure(
                of: AppErrorMappingProperties.statusAndBodyMapAsAPIMdSays(bug.mapping), seed: seed)
            else { continue }
            switch bug {
            case .forbiddenMeansReauth:
                #expect(shrunk.trace.hasPrefix("403 "), "seed \(seed): \(shrunk.trace)")
                #expect(shrunk.failure.contains("requires re-authentication"))
            case .anyClientErrorMeansReauth:
                #expect(shrunk.trace.hasPrefix("4"), "seed \(seed): \(shrunk.trace)")
                #expect(!shrunk.trace.hasPrefix("401 "), "seed \(seed): \(shrunk.trace)")
                #expect(shrunk.failure.contains("requires re-authentication"))
            case .ignoresTheBodysCode:
                #expect(shrunk.trace.contains(#""error":""#), "seed \(seed): \(shrunk.trace)")
            case .payloadTooLargeStatusIsAServerError:
                #expect(shrunk.trace.hasPrefix("413 "), "seed \(seed): \(shrunk.trace)")
                #expect(shrunk.failure.contains("the app error"))
            case .conflictCodeIsNotFound:
                #expect(shrunk.trace.contains(#""error":"conflict""#), "seed \(seed): \(shrunk.trace)")
                #expect(shrunk.failure.contains("the app error"))
            }
        }
    }
}
