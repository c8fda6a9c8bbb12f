import Foundation
import HTTPWire
import KitchenAPI
import KitchenRecording
import KitchenScenarios
import KitchenVerify

/// The scenarios of `kitchen verify`'s embedded and live runs, recorded: in-process against a
/// fresh embedded simulator each (``ScenarioRecorder``), or through a proxy in front of a live
/// server (``LiveScenarioRecorder``) after a preflight that logs in (``LivePreflight``). One
/// case per scenario; an outage before or during a live run throws instead of reporting violations.
///
/// ```swift
/// let report = try await VerifyRun(options: options, scenarios: RecordedScenarios()).run()
/// ```
public struct RecordedScenarios: ScenarioSource {
    /// A source recording as `VerifyOptions.source` says.
    public init() {}

    /// Records `scenarios` into `folder`, one case each.
    public func record(_ scenarios: [Scenario], into folder: URL, options: VerifyOptions,
                       progress: @escaping @Sendable (VerifyProgress) -> Void) async throws(VerifyError) -> [CaseResult] {
        var live: (recorder: LiveScenarioRecorder, preflight: LivePreflight)?
        if case .live(let server, let account) = options.source {
            let transport = HTTPWireTransport(trust: options.trust)
            let preflight = LivePreflight(server: server, account: account, transport: transport)
            let offered = try await preflight.run()
            progress(.preflight(server: server.absoluteString, user: account.username, controls: offered.sorted().map(\.rawValue)))
            let controls = offered.isEmpty ? nil : HTTPSimulatorControls(baseURL: server, transport: transport)
            live = (LiveScenarioRecorder(server: server, account: account, controls: controls, offeredControls: offered,
                                         trust: options.trust, timeout: options.scenarioTimeout), preflight)
        }
        var results: [CaseResult] = []
        for (index, scenario) in scenarios.enumerated() {
            let file = "\(scenario.name).har"
            let verifyCase = VerifyCase(check: .scenarios, name: "record \(scenario.name)", file: file)
            let started = ContinuousClock.now
            func finished(_ result: String) { progress(.finishedScenario(scenario.name, result: result, elapsed: ContinuousClock.now - started)) }
            progress(.recording(scenario: scenario.name, index: index + 1, of: scenarios.count))
            let outcome: LiveScenarioRecorder.Outcome
            if let live {
                outcome = await live.recorder.record(scenario, into: folder)
            } else {
                do {
                    outcome = .recorded(try await ScenarioRecorder(timeout: options.scenarioTimeout).record(scenario, into: folder))
                } catch {
                    outcome = .failed(error: "\(error)", partial: nil)
                }
            }
            switch outcome {
            case .recorded(let summary):
                progress(.recorded(scenario: scenario.name, entries: summary.entries))
                finished("passed")
                results.append(CaseResult(verifyCase))
            case .skipped(let reason):
                progress(.skippedScenario(scenario.name, reason: reason))
                finished("skipped")
                results.append(CaseResult(verifyCase, skipped: reason))
            case .failed(let error, _):
                // A server that no longer answers a login is down, not wrong.
                if let problem = await live?.preflight.problem() {
                    finished("outage")
                    throw .outage(scenario: scenario.name, reason: problem)
                }
                progress(.failedScenario(scenario.name, error: error))
                finished("FAILED")
                let server = live?.recorder.server.absoluteString ?? "the embedded simulator"
                results.append(CaseResult(verifyCase, findings: [Finding(
                    check: .scenarios, file: file, location: "(scenario)",
                    expected: "scenario \(scenario.name) completes against \(server)", actual: error)]))
            }
        }
        return results
    }
}
