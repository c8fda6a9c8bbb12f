import Foundation
import KitchenReplay
import KitchenReproduce
import KitchenScenarios
import Testing
import KitchenTestSupport

/// Every committed scenario, run by the real `APIService`/`WebSocketService` in-process against
/// its own recording, matches it exactly: every request recorded, every recorded entry used.
@Suite struct ScenarioReplayTests {
    @Test(arguments: Scenario.all.map(\.name))
    func scenarioReplaysAgainstItsRecordingStrictly(_ name: String) async throws {
        let scenario = try #require(Scenario.named(name))
        let replay = try ReplaySession(contentsOf: Repository.recording(name), speed: .max)
        let context = ScenarioContext(
            baseURL: replay.baseURL,
            accounts: [.init(username: "demo", password: "demo"), .init(username: "alice", password: "alice")],
            controls: InertSimulatorControls(), transport: replay.transport, connector: replay.connector,
            timeout: .seconds(5))
        try await scenario.run(in: context)
        #expect(replay.problems == [])
    }
}
