import KitchenControllerProperties
import Testing

struct ControllerPropertySuiteTests {
    @Test func runsEveryPureModelPropertyAndCountsTheCases() async throws {
        let cases = try await ControllerPropertySuite.runPureModelProperties(cases: 50, seed: 3)
        #expect(cases == 50 * ControllerPropertySuite.pureModelPropertyNames.count)
    }
}
