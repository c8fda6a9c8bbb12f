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
    /// A property as its name and a run that counts the cases it passed.
    private typealias NamedRun = (name: String, run: @Sendable (PropertyConfiguration) async throws(ControllerPropertyFailure) -> Int)

    /// Each pure-model property, in the order they run.
    private static let properties: [NamedRun] = [
        erase(DebounceProperties.callsAreLastValueOfEachBurst()),
        erase(DebounceProperties.shownValueIsPendingOrLastConfirmed()),
        erase(DoorAlertProperties.alertFiresOncePerSpanAtThreshold()),
        erase(CycleCompletionProperties.completionsAreRunningToCompleteTransitions()),
        erase(BinFullProperties.oneNoticePerFilling()),
        erase(SessionProperties.errorsAndReauthFollowTheModel()),
        erase(AppErrorMappingProperties.statusAndBodyMapAsAPIMdSays()),
        erase(PresenterProperties.dashboardLinesShowTheRightFields()),
        erase(LiveFrameProperties.framesAreReadAsAPIMdSays()),
    ]

    /// The names of the pure-model properties, in the order they run.
    public static let pureModelPropertyNames = properties.map(\.name)

    /// Runs each pure-model property (no concurrency, no clock) for `cases`
    /// cases from `seed`, ignoring `KITCHEN_PBT_*`; returns the total number of
    /// cases run. Throws at the first property that does not pass.
    public static func runPureModelProperties(cases: Int, seed: UInt64) async throws(ControllerPropertyFailure) -> Int {
        let configuration = PropertyConfiguration(cases: cases, seed: seed, environment: [:])
        var total = 0
        for property in properties {
            total += try await property.run(configuration)
        }
        return total
    }

    private static func erase<Value>(_ property: ControllerProperty<Value>) -> NamedRun {
        (property.name, { configuration throws(ControllerPropertyFailure) in
            let report = await property.check(configuration: configuration)
            guard case .passed(let run) = report else {
                throw ControllerPropertyFailure(property: property.name, report: report.description)
            }
            return run.cases
        })
    }
}
