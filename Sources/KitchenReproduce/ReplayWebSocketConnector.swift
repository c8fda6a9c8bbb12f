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

/// One replayed conversation.
final class ReplayWebSocketChannel: WebSocketChannel {
    private struct State {
        var next = 0
        var closedByClient: (code: Int, reason: String)?
        var waiter: CheckedContinuation<Void, Never>?
    }

    let conversation: ReplayConversation
    let clock: any SchedulingClock
    let speed: ReplaySpeed
    let start: Date
    private let state = Mutex(State())

    init(conversation: ReplayConversation, clock: any SchedulingClock, speed: ReplaySpeed) {
        self.conversation = conversation
        self.clock = clock
        self.speed = speed
        self.start = clock.currentDate
    }

    func receive() async throws -> WebSocketChannelEvent {
        if let closed = state.withLock({ $0.closedByClient }) { return .closed(code: closed.code, reason: closed.reason) }
        let index = state.withLock { state in
            defer { state.next += 1 }
            return state.next
        }
        if index < conversation.toClient.count {
            let message = conversation.toClient[index]
            let due = start.addingTimeInterval(Double(speed.delay(message.offset) / .milliseconds(1)) / 1000)
            let wait = due.timeIntervalSince(clock.currentDate)
            if wait > 0 { try await clock.sleep(for: .milliseconds(Int64((wait * 1000).rounded()))) }
            if let closed = state.withLock({ $0.closedByClient }) { return .closed(code: closed.code, reason: closed.reason) }
            let payload = (try? message.message.payload) ?? []
            return message.message.opcode == .binary ? .binary(payload) : .text(String(decoding: payload, as: UTF8.self))
        }
        if conversation.serverCloses, let close = conversation.close {
            return .closed(code: close.code, reason: close.reason)
        }
        // The client closed it in the recording: wait for this client to close.
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
