import Foundation
import KitchenAPI
import KitchenControllers

/// Sessions of the app (its controllers on the real client) recorded because they once
/// showed a bug; each is kept under `Recordings/bugs/` with a regression test that replays it.
public enum BugStories {
    /// Every bug story, recorded by `kitchen scenarios record` into `bugs/`.
    public static let all: [Scenario] = [duplicateCycleComplete]

    /// A dishwasher cycle completes, the live-update socket drops, and the reconnect snapshot
    /// repeats "complete". A detector that fired on every complete after having seen one running
    /// reported the cycle twice; the fixed one reports it once.
    public static let duplicateCycleComplete = Scenario(
        name: "duplicate-cycle-complete-after-reconnect",
        summary: "the app sees a cycle complete, then a reconnect snapshot repeats it", requires: [.clock, .webSockets]
    ) { context in
        try await AppSession.duplicateCycleComplete(context)
    }
}

/// The app, driven as a user would, against whatever the context points at (the recorder).
@MainActor
enum AppSession {
    static func duplicateCycleComplete(_ context: ScenarioContext) async throws {
        let controls = try context.requireControls()
        let tokens = InMemoryTokenStore()
        let api = APIService(baseURL: context.baseURL, tokenStore: tokens, transport: context.transport)
        let live = context.liveUpdates()
        let telemetry = RecordingTelemetryService()
        let devices = DeviceViewModel(api: api, webSocket: live, tokenStore: tokens, telemetry: telemetry)
        defer { devices.stop() }

        guard await devices.login(username: context.primary.username, password: context.primary.password) else {
            throw ScenarioError.unexpected(step: "login", detail: "\(String(describing: devices.error))")
        }
        await devices.load()
        let snapshotSize = devices.devices.snapshotCount
        try await until("the first snapshot", telemetry) { events in
            events.filter { if case .stateApplied(_, _, .live) = $0 { true } else { false } }.count >= snapshotSize
        }
        guard let dishwasher = devices.devices.first(where: { $0.type == .dishwasher }) else {
            throw ScenarioError.unexpected(step: "devices", detail: "no dishwasher")
        }
        await devices.dishwasher.start(cycle: "rinse_only", deviceId: dishwasher.id)
        try await until("the cycle running live", telemetry) { events in
            events.filter { if case .stateApplied(.dishwasher, _, .live) = $0 { true } else { false } }.count >= 2
        }
        try await controls.advance(ticks: 15)
        try await until("the cycle completed", telemetry) { events in
            events.contains { if case .cycleCompleted = $0 { true } else { false } }
        }
        try await controls.dropWebSockets(of: context.primary.username)
        try await until("the reconnect snapshot", telemetry) { events in
            guard let reconnected = events.lastIndex(where: { if case .connectionConnected(let attempt) = $0 { attempt > 0 } else { false } })
            else { return false }
            return events[reconnected...].filter { if case .stateApplied(_, _, .live) = $0 { true } else { false } }.count >= snapshotSize
        }
    }

    /// Waits (in real time: this drives a live server) until the app's telemetry satisfies `done`.
    static func until(_ what: String, _ telemetry: RecordingTelemetryService, timeout: Duration = .seconds(10),
                      _ done: ([LogEvent]) -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while !done(telemetry.events) {
            guard ContinuousClock.now < deadline else {
                throw ScenarioError.timedOut(waitingFor: what, after: nil, seconds: Int(timeout.components.seconds), seen: telemetry.events.suffix(5).map(\.description))
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
