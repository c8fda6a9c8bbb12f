/// A property over generated values: a generator, a configuration and a body that
/// throws (``check(_:)``) or returns `false` (``checkThat(_:)``) when the property
/// does not hold.
///
/// ```swift
/// let report = await Property(Gen.array(of: Gen.int(in: 0...9), count: 0...20)).check { values in
///     try expect(zip(values, values.dropFirst()).allSatisfy { $0 != $1 })
/// }
/// // report.counterexample?.shrunk == [0, 0]
/// ```
///
/// The body runs in the caller's isolation (a `@MainActor` test can drive
/// main-actor controllers and a ``VirtualClock`` from it). It must be
/// deterministic given its value: the shrunk case is rerun, and one that passes
/// on rerun is reported as ``PropertyReport/nondeterministic(_:)``.
public struct Property<Value> {
    /// Builds each case's value.
    public var generator: Gen<Value>
    /// Case count, seed and limits.
    public var configuration: PropertyConfiguration
    /// How values appear in reports.
    public var describe: (Value) -> String

    /// A property over values from `generator`.
    public init(
        _ generator: Gen<Value>,
        configuration: PropertyConfiguration = PropertyConfiguration(),
        describe: @escaping (Value) -> String = { String(describing: $0) }
    ) {
        self.generator = generator
        self.configuration = configuration
        self.describe = describe
    }

    /// Runs the cases; any error thrown by `body` fails the case.
    nonisolated(nonsending) public func check(_ body: (Value) throws -> Void) async -> PropertyReport<Value> {
        await run { value in try body(value) }
    }

    /// Runs the cases; `false` (or an error) from `predicate` fails the case.
    /// (Named apart from `check(_:)`: a closure with several statements could be either.)
    nonisolated(nonsending) public func checkThat(_ predicate: (Value) throws -> Bool) async -> PropertyReport<Value> {
        await run { value in
            if try !predicate(value) {
                throw PropertyFailure("the property returned false")
            }
        }
    }

    /// Runs the cases; any error thrown by `body` fails the case. For glue that wraps a
    /// synchronous body in async work of its own (KitchenSwiftTesting's issue capture).
    nonisolated(nonsending) package func run(
        _ body: nonisolated(nonsending) (Value) async throws -> Void
    ) async -> PropertyReport<Value> {
        let runner = PropertyRunner<Value>(configuration: configuration, describe: describe)
        return await runner.run { source in
            let value: Value
            do throws(GenerationFailure) {
                value = try generator.generate(from: &source)
            } catch {
                return .invalid(error)
            }
            do {
                try await body(value)
                return .passed(value)
            } catch {
                return .failed(value, message: String(describing: error))
            }
        }
    }
}

extension Property where Value: Sendable {
    /// Runs the cases with an async body, e.g. one that advances a ``VirtualClock``;
    /// any error thrown by `body` fails the case. A body written in a `@MainActor`
    /// test is main-actor isolated and runs there without extra hops.
    nonisolated(nonsending) public func check(_ body: (Value) async throws -> Void) async -> PropertyReport<Value> {
        await run { value in try await body(value) }
    }
}
