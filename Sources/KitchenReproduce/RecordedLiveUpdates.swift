import Foundation
import HarnessCore
import KitchenAPI
import KitchenRecording
import KitchenReplay
import VirtualTime

/// The live updates of a recording, played to the app on virtual time: each recorded
/// WebSocket conversation in turn, its messages at their recorded instants, its close as
/// recorded. A drop is followed by the reconnect the app's `WebSocketService` would make
/// (the same `ReconnectPolicy`, seeded jitter), which opens the next recorded conversation;
/// a close 4001 or a refused upgrade ends the stream as unauthorized.
///
/// Built on `VirtualLiveUpdates`, so every event is work the virtual clock sees and a
/// reproduction prints the same timeline on every run.
@MainActor
final class RecordedLiveUpdates: WebSocketProviding {
    private let engine: ReplayEngine
    private let clock: VirtualClock
    private let policy: ReconnectPolicy
    private let delivery: VirtualLiveUpdates
    private var random: SeededGenerator

    /// The clock must start at the recording's first instant: recorded message times are absolute.
    init(engine: ReplayEngine, clock: VirtualClock, policy: ReconnectPolicy = ReconnectPolicy(), seed: UInt64 = 1) {
        self.engine = engine
        self.clock = clock
        self.policy = policy
        self.random = SeededGenerator(seed: seed)
        self.delivery = VirtualLiveUpdates(clock: clock)
    }

    nonisolated func events(token: String) -> AsyncStream<LiveEvent> {
        let stream = delivery.events(token: token)
        MainActor.assumeIsolated {
            // Started synchronously, so its first sleep is registered before the app goes on.
            _ = Task.immediate { @MainActor in await self.play() }
        }
        return stream
    }

    private func play() async {
        var attempt = 0
        while true {
            let upgrade = ReplayRequest(method: "GET", path: "/ws", query: [], body: [], volatile: engine.volatile)
            guard case .answer(let recorded) = engine.answer(upgrade, webSocket: true) else { return }
            guard recorded.entry.response.status == 101 else {
                if recorded.entry.response.status == 401 { delivery.push(.unauthorized) }
                return
            }
            delivery.push(.connected(attempt: attempt))
            let conversation = ReplayConversation(recorded.entry)
            var timeline = ConversationTimeline(conversation, speed: .scaled(1))
            var ending: HAR.WebSocketClose?
            while let (due, step) = timeline.next() {
                // Each step comes at its recorded instant, or at once if the app connected later.
                let wait = ConversationTimeline.wait(until: due, since: conversation.startedAt, now: clock.currentDate)
                if wait > .zero {
                    guard (try? await clock.sleep(for: wait)) != nil else { return }
                }
                switch step {
                case .message(.text(let text)): push(text)
                case .message(.binary(let bytes)): push(String(decoding: bytes, as: UTF8.self))
                case .close(let close): ending = close
                case .awaitClientClose: return
                }
            }
            guard let close = ending else { return }
            if close.code == 4001 {
                delivery.push(.unauthorized)
                return
            }
            delivery.push(.disconnected(code: close.code, reason: close.reason))
            attempt += 1
            guard policy.allowsAttempt(attempt) else { return }
            let delay = policy.delay(forAttempt: attempt, using: &random)
            delivery.push(.reconnecting(attempt: attempt, delay: delay))
            guard (try? await clock.sleep(for: delay)) != nil else { return }
        }
    }

    /// A recorded message from the server, as the app's service would hand it on.
    private func push(_ text: String) {
        switch StateMessage.decode(text: text) {
        case .state(let state): delivery.push(.message(state))
        case .unknown(let type, let deviceType): delivery.push(.unreadable("unknown message \(type) \(deviceType ?? "")"))
        case .malformed(let reason): delivery.push(.unreadable(reason))
        }
    }
}
