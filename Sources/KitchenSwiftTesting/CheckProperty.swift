import KitchenTesting
import Testing
import VirtualTime

/// Checks a property and reports only its minimal failure to Swift Testing: one
/// issue at the caller's source location with the seed, the rerun command, the
/// shrunk value and why it failed. Returns the report as well.
///
/// `#expect` and `#require` work inside `body`: while cases and shrink attempts
/// run, failing issues are caught by an issue-handling scope
/// (`IssueHandlingTrait.compactMapIssues`, Swift Testing 6.2+) and turned into
/// case failures instead of reaching the test. The engine's own
/// ``KitchenTesting/expect(_:_:fileID:line:)`` works too and is cheaper.
///
/// ```swift
/// @Test func clampedTemperatureStaysInRange() async {
///     await checkProperty(Gen.int(in: -1000...1000)) { celsius in
///         #expect((170...550).contains(Oven.clamp(celsius)))
///     }
/// }
/// ```
///
/// Regression seeds belong in the test, as arguments, where they are visible and
/// stable, rather than in `KITCHEN_PBT_SEED` (which replaces exploration by a
/// replay for every property in the run, and is flagged with a warning):
///
/// ```swift
/// @Test(arguments: [8_816_229_005_111_803_451 as UInt64])
/// func clampRegression(seed: UInt64) async {
///     await checkProperty(Gen.int(in: -1000...1000), configuration: .replaying(seed: seed)) { ... }
/// }
/// ```
@discardableResult
public func checkProperty<Value>(
    _ generator: Gen<Value>,
    configuration: PropertyConfiguration = PropertyConfiguration(),
    describe: @escaping (Value) -> String = { String(describing: $0) },
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (Value) throws -> Void
) async -> PropertyReport<Value> {
    let property = Property(generator, configuration: configuration, describe: describe)
    return await reportingMinimalFailure(sourceLocation: sourceLocation, isolation: isolation) { collector in
        await property.run { value in
            try await collector.failingOnIssues { try body(value) }
        }
    }
}

/// ``checkProperty(_:configuration:describe:sourceLocation:isolation:_:)`` with an async body,
/// e.g. one that drives main-actor controllers on a ``VirtualTime/VirtualClock``.
@discardableResult
public func checkProperty<Value: Sendable>(
    _ generator: Gen<Value>,
    configuration: PropertyConfiguration = PropertyConfiguration(),
    describe: @escaping (Value) -> String = { String(describing: $0) },
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (Value) async throws -> Void
) async -> PropertyReport<Value> {
    let property = Property(generator, configuration: configuration, describe: describe)
    return await reportingMinimalFailure(sourceLocation: sourceLocation, isolation: isolation) { collector in
        await property.check { (value: Value) async throws -> Void in
            try await collector.failingOnIssues { try await body(value) }
        }
    }
}

/// Checks a stateful property and reports only the shrunk action list to Swift
/// Testing, like ``checkProperty(_:configuration:describe:sourceLocation:isolation:_:)``.
/// `#expect` inside `perform` and `invariant` fails the case without leaking issues.
@discardableResult
public func checkStateMachine<Model, Action, System>(
    _ property: StateMachineProperty<Model, Action, System>,
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation
) async -> PropertyReport<[Action]> {
    await reportingMinimalFailure(sourceLocation: sourceLocation, isolation: isolation) { collector in
        var guarded = property
        let perform = property.perform
        let invariant = property.invariant
        guarded.perform = { action, system in
            try await collector.failingOnIssues { try await perform(action, system) }
        }
        guarded.invariant = { model, system in
            try await collector.failingOnIssues { try await invariant(model, system) }
        }
        return await guarded.check()
    }
}

/// Runs `check` with the failing issues of its cases routed to the collector it is given, then
/// reports the outcome to Swift Testing as one issue at `sourceLocation`.
private func reportingMinimalFailure<Value>(
    sourceLocation: SourceLocation,
    isolation: isolated (any Actor)?,
    _ check: nonisolated(nonsending) (IssueCollector) async -> PropertyReport<Value>
) async -> PropertyReport<Value> {
    let collector = IssueCollector()
    var report: PropertyReport<Value> = .gaveUp(GaveUp(reason: "the check did not run", casesRun: 0))
    await withoutActuallyEscaping(check) { check in
        await withIssuesCaptured(by: collector, isolation: isolation) {
            report = await check(collector)
        }
    }
    recordIssue(for: report, sourceLocation: sourceLocation)
    return report
}
