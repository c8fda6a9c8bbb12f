import Foundation
import HarnessCore
import KitchenAPI
import KitchenRecording
import KitchenReplay
import Synchronization

/// A `WebSocketConnecting` that plays recorded conversations: the upgrade is matched like
/// any request; the server's messages arrive at their recorded offsets (scaled by `speed`)
/// on `clock` — a virtual clock in tests — and the recorded close ends the channel.
///
/// Everything runs in the caller's isolation (`nonisolated(nonsending)`), so the app's
/// `WebSocketService` on the main actor waits on `clock` where a virtual clock sees it.
public struct ReplayWebSocketConnector: WebSocketConnecting {
    /// Where a conversation's recorded offsets are counted from.
    public enum Timing: Sendable {
        /// From the moment the app connects (a replay that starts whenever the test does).
        case sinceConnect
        /// From the conversation's recorded start: `clock` tells recorded time (a reproduction
        /// whose clock starts at the recording's first instant). Messages whose instant has
        /// passed when the app connects arrive at once.
        case atRecordedInstants
    }

    /// What an upgrade the recording cannot answer gets.
    public enum Unanswered: Sendable {
        /// A `WebSocketConnectError.failed` naming the difference (a strict replay).
        case refused
        /// No answer until the connecting task is cancelled: the recording ends there, as a
        /// session whose last reconnect the recorder never saw complete.
        case pendingUntilCancelled
    }

    public let engine: ReplayEngine
    public let clock: any SchedulingClock
    public let speed: ReplaySpeed
    public let timing: Timing
    public let unanswered: Unanswered

    public init(engine: ReplayEngine, clock: any SchedulingClock, speed: ReplaySpeed, timing: Timing = .sinceConnect,
                unanswered: Unanswered = .refused) {
        self.engine = engine
        self.clock = clock
        self.speed = speed
        self.timing = timing
        self.unanswered = unanswered
    }

    nonisolated(nonsending) public func connect(url: URL, token: String) async throws -> any WebSocketChannel {
        let request = ReplayRequest(webSocketURL: url, token: token, volatile: engine.volatile)
        switch engine.answer(request, webSocket: true) {
        case .unmatched(let mismatch):
            if unanswered == .pendingUntilCancelled {
                // A stream that never yields: its iteration ends, in the caller's isolation, only
                // when the task is cancelled.
                for await _ in AsyncStream(Never.self, { _ in }) {}
                throw CancellationError()
            }
            throw WebSocketConnectError.failed("replay: \(mismatch)")
        case .answer(let recorded) where recorded.entry.response.status == 401:
            throw WebSocketConnectError.unauthorized
        case .answer(let recorded) where recorded.entry.response.status != 101:
            throw WebSocketConnectError.failed("replay: the recorded upgrade answered \(recorded.entry.response.status)")
        case .answer(let recorded):
            let conversation = ReplayConversation(recorded.entry)
            let start = timing == .atRecordedInstants ? conversation.startedAt : clock.currentDate
            return ReplayWebSocketChannel(conversation: conversation, clock: clock, speed: speed, start: start)
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

    /// `start` is the instant the conversation's offsets count from.
    init(conversation: ReplayConversation, clock: any SchedulingClock, speed: ReplaySpeed, start: Date) {
        self.clock = clock
        self.start = start
        self.state = Mutex(State(timeline: ConversationTimeline(conversation, speed: speed)))
    }

    nonisolated(nonsending) func receive() async throws -> WebSocketChannelEvent {
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
    nonisolated(nonsending) private func closedByClient() async -> WebSocketChannelEvent {
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

    nonisolated(nonsending) func close(code: Int, reason: String) async {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.closedByClient == nil { state.closedByClient = (code, reason) }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}
