import KitchenTesting

/// A pure-model property ready to run: its generator, how a case reads in a
/// report, and a body that throws when the controller's rule and the
/// reference model disagree. Test suites hand the parts to `checkProperty`;
/// the benchmark runs them with ``check(configuration:)``.
///
/// ```swift
/// let property = DebounceProperties.callsAreLastValueOfEachBurst()
/// await checkProperty(property.generator, describe: property.describe) { try property.body($0) }
/// ```
public struct ControllerProperty<Value: Sendable>: Sendable {
    /// A short name, used in benchmark output.
    public let name: String
    /// Builds each case.
    public let generator: Gen<Value>
    /// How a case reads in a failure report.
    public var describe: @Sendable (Value) -> String = { String(describing: $0) }
    /// Throws a `PropertyFailure` when the rule and the model disagree on this case.
    public let body: @Sendable (Value) throws -> Void

    /// Runs the property's cases with the engine alone (no Swift Testing).
    public func check(configuration: PropertyConfiguration = PropertyConfiguration()) async -> PropertyReport<Value> {
        await Property(generator, configuration: configuration, describe: describe).check(body)
    }
}
