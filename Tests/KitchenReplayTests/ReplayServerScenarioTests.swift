import Foundation
import KitchenAPI
import KitchenRecording
import KitchenReplay
import KitchenReproduce
import KitchenScenarios
import Testing
import KitchenTestSupport

/// Every committed scenario, run by the real `APIService` (URLSession) and `WebSocketService`
/// (HTTPWire) over real sockets against `ReplayServer`, gets the recorded results and uses
/// every recorded entry.
@Suite(.timeLimit(.minutes(2))) struct ReplayServerScenarioTests {
    /// How long a step may wait for a live event: generous, since a step that passes returns at
    /// once, and on a loaded machine the suite's other tests can hold the cooperative pool for seconds.
    static let eventTimeout: Duration = .seconds(30)

    @Test(arguments: Scenario.all.map(\.name))
    func scenarioRunsAgainstTheReplayServerOverSockets(_ name: String) async throws {
        let scenario = try #require(Scenario.named(name))
        let server = ReplayServer(engine: ReplayMatching.kitchen.engine(try HARFile.load(from: Repository.recording(name))), port: 0, speed: .max)
        try server.start()
        let context = ScenarioContext(
            baseURL: try #require(server.baseURL),
            accounts: [.init(username: "demo", password: "demo"), .init(username: "alice", password: "alice")],
            controls: InertSimulatorControls(), timeout: Self.eventTimeout)
        try await scenario.run(in: context)
        let report = server.stop()
        #expect(report.unused == [])
        #expect(report.mismatches == [])
    }
}
