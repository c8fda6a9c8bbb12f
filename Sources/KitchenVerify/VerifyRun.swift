import Foundation
import HarnessCore
import KitchenContracts
import KitchenRecording
import KitchenScenarios

/// One `kitchen verify`: obtains the recordings (from its ``ScenarioSource``, which records the
/// scenarios in-process or against a live server, or from a folder), runs checks 1–4 on them,
/// compares their shapes with a baseline, and returns the report. Findings carry the command
/// that reproduces them.
///
/// ```swift
/// let run = VerifyRun(options: VerifyOptions(contracts: contracts, source: .folder(recordings)))
/// let report = try await run.run { print($0) }
/// report.passed
/// ```
public struct VerifyRun: Sendable {
    /// What to verify.
    public let options: VerifyOptions
    /// What records the scenarios of an embedded or live run; `nil` when the run only reads a folder.
    public let scenarios: (any ScenarioSource)?

    /// A run of `options`, recording through `scenarios` when `options.source` is embedded or live.
    public init(options: VerifyOptions, scenarios: (any ScenarioSource)? = nil) {
        self.options = options
        self.scenarios = scenarios
    }

    /// Runs everything; `progress` hears about each scenario and each file as it goes.
    public func run(progress: @escaping @Sendable (VerifyProgress) -> Void = { _ in }) async throws(VerifyError) -> VerifyReport {
        let contracts = try ContractSet(folder: options.contracts, options: SchemaOptions(formats: options.formats))
        var scenarioResults: [CaseResult] = []
        let folder: URL
        var temporary: URL?
        defer { if let temporary { try? FileManager.default.removeItem(at: temporary) } }
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
            scenarioResults = try await recordScenarios(into: folder, progress: progress)
        }

        var names = try RecordingFolder.files(in: folder)
        if case .folder = options.source, names.isEmpty { throw .noRecordings(folder: folder.relativePath) }
        if !options.only.isEmpty {
            if case .folder = options.source {
                for filter in options.only where !names.contains(where: filter.selects(file:)) {
                    throw .unknownFilter(filter.description)
                }
            }
            names = names.filter { name in options.only.contains { $0.selects(file: name) } }
        }
        var recordings: [LoadedRecording] = []
        var unreadable: [CaseResult] = []
        for name in names {
            do throws(VerifyError) {
                recordings.append(try LoadedRecording(contentsOf: folder.appendingPathComponent(name), name: name))
            } catch {
                // One bad file is reported as a failing case; the others are still verified.
                progress(.unreadable(file: name, reason: error.description))
                unreadable.append(CaseResult(VerifyCase(check: .contract, name: "read \(name)", file: name), findings: [
                    Finding(check: .contract, file: name, location: "(file)", expected: "a HAR 1.2 file this harness can read",
                            actual: error.description)]))
            }
        }
        for filter in options.only {
            guard let entry = filter.entry, let recording = recordings.first(where: { filter.selects(file: $0.name) }),
                  !recording.entries.indices.contains(entry) else { continue }
            throw .entryOutOfRange(filter: filter.description, entries: recording.entries.count)
        }

        var byCheck: [VerifyCheck: [CaseResult]] = [.scenarios: scenarioResults, .contract: unreadable]
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
            let skippedLive = scenarioResults.contains { $0.skipped != nil }
            let gapsAreNotices: String? = switch options.source {
            // Skipped scenarios leave gaps a live run cannot close: listed, not failed.
            case .live where skippedLive: "not exercised by the scenarios that ran live"
            // One session's recordings exercise what the session did, not the whole API.
            case .folder where !options.requireCoverage: "not exercised by these recordings (--require-coverage makes this fail)"
            default: nil
            }
            if let gapsAreNotices {
                coverageResults = coverageResults.map { result in
                    guard let gap = result.findings.first else { return result }
                    notices.append("not exercised\(options.modeName == "live" ? " live" : ""): \(gap.location)")
                    return CaseResult(result.verifyCase, skipped: gapsAreNotices)
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

        var results = VerifyCheck.allCases.flatMap { byCheck[$0] ?? [] }
        for (index, result) in results.enumerated() {
            for (position, finding) in result.findings.enumerated() {
                results[index].findings[position].reproduce = options.reproduce(finding)
            }
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

    /// Records the scenarios `--only` leaves (all by default) through the run's ``ScenarioSource``.
    private func recordScenarios(into folder: URL, progress: @escaping @Sendable (VerifyProgress) -> Void)
        async throws(VerifyError) -> [CaseResult]
    {
        guard let scenarios else { throw .noScenarioSource(mode: options.modeName) }
        let selected = Scenario.all.filter { scenario in
            options.only.isEmpty || options.only.contains { $0.selects(file: "\(scenario.name).har") }
        }
        return try await scenarios.record(selected, into: folder, options: options, progress: progress)
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
    /// `--live`: logged in, and the provider-state controls the server offers.
    case preflight(server: String, user: String, controls: [String])
    /// A scenario is done: `passed`, `FAILED`, `skipped` or `outage`, after `elapsed`.
    case finishedScenario(String, result: String, elapsed: Duration)
    /// A recording that could not be read (the others are still checked).
    case unreadable(file: String, reason: String)

    /// Whether this is the one line per scenario printed when the output is not a terminal (CI logs).
    public var isScenarioLine: Bool {
        switch self {
        case .finishedScenario, .preflight, .unreadable: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .recording(let scenario, let index, let count): "[\(index)/\(count)] recording \(scenario)…"
        case .recorded(let scenario, let entries): "      recorded \(scenario): \(entries) entries"
        case .skippedScenario(let scenario, let reason): "      skipped \(scenario): \(reason)"
        case .failedScenario(let scenario, let error): "      FAILED \(scenario): \(error)"
        case .checking(let file, let entries, let messages): "checking \(file) (\(entries) entries, \(messages) messages)…"
        case .checked(let file, let failed): failed == 0 ? "      ok \(file)" : "      \(failed) failing case(s) in \(file)"
        case .comparing(let baseline): "comparing shapes with \(baseline)…"
        case .preflight(let server, let user, let controls):
            "logged in to \(server) as \(user); provider-state controls: " + (controls.isEmpty ? "none" : controls.joined(separator: ", "))
        case .finishedScenario(let scenario, let result, let elapsed):
            "scenario \(scenario): \(result) (\(String(format: "%.1f", elapsed.timeInterval)) s)"
        case .unreadable(let file, let reason): "cannot read \(file): \(reason)"
        }
    }
}
