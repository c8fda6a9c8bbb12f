import Synchronization

/// What a connection opened without a handler of its own delivers, kept for the task that awaits
/// it (``WebSocketConnection/receive()``): each message or frame as the loop decodes it, then
/// the end. While more than ``limit`` events wait unread,
/// the connection reads nothing more (the peer is held back by TCP); it reads on once the reader
/// has taken half of them.
final class WebSocketInbox: WebSocketLoopHandler {
    private struct State {
        var events: [WebSocketEvent] = []
        var taken = 0
        var reader: CheckedContinuation<WebSocketEvent, Never>?
        /// When the reader began to wait with nothing unread (connection time).
        var readerWaitingSince: Duration?
        var end: WebSocketCloseInfo?
        var paused = false

        var unread: Int { events.count - taken }
    }

    /// Events that may wait unread before reading stops.
    static let limit = 64

    let receiveMode: WebSocketReceiveMode
    private let state = Mutex(State())

    init(receiveMode: WebSocketReceiveMode) { self.receiveMode = receiveMode }

    func received(_ message: WebSocketMessage, on connection: WebSocketConnection) { keep(.message(message), on: connection) }

    func received(_ frame: WebSocketFrame, on connection: WebSocketConnection) { keep(.frame(frame), on: connection) }

    func ended(_ info: WebSocketCloseInfo, on connection: WebSocketConnection) { keep(.closed(info), on: connection) }

    /// On the loop: hands `event` to the waiting reader, or keeps it.
    private func keep(_ event: WebSocketEvent, on connection: WebSocketConnection) {
        let (reader, pauses) = state.withLock { state -> (CheckedContinuation<WebSocketEvent, Never>?, Bool) in
            if case .closed(let info) = event { state.end = info }
            if let reader = state.reader {
                state.reader = nil
                state.readerWaitingSince = nil
                return (reader, false)
            }
            state.events.append(event)
            guard state.unread > Self.limit, !state.paused else { return (nil, false) }
            state.paused = true
            return (nil, true)
        }
        reader?.resume(returning: event)
        if pauses { connection.pauseReading() }
    }

    /// Since when the reader has waited with nothing unread; nil while it is not waiting.
    var readerWaitingSince: Duration? { state.withLock { $0.readerWaitingSince } }

    /// The next event, waiting for the loop to deliver it; the end, again, once it was taken.
    /// A wait the task's cancellation interrupts returns `.cancelled` and takes nothing: what
    /// arrives later is the next call's. One reader at a time.
    nonisolated(nonsending) func next(of connection: WebSocketConnection) async -> WebSocketEvent {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let (ready, resumes) = state.withLock { state -> (WebSocketEvent?, Bool) in
                    guard state.unread > 0 else {
                        if let end = state.end { return (.closed(end), false) }
                        // Checked under the lock the cancellation handler takes: a cancellation
                        // either comes before this and is seen here, or finds the reader parked.
                        if Task.isCancelled { return (.cancelled, false) }
                        state.reader = continuation
                        state.readerWaitingSince = connection.now
                        return (nil, false)
                    }
                    let event = state.events[state.taken]
                    state.taken += 1
                    if state.unread == 0 || state.taken >= Self.limit {
                        state.events.removeFirst(state.taken)
                        state.taken = 0
                    }
                    guard state.paused, state.unread <= Self.limit / 2 else { return (event, false) }
                    state.paused = false
                    return (event, true)
                }
                if resumes { connection.eventLoop.execute { connection.resumeReading() } }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let reader = state.withLock { state -> CheckedContinuation<WebSocketEvent, Never>? in
                defer {
                    state.reader = nil
                    state.readerWaitingSince = nil
                }
                return state.reader
            }
            reader?.resume(returning: .cancelled)
        }
    }
}
