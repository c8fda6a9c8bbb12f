import Foundation
import KitchenReplay
import KitchenReproduce
import KitchenScenarios
import Testing
import KitchenTestSupport

/// Every committed scenario, run by the real `APIService`/`WebSocketService` in-process against
/// its own recording, matches it exactly: every request recorded, every recorded entry used.
@Suite struct ScenarioReplayTests {
    /// How long a step may wait for a live event: generous, since a step that passes returns at
    /// once, and on a loaded machine the suite's other tests can hold the cooperative pool for seconds.
    static let eventTimeout: Duration = .seconds(30)

    @Test(arguments: Scenario.all.map(\.name))
    func scenarioReplaysAgainstItsRecordingStrictly(_ name: String) async throws {
        let scenario = try #require(Scenario.named(name))
        let replay = try ReplaySession(contentsOf: Repository.recording(name), speed: .max)
        let context = ScenarioContext(
            baseURL: replay.baseURL,
            accounts: [.init(username: "demo", password: "demo"), .init(username: "alice", password: "alice")],
            controls: InertSimulatorControls(), transport: replay.transport, connector: replay.connector,
            timeout: Self.eventTimeout)
        try await scenario.run(in: context)
        #expect(replay.problems == [])
    }
}
