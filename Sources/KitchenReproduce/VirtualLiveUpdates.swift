import KitchenAPI
import Synchronization
import VirtualTime

/// A ``KitchenAPI/WebSocketProviding`` for tests (and reproduction) on a ``VirtualTime/VirtualClock``:
/// it delivers exactly the events a test pushes, and reports each one to the
/// clock as work until the consumer has handled it, so `clock.settle()` returns
/// only once every pushed event has been through the consumer's loop.
///
/// (`MockWebSocket` cannot do that: the consumer's resumption is a hop the clock
/// cannot see, so `settle()` may return with only the first of several pushed
/// events handled.)
///
/// An event counts as handled when the consumer asks for the next one, or when
/// its stream ends (the consumer stopped, was cancelled, or dropped the stream).
/// Events pushed while no stream is open, or after the latest one ended, are dropped,
/// as a closed socket drops them.
///
/// ```swift
/// let live = VirtualLiveUpdates(clock: clock)
/// let devices = DeviceViewModel(api: api, webSocket: live, tokenStore: tokens, clock: clock)
/// await devices.load()
/// live.push([.connected(attempt: 0), .unauthorized])
/// try await clock.settle()        // both handled
/// ```
public final class VirtualLiveUpdates: WebSocketProviding {
    private struct Stream {
        var buffer: [(event: LiveEvent, work: VirtualClock.WorkToken)] = []
        var inHand: VirtualClock.WorkToken?
        var waiting: CheckedContinuation<LiveEvent?, Never>?
        /// The producer is done: after the buffer, the consumer's loop ends.
        var finished = false
        var onEnd: (@Sendable () -> Void)?

        /// What the consumer gets now: the next event (then in hand), the end (`.some(nil)`),
        /// or nothing yet (`nil`).
        mutating func take() -> LiveEvent?? {
            if buffer.isEmpty { return finished ? .some(nil) : nil }
            let (event, work) = buffer.removeFirst()
            inHand = work
            return .some(event)
        }
    }

    private struct State {
        var streams: [Int: Stream] = [:]
        var current: Int?
        var tokens: [String] = []
        var endedCount = 0
        var dropped = 0
    }

    private let clock: VirtualClock
    private let state = Mutex(State())

    /// A source whose events are tracked as work on `clock`.
    public init(clock: VirtualClock) {
        self.clock = clock
    }

    /// Opens a new stream (the current one from now on) and records `token`.
    /// (`isolation` is not used: events arrive as they are pushed.)
    public func events(token: String, isolation: isolated (any Actor)? = #isolation) -> AsyncStream<LiveEvent> {
        events(token: token, onEnd: nil)
    }

    /// Opens a new stream, as ``events(token:isolation:)``, and calls `onEnd` once when
    /// its consumer is gone (it stopped, was cancelled, or dropped the stream): a producer
    /// stops there.
    public func events(token: String, onEnd: (@Sendable () -> Void)?) -> AsyncStream<LiveEvent> {
        let id = state.withLock { state in
            let id = state.tokens.count
            state.tokens.append(token)
            state.streams[id] = Stream(onEnd: onEnd)
            state.current = id
            return id
        }
        let lifetime = StreamLifetime { [weak self] in self?.end(id) }
        return AsyncStream(unfolding: { [self, lifetime] in
            withExtendedLifetime(lifetime) {}
            return await self.next(on: id)
        }, onCancel: { [weak self] in
            self?.end(id)
        })
    }

    /// Ends the current stream from the producer's side: its consumer gets the events
    /// already pushed, then the end of the stream. Later pushes are dropped.
    public func finish() {
        let waiting: CheckedContinuation<LiveEvent?, Never>? = state.withLock { state in
            guard let id = state.current, var stream = state.streams[id] else { return nil }
            stream.finished = true
            state.current = nil
            defer { state.streams[id] = stream }
            guard stream.buffer.isEmpty, stream.inHand == nil else { return nil }
            defer { stream.waiting = nil }
            return stream.waiting
        }
        waiting?.resume(returning: nil)
    }

    /// Delivers `event` to the current stream (dropped if there is none or it ended).
    public func push(_ event: LiveEvent) {
        let resume: (CheckedContinuation<LiveEvent?, Never>, LiveEvent)? = state.withLock { state in
            guard let id = state.current, var stream = state.streams[id] else {
                state.dropped += 1
                return nil
            }
            let work = clock.beginWork("live event \(event)")
            defer { state.streams[id] = stream }
            if let waiting = stream.waiting {
                stream.waiting = nil
                stream.inHand = work
                return (waiting, event)
            }
            stream.buffer.append((event, work))
            return nil
        }
        if let (continuation, event) = resume {
            continuation.resume(returning: event)
        }
    }

    /// Delivers each of `events` in order.
    public func push(_ events: [LiveEvent]) {
        for event in events { push(event) }
    }

    /// The tokens passed to ``events(token:)``, in call order.
    public var tokens: [String] { state.withLock { $0.tokens } }
    /// How many streams were opened.
    public var streamCount: Int { state.withLock { $0.tokens.count } }
    /// How many streams have ended.
    public var endedStreamCount: Int { state.withLock { $0.endedCount } }
    /// How many pushed events were dropped because no stream was open.
    public var droppedEventCount: Int { state.withLock { $0.dropped } }

    private func next(on id: Int) async -> LiveEvent? {
        await withCheckedContinuation { continuation in
            let ready: LiveEvent?? = state.withLock { state in
                guard var stream = state.streams[id] else { return .some(nil) }
                defer { state.streams[id] = stream }
                // Asking again means the event in hand has been handled.
                if let work = stream.inHand {
                    clock.endWork(work)
                    stream.inHand = nil
                }
                let taken = stream.take()
                if taken == nil { stream.waiting = continuation }
                return taken
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// The stream's consumer is gone, and so is the stream: whatever it held or had not read
    /// counts as handled, and later pushes to it are dropped.
    private func end(_ id: Int) {
        let ended = state.withLock { state -> Stream? in
            guard let stream = state.streams.removeValue(forKey: id) else { return nil }
            state.endedCount += 1
            return stream
        }
        guard let ended else { return }
        if let work = ended.inHand { clock.endWork(work) }
        for (_, work) in ended.buffer { clock.endWork(work) }
        ended.waiting?.resume(returning: nil)
        ended.onEnd?()
    }
}

/// Calls `onEnd` when the stream that holds it is released.
private final class StreamLifetime: Sendable {
    private let onEnd: @Sendable () -> Void

    init(onEnd: @escaping @Sendable () -> Void) {
        self.onEnd = onEnd
    }

    deinit {
        onEnd()
    }
}
