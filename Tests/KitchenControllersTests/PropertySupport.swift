import KitchenControllerProperties
import KitchenSwiftTesting
import KitchenTesting
import Testing

/// Seeds the planted-bug tests run from: the shrunk trace must be the same from each.
let plantedBugSeeds: [UInt64] = [1, 2, 3, 42, 20_260_101]

/// A pinned configuration that ignores `KITCHEN_PBT_*`, for planted-bug tests
/// whose shrunk trace is asserted exactly.
func pinned(seed: UInt64, cases: Int = 500) -> PropertyConfiguration {
    PropertyConfiguration(cases: cases, seed: seed, environment: [:])
}

/// Runs a pure-model property through Swift Testing (`KITCHEN_PBT_CASES` and
/// `KITCHEN_PBT_SEED` honoured; 500 cases by default).
@discardableResult
func check<Value>(
    _ property: ControllerProperty<Value>,
    configuration: PropertyConfiguration = PropertyConfiguration(),
    sourceLocation: SourceLocation = #_sourceLocation
) async -> PropertyReport<Value> {
    await checkProperty(property.generator, configuration: configuration, describe: property.describe,
                        sourceLocation: sourceLocation) { try property.body($0) }
}

/// Runs a planted-bug variant with the engine alone and returns its shrunk
/// case's description, recording an issue unless the run failed deterministically.
func shrunkFailure<Value>(
    of property: ControllerProperty<Value>, seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation
) async -> (trace: String, failure: String)? {
    let report = await property.check(configuration: pinned(seed: seed))
    guard case .failed(let counterexample) = report else {
        Issue.record("expected the planted bug to be found (seed \(seed)), got: \(report)", sourceLocation: sourceLocation)
        return nil
    }
    return (counterexample.shrunkDescription, counterexample.failure)
}
