import Foundation
import KitchenScenarios
import KitchenVerify
import Synchronization
import KitchenTestSupport
import Testing

/// `VerifyRun` records nothing itself: an embedded or live run gets its recordings from the
/// `ScenarioSource` it is given, and verifies the folder that source filled.
@Suite("Verify run scenario source")
struct ScenarioSourceTests {
    /// A source whose "recording" is copying the committed file of each scenario it is asked for.
    final class CopyingSource: ScenarioSource {
        let asked = Mutex<[String]>([])

        func record(_ scenarios: [Scenario], into folder: URL, options: VerifyOptions,
                    progress: @escaping @Sendable (VerifyProgress) -> Void) async throws(VerifyError) -> [CaseResult] {
            asked.withLock { $0 += scenarios.map(\.name) }
            return scenarios.map { scenario in
                let file = "\(scenario.name).har"
                try? FileManager.default.copyItem(at: Repository.recordings.appendingPathComponent(file),
                                                  to: folder.appendingPathComponent(file))
                return CaseResult(VerifyCase(check: .scenarios, name: "record \(scenario.name)", file: file))
            }
        }
    }

    @Test("an embedded run given no scenario source fails before checking anything, naming its mode")
    func embeddedRunNeedsASource() async throws {
        let options = VerifyOptions(contracts: Repository.contracts, source: .embedded)
        await #expect(throws: VerifyError.noScenarioSource(mode: "embedded")) { try await VerifyRun(options: options).run() }
    }

    @Test("an embedded run asks its source for the scenarios --only keeps, then verifies what the source wrote")
    func embeddedRunVerifiesWhatItsSourceRecorded() async throws {
        let folder = try TemporaryFolder("scenario-source")
        defer { folder.remove() }
        let source = CopyingSource()
        let options = VerifyOptions(contracts: Repository.contracts, source: .embedded,
                                    only: [CaseFilter(file: "fridge-door.har")], keepRecordings: folder.url)
        let report = try await VerifyRun(options: options, scenarios: source).run()
        #expect(source.asked.withLock { $0 } == ["fridge-door"])
        #expect(report.recordings == ["fridge-door.har"])
        #expect(report.results.first?.verifyCase.name == "record fridge-door")
        #expect(report.results.contains { $0.verifyCase.name == "scenario fridge-door replayed against fridge-door.har" })
        #expect(report.findings.isEmpty, "\(report.findings)")
    }
}
