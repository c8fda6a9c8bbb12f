import Foundation
import HarnessCore
import KitchenAPI
import KitchenRecording
import KitchenReplay
import Synchronization

/// A `WebSocketConnecting` that plays recorded conversations: the upgrade is matched like
/// any request; the server's messages arrive at their recorded offsets (scaled by `speed`)
/// on `clock` — a virtual clock in tests — and the recorded close ends the channel.
public struct ReplayWebSocketConnector: WebSocketConnecting {
    public let engine: ReplayEngine
    public let clock: any SchedulingClock
    public let speed: ReplaySpeed

    public init(engine: ReplayEngine, clock: any SchedulingClock, speed: ReplaySpeed) {
        self.engine = engine
        self.clock = clock
        self.speed = speed
    }

    public func connect(url: URL, token: String) async throws -> any WebSocketChannel {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let request = ReplayRequest(method: "GET", path: components?.percentEncodedPath ?? "/ws",
                                    query: (components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }, body: [],
                                    volatile: engine.volatile)
        switch engine.answer(request, webSocket: true) {
        case .unmatched(let mismatch):
            throw WebSocketConnectError.failed("replay: \(mismatch)")
        case .answer(let recorded) where recorded.entry.response.status == 401:
            throw WebSocketConnectError.unauthorized
        case .answer(let recorded) where recorded.entry.response.status != 101:
            throw WebSocketConnectError.failed("replay: the recorded upgrade answered \(recorded.entry.response.status)")
        case .answer(let recorded):
            return ReplayWebSocketChannel(conversation: ReplayConversation(recorded.entry), clock: clock, speed: speed)
        }
    }
}

/// One replayed conversation, in process: a shell over its timeline on `clock`.
final class ReplayWebSocketChannel: WebSocketChannel {
    private struct State {
        var timeline: ConversationTimeline
        var closedByClient: (code: Int, reason: String)?
        /// The recorded close, once played: every later receive gets it again.
        var closedByServer: HAR.WebSocketClose?
        var waiter: CheckedContinuation<Void, Never>?
    }

    let clock: any SchedulingClock
    let start: Date
    private let state: Mutex<State>

    init(conversation: ReplayConversation, clock: any SchedulingClock, speed: ReplaySpeed) {
        self.clock = clock
        self.start = clock.currentDate
        self.state = Mutex(State(timeline: ConversationTimeline(conversation, speed: speed)))
    }

    func receive() async throws -> WebSocketChannelEvent {
        if let closed = state.withLock({ $0.closedByClient }) { return .closed(code: closed.code, reason: closed.reason) }
        let next = state.withLock { state in state.closedByServer == nil ? state.timeline.next() : nil }
        if let close = state.withLock({ $0.closedByServer }) { return .closed(code: close.code, reason: close.reason) }
        guard let (due, step) = next else { return await closedByClient() }
        let wait = ConversationTimeline.wait(until: due, since: start, now: clock.currentDate)
        if wait > .zero { try await clock.sleep(for: wait) }
        if let closed = state.withLock({ $0.closedByClient }) { return .closed(code: closed.code, reason: closed.reason) }
        switch step {
        case .message(.text(let text)): return .text(text)
        case .message(.binary(let bytes)): return .binary(bytes)
        case .close(let close):
            state.withLock { $0.closedByServer = close }
            return .closed(code: close.code, reason: close.reason)
        case .awaitClientClose: return await closedByClient()
        }
    }

    /// Waits for this client to close (the recording has nothing more from the server).
    private func closedByClient() async -> WebSocketChannelEvent {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                guard state.closedByClient == nil else { return true }
                state.waiter = continuation
                return false
            }
            if ready { continuation.resume() }
        }
        let closed = state.withLock { $0.closedByClient } ?? (code: 1000, reason: "")
        return .closed(code: closed.code, reason: closed.reason)
    }

    func close(code: Int, reason: String) async {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.closedByClient == nil { state.closedByClient = (code, reason) }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}
