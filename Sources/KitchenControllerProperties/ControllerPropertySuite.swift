import KitchenControllers
import KitchenTesting

/// A pure-model property that failed (or gave up) when it should have passed.
public struct ControllerPropertyFailure: Error, CustomStringConvertible {
    /// The property's name.
    public var property: String
    /// The engine's report.
    public var report: String

    /// `property: report`.
    public var description: String { "\(property): \(report)" }
}

/// Every pure-model property of the controllers, for the benchmark and for
/// anyone who wants to run them outside Swift Testing.
///
/// ```swift
/// let cases = try await ControllerPropertySuite.runPureModelProperties(cases: 10_000, seed: 1)
/// ```
public enum ControllerPropertySuite {
    /// The names of the pure-model properties, in the order they run.
    public static let pureModelPropertyNames = [
        DebounceProperties.callsAreLastValueOfEachBurst().name,
        DebounceProperties.shownValueIsPendingOrLastConfirmed().name,
        DoorAlertProperties.alertFiresOncePerSpanAtThreshold().name,
        CycleCompletionProperties.completionsAreRunningToCompleteTransitions().name,
        BinFullProperties.oneNoticePerFilling().name,
        SessionProperties.errorsAndReauthFollowTheModel().name,
        AppErrorMappingProperties.statusAndBodyMapAsAPIMdSays().name,
        PresenterProperties.dashboardLinesShowTheRightFields().name,
        LiveFrameProperties.framesAreReadAsAPIMdSays().name,
    ]

    /// Runs each pure-model property (no concurrency, no clock) for `cases`
    /// cases from `seed`, ignoring `KITCHEN_PBT_*`; returns the total number of
    /// cases run. Throws at the first property that does not pass.
    public static func runPureModelProperties(cases: Int, seed: UInt64) async throws(ControllerPropertyFailure) -> Int {
        let configuration = PropertyConfiguration(cases: cases, seed: seed, environment: [:])
        var total = 0
        total += try await run(DebounceProperties.callsAreLastValueOfEachBurst(), configuration)
        total += try await run(DebounceProperties.shownValueIsPendingOrLastConfirmed(), configuration)
        total += try await run(DoorAlertProperties.alertFiresOncePerSpanAtThreshold(), configuration)
        total += try await run(CycleCompletionProperties.completionsAreRunningToCompleteTransitions(), configuration)
        total += try await run(BinFullProperties.oneNoticePerFilling(), configuration)
        total += try await run(SessionProperties.errorsAndReauthFollowTheModel(), configuration)
        total += try await run(AppErrorMappingProperties.statusAndBodyMapAsAPIMdSays(), configuration)
        total += try await run(PresenterProperties.dashboardLinesShowTheRightFields(), configuration)
        total += try await run(LiveFrameProperties.framesAreReadAsAPIMdSays(), configuration)
        return total
    }

    private static func run<Value>(_ property: ControllerProperty<Value>, _ configuration: PropertyConfiguration)
        async throws(ControllerPropertyFailure) -> Int
    {
        let report = await property.check(configuration: configuration)
        guard case .passed(let run) = report else {
            throw ControllerPropertyFailure(property: property.name, report: report.description)
        }
        return run.cases
    }
}
