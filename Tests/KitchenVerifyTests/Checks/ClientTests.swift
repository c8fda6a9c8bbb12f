import KitchenScenarios
import KitchenVerify
import Testing

/// Check 3 on the committed recordings: the real client decodes every recorded response and
/// message, re-encodes it without losing a required member, and — replaying each scenario
/// through `APIService` against its own recording — makes exactly the recorded requests.
@Suite("Check 3: the real client against the recordings")
struct ClientTests {
    @Test("the client decodes the recorded answer and re-encodes it completely", arguments: Fixtures.exchangeCases(.client))
    func exchangeDecodes(_ testCase: TestCase) throws {
        let contracts = try #require(Fixtures.contracts)
        let (recording, entry, _) = try Fixtures.locate(testCase)
        let findings = ClientDecodingCheck(contracts: contracts).findings(for: entry, in: recording.name)
        #expect(findings.isEmpty, "\(lines(findings))")
    }

    @Test("the client decodes the recorded message and re-encodes it completely",
          arguments: Fixtures.messageCases(.client, serverOnly: true))
    func messageDecodes(_ testCase: TestCase) throws {
        let contracts = try #require(Fixtures.contracts)
        let (recording, entry, message) = try Fixtures.locate(testCase)
        let findings = ClientDecodingCheck(contracts: contracts).findings(for: try #require(message), of: entry, in: recording.name)
        #expect(findings.isEmpty, "\(lines(findings))")
    }

    static let scenarioFiles = Fixtures.recordings.filter { $0.scenario != nil }.map(\.name)

    @Test("the scenario, replayed through APIService against its recording, makes exactly the recorded requests",
          arguments: scenarioFiles)
    func scenarioReplays(_ file: String) async throws {
        let recording = try #require(Fixtures.recording(file))
        let findings = await ScenarioReplayCheck().findings(for: recording)
        #expect(findings.isEmpty, "\(lines(findings))")
    }

    /// Bug recordings are sessions of the app, not scenarios: each is replayed by its own
    /// regression test (`KitchenReproduceTests`).
    @Test("every committed recording outside bugs/ is a scenario's, so every one is replayed")
    func everyRecordingIsReplayed() {
        let others = Fixtures.recordings.filter { $0.scenario == nil }.map(\.name)
        #expect(others.allSatisfy { $0.hasPrefix("bugs/") }, "\(others)")
        #expect(Self.scenarioFiles.count == Scenario.all.count)
        #expect(Self.scenarioFiles.count >= 11)
    }
}
