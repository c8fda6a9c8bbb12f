import Synchronization

/// A ``WebSocketProviding`` for controller tests: it delivers exactly the
/// events a test pushes, and records who subscribed.
///
/// Events pushed while no stream is open wait and are delivered, in order,
/// to the next stream ``events(token:)`` opens; events pushed while a stream
/// is open go to the most recent one.
///
/// ```swift
/// let webSocket = MockWebSocket()
/// let coordinator = DeviceCoordinator(api: MockAPIService(), webSocket: webSocket)
/// webSocket.push(.connected(attempt: 0))
/// webSocket.push(.message(StateMessage(deviceId: "oven-1", sentAt: now, update: .oven(.defaultOvenState))))
/// webSocket.finish()
/// #expect(webSocket.tokens == ["mock-token"])
/// ```
public final class MockWebSocket: WebSocketProviding {
    private struct State {
        var tokens: [String] = []
        var current: AsyncStream<LiveEvent>.Continuation?
        var pending: [LiveEvent] = []
        var terminatedCount = 0
    }

    private let state = Mutex(State())

    /// A mock with no streams yet.
    public init() {}

    /// Opens a new stream and records `token`.
    public func events(token: String, isolation: isolated (any Actor)? = #isolation) -> AsyncStream<LiveEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: LiveEvent.self)
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { $0.terminatedCount += 1 }
        }
        // Yielding inside the lock keeps the order of concurrent pushes; only
        // `finish()` (which runs `onTermination`, which takes the lock) stays outside.
        state.withLock { state in
            state.tokens.append(token)
            state.current = continuation
            for event in state.pending { continuation.yield(event) }
            state.pending = []
        }
        return stream
    }

    /// Delivers `event` to the most recent stream (or holds it for the next one).
    public func push(_ event: LiveEvent) {
        state.withLock { state in
            if let current = state.current {
                current.yield(event)
            } else {
                state.pending.append(event)
            }
        }
    }

    /// Delivers each of `events` in order.
    public func push(_ events: [LiveEvent]) {
        for event in events { push(event) }
    }

    /// Finishes the most recent stream, as the real service does after `.unauthorized`.
    public func finish() {
        let target = state.withLock { state in
            defer { state.current = nil }
            return state.current
        }
        target?.finish()
    }

    /// The tokens passed to ``events(token:)``, in call order.
    public var tokens: [String] { state.withLock { $0.tokens } }

    /// How many times ``events(token:)`` was called.
    public var eventsCallCount: Int { state.withLock { $0.tokens.count } }

    /// How many streams have ended (finished by the test or cancelled by their consumer).
    public var terminatedStreamCount: Int { state.withLock { $0.terminatedCount } }
}
