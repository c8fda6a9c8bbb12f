import KitchenControllers

/// One temperature call the API received: the value and when.
public struct SentTemperature: Hashable, Sendable, CustomStringConvertible {
    /// The value sent.
    public var value: Int
    /// When it was sent.
    public var at: MachineInstant

    /// `375 at 1200 ms`.
    public var description: String { "\(value) at \(at)" }
}

/// The reference model of the debounced slider: pure functions of a trace,
/// written from the specification rather than from the machine.
///
/// - A burst ends at a move followed by a gap of at least the quiet period (or
///   by nothing); its last value is sent at that move's instant plus the quiet period.
/// - Before each move, and at the end, the shown value is the latest move's
///   value while its burst waits, while its request is unanswered, and once
///   the request succeeded; after a failure it is the value of the newest
///   successful request answered so far, or the initial value.
public enum DebounceModel {
    /// The calls the API must receive, in order.
    public static func expectedCalls(_ trace: SliderTrace, quietPeriod: Duration) -> [SentTemperature] {
        bursts(trace, quietPeriod: quietPeriod).map { SentTemperature(value: trace.moves[$0.lastMove].value, at: $0.sentAt) }
    }

    /// What must be shown just before move `moveIndex` (all moves before it
    /// done, every timer and answer due by its instant handled), or after
    /// everything when `moveIndex == trace.moves.count`.
    public static func expectedShown(
        beforeMove moveIndex: Int, in trace: SliderTrace, quietPeriod: Duration, initial: Int
    ) -> Int {
        guard moveIndex > 0 else { return initial }
        let instants = trace.instants
        let now: MachineInstant? = moveIndex < instants.count ? instants[moveIndex] : nil
        func hasHappened(_ instant: MachineInstant) -> Bool { now.map { instant <= $0 } ?? true }

        let bursts = bursts(trace, quietPeriod: quietPeriod)
        let latestMove = moveIndex - 1
        let latestValue = trace.moves[latestMove].value
        // The burst of the latest move, and so its request number (bursts are numbered from 1).
        guard let request = bursts.firstIndex(where: { $0.lastMove >= latestMove }).map({ $0 + 1 }) else {
            return latestValue
        }
        let burst = bursts[request - 1]
        guard hasHappened(burst.sentAt) else { return latestValue }
        let answer = trace.moves[burst.lastMove].answer
        guard hasHappened(burst.sentAt.advanced(by: answer.latency)), answer.failure != nil else { return latestValue }
        // The latest request failed: show the newest request that succeeded by now.
        var confirmed = initial
        for earlier in bursts[..<(request - 1)] {
            let earlierAnswer = trace.moves[earlier.lastMove].answer
            if earlierAnswer.failure == nil, hasHappened(earlier.sentAt.advanced(by: earlierAnswer.latency)) {
                confirmed = trace.moves[earlier.lastMove].value
            }
        }
        return confirmed
    }

    /// Each burst's last move and its send instant, in order.
    static func bursts(_ trace: SliderTrace, quietPeriod: Duration) -> [(lastMove: Int, sentAt: MachineInstant)] {
        let moves = trace.moves
        let instants = trace.instants
        var bursts: [(lastMove: Int, sentAt: MachineInstant)] = []
        for index in moves.indices {
            let isLast = index + 1 == moves.count || moves[index + 1].gap >= quietPeriod
            if isLast {
                bursts.append((index, instants[index].advanced(by: quietPeriod)))
            }
        }
        return bursts
    }
}
