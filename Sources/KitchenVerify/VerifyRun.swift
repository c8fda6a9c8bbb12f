import Foundation
import KitchenScenarios

/// One `kitchen verify`: obtains the recordings (records the scenarios in-process or against
/// a live server, or takes a folder), runs checks 1–4 on them, compares their shapes with a
/// baseline, and returns the report. Findings carry the command that reproduces them.
///
/// ```swift
/// let run = VerifyRun(options: VerifyOptions(contracts: contracts, source: .folder(recordings)))
/// let report = try await run.run { print($0) }
/// report.passed
/// ```
public struct VerifyRun: Sendable {
    /// What to verify.
    public let options: VerifyOptions

    /// A run of `options`.
    public init(options: VerifyOptions) {
        self.options = options
    }

    /// Runs everything; `progress` hears about each scenario and each file as it goes.
    public func run(progress: @escaping @Sendable (VerifyProgress) -> Void = { _ in }) async throws(VerifyError) -> VerifyReport {
        let contracts = try ContractSet(folder: options.contracts)
        var scenarioResults: [CaseResult] = []
        let folder: URL
        var temporary: URL?
        switch options.source {
        case .folder(let given):
            folder = given
        case .embedded, .live:
            for filter in options.only where !Scenario.all.contains(where: { filter.selects(file: "\($0.name).har") }) {
                throw .unknownFilter(filter.description)
            }
            if let kept = options.keepRecordings {
                folder = kept
            } else {
                folder = FileManager.default.temporaryDirectory.appendingPathComponent("kitchen-verify-\(UUID().uuidString)")
                temporary = folder
            }
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw .unwritable(path: folder.path, reason: error.localizedDescription)
            }
            scenarioResults = await recordScenarios(into: folder, progress: progress)
        }
        defer { if let temporary { try? FileManager.default.removeItem(at: temporary) } }

        var names = try RecordingFolder.files(in: folder)
        if !options.only.isEmpty {
            if case .folder = options.source {
                for filter in options.only where !names.contains(where: filter.selects(file:)) {
                    throw .unknownFilter(filter.description)
                }
            }
            names = names.filter { name in options.only.contains { $0.selects(file: name) } }
        }
        var recordings: [LoadedRecording] = []
        for name in names { recordings.append(try LoadedRecording(contentsOf: folder.appendingPathComponent(name), name: name)) }

        var byCheck: [VerifyCheck: [CaseResult]] = [.scenarios: scenarioResults]
        let contractCheck = ContractCheck(contracts: contracts), clientCheck = ClientDecodingCheck(contracts: contracts)
        let mockCheck = MockCheck(contracts: contracts), replayCheck = ScenarioReplayCheck(timeout: options.replayTimeout)
        for recording in recordings {
            progress(.checking(file: recording.name, entries: recording.entries.count, messages: recording.messageCount))
            var fileResults = contractCheck.results(for: recording) + clientCheck.results(for: recording)
            if let replay = await replayCheck.result(for: recording) { fileResults.append(replay) }
            fileResults += await mockCheck.results(for: recording)
            fileResults = fileResults.filter(selected)
            for result in fileResults { byCheck[result.verifyCase.check, default: []].append(result) }
            progress(.checked(file: recording.name, failedCases: fileResults.filter { !$0.findings.isEmpty }.count))
        }

        var notices: [String] = []
        var coverage: Coverage?
        if options.only.isEmpty {
            let coverageCheck = CoverageCheck(contracts: contracts)
            coverage = coverageCheck.measure(recordings)
            var coverageResults = coverageCheck.results(for: recordings)
            if case .live = options.source {
                // Skipped scenarios leave gaps a live run cannot close: listed, not failed.
                coverageResults = coverageResults.map { result in
                    guard let gap = result.findings.first else { return result }
                    notices.append("not exercised live: \(gap.location)")
                    return CaseResult(result.verifyCase, skipped: "not exercised by the scenarios that ran live")
                }
            }
            byCheck[.coverage] = coverageResults
            byCheck[.mock, default: []].insert(contentsOf: await mockCheck.stubResults(), at: 0)
        }

        var shapeChanges: [ShapeChange] = []
        if let baseline = options.baseline {
            progress(.comparing(baseline: baseline.relativePath))
            let comparison = try compareShapes(recordings, with: baseline)
            shapeChanges = comparison.changes
            byCheck[.shapes] = comparison.results
            notices += comparison.notices
        }

