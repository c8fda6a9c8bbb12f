import Foundation
import HarnessCore
import KitchenAPI
import KitchenControllers
import KitchenRecording
import KitchenReproduce
import Testing
import KitchenTestSupport

/// Reproduction drives the app's own `WebSocketService` over the recorded conversations.
@MainActor
@Suite struct ReproductionLiveUpdatesTests {
    static func timeline(_ path: String) async throws -> ReproductionTimeline {
        try await Reproduction.run(recording: HARFile.load(from: Repository.url(path)))
    }

    @Test("A drop is followed by the service's own reconnect: its seeded backoff, then the next recorded conversation")
    func reconnectComesFromTheService() async throws {
        let timeline = try await Self.timeline("Recordings/reconnect-after-drop.har")
        var random = SeededGenerator(seed: 1)
        let delay = ReconnectPolicy().delay(forAttempt: 1, using: &random)
        let reconnecting = timeline.entries.first { if case .connectionReconnecting = $0.event { true } else { false } }
        let second = timeline.entries.first { if case .connectionConnected(attempt: 1) = $0.event { true } else { false } }
        #expect(reconnecting.map { "\($0.event)" } == "\(LogEvent.connectionReconnecting(attempt: 1, delay: delay))")
        // The second connection opens exactly one backoff after the drop, on virtual time.
        if let reconnecting, let second {
            #expect(second.offset - reconnecting.offset == delay)
        } else {
            Issue.record("no reconnect in \(timeline.text)")
        }
    }

    @Test("Same-instant live messages are all handled before a command recorded at that instant")
    func liveMessagesOfAnInstantComeFirst() async throws {
        let timeline = try await Self.timeline("Recordings/dishwasher-cycle.har")
        let events = timeline.entries.filter { $0.offset == .seconds(15) }.map { "\($0.event)" }
        let firstCommand = events.firstIndex { $0.hasPrefix("command sent") }
        let lastLive = events.lastIndex { $0.hasPrefix("live message") }
        #expect(firstCommand != nil && lastLive != nil)
        if let firstCommand, let lastLive { #expect(lastLive < firstCommand) }
    }

    @Test("A recording without a WebSocket: one unanswered upgrade, no reconnect storm, and the run ends")
    func noConversationRecorded() async throws {
        let timeline = try await Self.timeline("Recordings/login-and-discovery.har")
        #expect(timeline.unmatched.filter { $0.hasPrefix("GET /ws") }.count == 1)
        #expect(timeline.count { if case .connectionReconnecting = $0 { true } else { false } } == 0)
        #expect(timeline.count { if case .connectionConnected = $0 { true } else { false } } == 0)
        #expect(timeline.count { if case .connectionEnded = $0 { true } else { false } } == 1)
    }
}
