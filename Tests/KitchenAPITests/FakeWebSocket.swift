import Foundation
import HarnessCore
import KitchenAPI
import Synchronization
import KitchenTestSupport

/// A scripted ``WebSocketChannel``. `receive()` hands out the script in order;
/// once it is used up, `receive()` parks until `close` is called (then it
/// returns `.closed` with that code) or, with `honoursCancellation`, until
/// the reading task is cancelled.
final class FakeChannel: WebSocketChannel {
    enum Step: Sendable {
        case event(WebSocketChannelEvent)
        case failure(any Error)
    }

    private struct State {
        var script: [Step]
        var parked: CheckedContinuation<WebSocketChannelEvent, any Error>?
        var cancelledWhileParking = false
        var closes: [(code: Int, reason: String)] = []
    }

    private let state: Mutex<State>
    private let honoursCancellation: Bool
    /// Fired when `receive()` parks with the script used up.
    let parked = Signal()
    /// Fired on the first `close`.
    let closed = Signal()

    init(_ script: [Step] = [], honoursCancellation: Bool = false) {
        state = Mutex(State(script: script))
        self.honoursCancellation = honoursCancellation
    }

    convenience init(events: [WebSocketChannelEvent]) {
        self.init(events.map(Step.event))
    }

    /// Every close the client sent, in order.
    var closes: [(code: Int, reason: String)] { state.withLock { $0.closes } }

    func receive() async throws -> WebSocketChannelEvent {
        if let step = state.withLock({ $0.script.isEmpty ? nil : $0.script.removeFirst() }) {
            switch step {
            case .event(let event): return event
            case .failure(let error): throw error
            }
        }
        if let last = state.withLock({ $0.closes.last }) {
            return .closed(code: last.code, reason: last.reason)
        }
        guard honoursCancellation else { return try await park() }
        return try await withTaskCancellationHandler {
            try await park()
        } onCancel: {
            let waiter = state.withLock { state in
                state.cancelledWhileParking = true
                defer { state.parked = nil }
                return state.parked
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    private func park() async throws -> WebSocketChannelEvent {
        try await withCheckedThrowingContinuation { continuation in
            let cancelled = state.withLock { state in
                if !state.cancelledWhileParking { state.parked = continuation }
                return state.cancelledWhileParking
            }
            if cancelled {
                continuation.resume(throwing: CancellationError())
            } else {
                parked.fire()
            }
        }
    }

    func close(code: Int, reason: String) async {
        let waiter = state.withLock { state in
            state.closes.append((code, reason))
            defer { state.parked = nil }
            return state.parked
        }
        waiter?.resume(returning: .closed(code: code, reason: reason))
        closed.fire()
    }
}

/// A scripted ``WebSocketConnecting``: each `connect` takes the next outcome.
/// When the script is used up it refuses with `.unauthorized`, which ends the
/// service's loop, so a short script can never spin forever.
final class FakeConnector: WebSocketConnecting {
    enum Outcome: Sendable {
        case channel(FakeChannel)
        case failure(any Error)
    }

    private let state: Mutex<(script: [Outcome], attempts: [(url: URL, token: String)])>

    init(_ script: [Outcome]) {
        state = Mutex((script, []))
    }

    var attempts: [(url: URL, token: String)] { state.withLock { $0.attempts } }

    func connect(url: URL, token: String) async throws -> any WebSocketChannel {
        let outcome = state.withLock { state in
            state.attempts.append((url, token))
            return state.script.isEmpty ? .failure(WebSocketConnectError.unauthorized) : state.script.removeFirst()
        }
        switch outcome {
        case .channel(let channel): return channel
        case .failure(let error): throw error
        }
    }
}

/// A frame the server would send for `message`.
func frame(_ message: StateMessage) throws -> WebSocketChannelEvent {
    .text(try encodedText(message))
}