        let results = VerifyCheck.allCases.flatMap { byCheck[$0] ?? [] }.map { result in
            var stamped = result
            stamped.findings = result.findings.map { finding in
                var copy = finding
                copy.reproduce = options.reproduce(finding)
                return copy
            }
            return stamped
        }
        return VerifyReport(
            mode: options.modeName, contracts: options.contracts.relativePath,
            recordingsFolder: temporary == nil ? folder.relativePath : "(temporary)", recordings: names, results: results,
            coverage: coverage, baseline: options.baseline?.relativePath, shapeChanges: shapeChanges, notices: notices)
    }

    /// Whether `--only` keeps `result` (everything when there is no filter).
    private func selected(_ result: CaseResult) -> Bool {
        options.only.isEmpty || options.only.contains { $0.selects(result.verifyCase) }
    }

    /// Records the scenarios `--only` leaves (all by default), one case each.
    private func recordScenarios(into folder: URL, progress: @Sendable (VerifyProgress) -> Void) async -> [CaseResult] {
        let scenarios = Scenario.all.filter { scenario in
            options.only.isEmpty || options.only.contains { $0.selects(file: "\(scenario.name).har") }
        }
        var results: [CaseResult] = []
        for (index, scenario) in scenarios.enumerated() {
            let file = "\(scenario.name).har"
            let verifyCase = VerifyCase(check: .scenarios, name: "record \(scenario.name)", file: file)
            func failed(_ error: String, against server: String) -> CaseResult {
                progress(.failedScenario(scenario.name, error: error))
                return CaseResult(verifyCase, findings: [Finding(
                    check: .scenarios, file: file, location: "(scenario)",
                    expected: "scenario \(scenario.name) completes against \(server)", actual: error)])
            }
            progress(.recording(scenario: scenario.name, index: index + 1, of: scenarios.count))
            switch options.source {
            case .embedded, .folder:
                do {
                    let summary = try await ScenarioRecorder(timeout: options.scenarioTimeout).record(scenario, into: folder)
                    progress(.recorded(scenario: scenario.name, entries: summary.entries))
                    results.append(CaseResult(verifyCase))
                } catch {
                    results.append(failed("\(error)", against: "the embedded simulator"))
                }
            case .live(let server, let account):
                let recorder = LiveScenarioRecorder(server: server, account: account, timeout: options.scenarioTimeout)
                switch await recorder.record(scenario, into: folder) {
                case .recorded(let summary):
                    progress(.recorded(scenario: scenario.name, entries: summary.entries))
                    results.append(CaseResult(verifyCase))
                case .skipped(let reason):
                    progress(.skippedScenario(scenario.name, reason: reason))
                    results.append(CaseResult(verifyCase, skipped: reason))
                case .failed(let error, _):
                    results.append(failed(error, against: server.absoluteString))
                }
            }
        }
        return results
    }
}

/// What a run reports as it goes (the CLI prints these on a terminal).
public enum VerifyProgress: Sendable, CustomStringConvertible {
    /// Recording scenario `index` of `of`.
    case recording(scenario: String, index: Int, of: Int)
    /// A scenario recorded, with its entry count.
    case recorded(scenario: String, entries: Int)
    /// A scenario not run, and why.
    case skippedScenario(String, reason: String)
    /// A scenario that failed while recording.
    case failedScenario(String, error: String)
    /// Checking a file.
    case checking(file: String, entries: Int, messages: Int)
    /// A file checked, with its failed cases.
    case checked(file: String, failedCases: Int)
    /// Comparing shapes with a baseline folder.
    case comparing(baseline: String)

    public var description: String {
        switch self {
        case .recording(let scenario, let index, let count): "[\(index)/\(count)] recording \(scenario)…"
        case .recorded(let scenario, let entries): "      recorded \(scenario): \(entries) entries"
        case .skippedScenario(let scenario, let reason): "      skipped \(scenario): \(reason)"
        case .failedScenario(let scenario, let error): "      FAILED \(scenario): \(error)"
        case .checking(let file, let entries, let messages): "checking \(file) (\(entries) entries, \(messages) messages)…"
        case .checked(let file, let failed): failed == 0 ? "      ok \(file)" : "      \(failed) failing case(s) in \(file)"
        case .comparing(let baseline): "comparing shapes with \(baseline)…"
        }
    }
}
