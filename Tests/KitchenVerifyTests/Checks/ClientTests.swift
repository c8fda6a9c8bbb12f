import KitchenScenarios
import KitchenVerify
import Testing

/// Check 3 on the committed recordings: the real client decodes every recorded response and
/// message into values that re-encode to the same meaning; tolerates an unknown member and a
/// new device type and refuses a missing required member; opens the right live-updates URL;
/// and — replaying each scenario through `APIService` against its own recording — makes
/// exactly the recorded requests, headers included.
@Suite("Check 3: the real client against the recordings")
struct ClientTests {
    @Test("the client decodes the recorded answer, and its re-encoding means the same, every member", arguments: Fixtures.exchangeCases(.client))
    func exchangeDecodes(_ testCase: TestCase) throws {
        let contracts = try #require(Fixtures.contracts)
        let (recording, entry, _) = try Fixtures.locate(testCase)
        let findings = ClientDecodingCheck(contracts: contracts).findings(for: entry, in: recording.name)
        #expect(findings.isEmpty, "\(lines(findings))")
    }

    @Test("the client decodes the recorded message, and its re-encoding means the same, every member",
          arguments: Fixtures.messageCases(.client, serverOnly: true))
    func messageDecodes(_ testCase: TestCase) throws {
        let contracts = try #require(Fixtures.contracts)
        let (recording, entry, message) = try Fixtures.locate(testCase)
        let findings = ClientDecodingCheck(contracts: contracts).findings(for: try #require(message), of: entry, in: recording.name)
        #expect(findings.isEmpty, "\(lines(findings))")
    }

    /// Every exchange with a 2xx JSON body the client reads, and every server message: the
    /// ones the probes run on.
    static let probedExchanges = Fixtures.recordings.flatMap { recording in
        recording.entries.filter { entry in
            entry.route != nil && !entry.entry.isWebSocket && (200..<300).contains(entry.exchange.status)
                && entry.exchange.responseBody != nil
        }.map { TestCase(.exchange(.client, file: recording.name, entry: $0.index, label: $0.label)) }
    }

    @Test("the client reads each body with an unknown member or a new device type, and refuses it without a required member",
          arguments: probedExchanges)
    func exchangeSurvivesProbes(_ testCase: TestCase) throws {
        let contracts = try #require(Fixtures.contracts)
        let (recording, entry, _) = try Fixtures.locate(testCase)
        let findings = ClientDecodingCheck(contracts: contracts).probeFindings(for: entry, in: recording.name)
        #expect(findings.isEmpty, "\(lines(findings))")
    }

    @Test("the client reads each message with an unknown member or a new device type, and refuses it without a required member",
          arguments: Fixtures.messageCases(.client, serverOnly: true))
    func messageSurvivesProbes(_ testCase: TestCase) throws {
        let contracts = try #require(Fixtures.contracts)
        let (recording, entry, message) = try Fixtures.locate(testCase)
        let findings = ClientDecodingCheck(contracts: contracts).probeFindings(for: try #require(message), of: entry, in: recording.name)
        #expect(findings.isEmpty, "\(lines(findings))")
    }

    @Test("the results hold a probe case per probed exchange and message and a live-updates URL case per upgrade, all passing")
    func probeAndURLCasesAreReported() throws {
        let check = ClientDecodingCheck(contracts: try #require(Fixtures.contracts))
        let results = Fixtures.recordings.flatMap(check.results(for:))
        let probes = results.filter { $0.verifyCase.name.hasSuffix(ClientDecodingCheck.probeSuffix) }
        let upgrades = Fixtures.recordings.flatMap(\.entries).filter { $0.route?.operation == .openLiveUpdates }
        let urls = results.filter { $0.verifyCase.name.hasSuffix(LiveUpdatesURLCheck.label) }
        #expect(probes.count == Self.probedExchanges.count + Fixtures.messageCases(.client, serverOnly: true).count)
        #expect(!upgrades.isEmpty)
        #expect(urls.count == upgrades.count)
        #expect(results.allSatisfy { $0.passed }, "\(lines(results.flatMap(\.findings)))")
    }

    @Test("the live-updates URL for each recorded upgrade's host keeps a base path prefix and uses wss for https",
          arguments: Fixtures.exchangeCases(.client).filter { $0.verifyCase.name.contains("GET /ws") })
    func liveUpdatesURL(_ testCase: TestCase) throws {
        let (recording, entry, _) = try Fixtures.locate(testCase)
        let findings = LiveUpdatesURLCheck.findings(for: entry, in: recording.name, client: .kitchenAPI)
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
