import KitchenAPI
import Synchronization

/// A live-update stream being read in the background, so that a scenario can wait for the
/// message its last command should cause — and so know that everything before it has arrived
/// (messages on one socket keep their order). It also keeps the latest state of every device,
/// so a scenario can read the state it starts from and choose commands that change it.
public final class LiveSession: Sendable {
    private struct State {
        var events: [LiveEvent] = []
        var cursor = 0
        var finished = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    private let reader = Mutex<Task<Void, Never>?>(nil)
    private let trail: RequestTrail?
    let timeout: Duration

    init(stream: AsyncStream<LiveEvent>, timeout: Duration, trail: RequestTrail? = nil) {
        self.timeout = timeout
        self.trail = trail
        // The reading task holds the session until the stream ends or `close()` cancels it.
        let task = Task { [self] in
            for await event in stream {
                wakeWaiters { $0.events.append(event) }
            }
            wakeWaiters { $0.finished = true }
        }
        reader.withLock { $0 = task }
    }

    /// Every event so far.
    public var events: [LiveEvent] { state.withLock { $0.events } }

    /// The state of `deviceID` (or of its `compartment`) as of the scenario's last wait: from
    /// the snapshot or a later message up to the last one waited for. Messages that arrived
    /// since are not counted yet (a replay may stream ahead of the scenario).
    public func latest(_ deviceID: String, compartment: String? = nil) -> DeviceUpdate? {
        state.withLock { state in
            for event in state.events[..<state.cursor].reversed() {
                if case .message(let message) = event, message.deviceId == deviceID, message.compartment == compartment {
                    return message.update
                }
            }
            return nil
        }
    }

    /// Waits for the next event (after the previous wait's match) satisfying `matches`. A wait
    /// that times out names what it waited for, the request that should have caused it and the
    /// last events it saw.
    @discardableResult
    public func waitFor(_ what: String, _ matches: @escaping @Sendable (LiveEvent) -> Bool) async throws -> LiveEvent {
        let deadline = ContinuousClock.now + timeout
        while true {
            let outcome = state.withLock { state -> (LiveEvent?, Bool, Int) in
                if let index = state.events[state.cursor...].firstIndex(where: matches) {
                    state.cursor = index + 1
                    return (state.events[index], false, state.events.count)
                }
                return (nil, state.finished, state.events.count)
            }
            if let event = outcome.0 { return event }
            if outcome.1 { throw ScenarioError.streamEnded(waitingFor: what, after: trail?.last) }
            guard ContinuousClock.now < deadline else {
                throw ScenarioError.timedOut(waitingFor: what, after: trail?.last, seconds: Int(timeout.components.seconds),
                                             seen: events.suffix(5).map(\.readable))
            }
            await nextEvent(after: outcome.2, before: deadline)
        }
    }

    /// Waits for `count` state messages.
    public func waitForMessages(_ count: Int, _ what: String) async throws {
        for index in 0..<count {
            try await waitFor("\(what) (\(index + 1) of \(count))") { if case .message = $0 { true } else { false } }
        }
    }

    /// Waits for the state message of `deviceID` (of its `compartment`, for a double oven) that
    /// satisfies `matches`.
    @discardableResult
    public func waitForUpdate(_ what: String, deviceID: String, compartment: String? = nil,
                              _ matches: @escaping @Sendable (DeviceUpdate) -> Bool = { _ in true }) async throws -> StateMessage {
        let event = try await waitFor("\(deviceID)\(compartment.map { " " + $0 } ?? "") \(what)") { event in
            guard case .message(let message) = event, message.deviceId == deviceID, message.compartment == compartment else { return false }
            return matches(message.update)
        }
        guard case .message(let message) = event else { throw ScenarioError.unexpected(step: what, detail: "matched \(event.readable)") }
        return message
    }

    /// Stops reading; the stream's end closes the socket (code 1000).
    public func close() async {
        let task = reader.withLock { $0 }
        task?.cancel()
        await task?.value
    }

    /// Suspends until there are more than `seen` events, the stream ends, or `deadline` passes.
    private func nextEvent(after seen: Int, before deadline: ContinuousClock.Instant) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [self] in
                await withCheckedContinuation { continuation in
                    let parked = self.state.withLock { state in
                        // Something may have arrived since the caller looked.
                        guard !state.finished, state.events.count == seen else { return false }
                        state.waiters.append(continuation)
                        return true
                    }
                    if !parked { continuation.resume() }
                }
            }
            group.addTask { try? await ContinuousClock().sleep(until: deadline) }
            await group.next()
            group.cancelAll()
            // Release a waiter left behind by the timeout so its task can finish.
            wakeWaiters { _ in }
        }
    }

    /// Applies `change`, then resumes every waiter so each looks at the events again.
    private func wakeWaiters(after change: (inout State) -> Void) {
        let waiters = state.withLock { state in
            change(&state)
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
