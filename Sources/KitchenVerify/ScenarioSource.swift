import Foundation
import KitchenScenarios

/// Where an embedded or live run's recordings come from: something that records the given
/// scenarios into a folder, one ``CaseResult`` each. Verification only reads the folder
/// afterwards; starting a simulator or a recording proxy is the source's job
/// (`RecordedScenarios` in KitchenScenarioRecording).
///
/// ```swift
/// let report = try await VerifyRun(options: options, scenarios: RecordedScenarios()).run()
/// ```
public protocol ScenarioSource: Sendable {
    /// Records `scenarios` into `folder` as `options.source` says (embedded or live), telling
    /// `progress` about each; throws when the run cannot be judged (e.g. a live server's outage).
    func record(_ scenarios: [Scenario], into folder: URL, options: VerifyOptions,
                progress: @escaping @Sendable (VerifyProgress) -> Void) async throws(VerifyError) -> [CaseResult]
}
