/// When to ping and when to give up on a silent peer, as a pure state machine
/// over elapsed time (no clock inside, so it is tested with plain durations).
struct KeepAliveSchedule: Sendable, Equatable {
    enum Action: Sendable, Equatable {
        case sendPing([UInt8])
        case timedOut
    }

    let interval: Duration
    let timeout: Duration
    private var nextPingAt: Duration
    private var awaitingSince: Duration?
    private var outstanding: [UInt8] = []
    private var counter: UInt32 = 0

    init(interval: Duration, timeout: Duration, start: Duration) {
        self.interval = interval
        self.timeout = timeout
        self.nextPingAt = start + interval
    }

    /// What to do at `now`, if anything.
    mutating func tick(now: Duration) -> Action? {
        if let since = awaitingSince {
            return now - since >= timeout ? .timedOut : nil
        }
        guard now >= nextPingAt else { return nil }
        counter &+= 1
        outstanding = withUnsafeBytes(of: counter.bigEndian, Array.init)
        awaitingSince = now
        nextPingAt = now + interval
        return .sendPing(outstanding)
    }

    /// The earliest time at which `tick` acts: the pong's deadline while a ping is
    /// unanswered, otherwise the next ping.
    var nextDeadline: Duration { awaitingSince.map { $0 + timeout } ?? nextPingAt }

    /// A pong arrived; it answers the outstanding ping if it echoes its payload (§5.5.3).
    mutating func received(pong payload: [UInt8]) {
        if awaitingSince != nil, payload == outstanding { awaitingSince = nil }
    }
}
