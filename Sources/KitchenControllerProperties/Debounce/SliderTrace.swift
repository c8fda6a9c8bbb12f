import KitchenAPI
import KitchenControllers
import KitchenTesting

/// How the API answers one temperature request.
public struct PlannedAnswer: Hashable, Sendable, CustomStringConvertible {
    /// The time the answer takes.
    public var latency: Duration
    /// The failure, or `nil` for success (the server confirms the value sent).
    public var failure: AppError?

    /// An answer.
    public init(latency: Duration = .zero, failure: AppError? = nil) {
        self.latency = latency
        self.failure = failure
    }

    /// Success with no delay.
    public static let immediateSuccess = PlannedAnswer()

    /// `ok after 0 ms` or `server(500) after 600 ms`.
    public var description: String {
        "\(failure.map { "\($0)" } ?? "ok") after \(latency.wholeMilliseconds) ms"
    }
}

/// One slider move: the wait since the previous move (or the start), the
/// value, and how the API answers if this move ends a burst (the answer is
/// carried by the move so that deleting a move while shrinking deletes its answer).
public struct SliderMove: Hashable, Sendable {
    /// The wait before this move.
    public var gap: Duration
    /// The temperature the slider moved to.
    public var value: Int
    /// The answer to the request this move sends, if it ends a burst.
    public var answer: PlannedAnswer = .immediateSuccess
}

/// A generated slider session.
public struct SliderTrace: Hashable, Sendable, CustomStringConvertible {
    /// The moves, in order.
    public var moves: [SliderMove]

    /// When each move happens, counted from the start.
    public var instants: [MachineInstant] {
        var now = MachineInstant.epoch
        return moves.map { move in
            now = now.advanced(by: move.gap)
            return now
        }
    }

    /// E.g. `[slider 171 at 0 ms answered ok after 501 ms, slider 170 at 500 ms]`
    /// (an immediate success is not spelled out).
    public var description: String {
        let list = zip(moves, instants).map { move, instant in
            let answer = move.answer == .immediateSuccess ? "" : " answered \(move.answer)"
            return "slider \(move.value) at \(instant)\(answer)"
        }
        return "[" + list.joined(separator: ", ") + "]"
    }
}

/// Generators for slider traces.
public enum SliderTraceGenerators {
    /// Latencies that put answers before, at and after the next burst's send.
    static func latencies(quietPeriod: Duration) -> [Duration] {
        [.zero, .milliseconds(1), quietPeriod / 2, quietPeriod - .milliseconds(1), quietPeriod,
         quietPeriod + .milliseconds(1), quietPeriod * 2, quietPeriod * 3 + .milliseconds(1)]
    }

    /// Up to 20 moves over the API's temperature range, gaps up to 2 s biased
    /// toward the quiet period and a millisecond either side of it. With
    /// `failures`, answers take up to three quiet periods and one in three fails.
    public static func trace(quietPeriod: Duration, failures: Bool, maximumCount: Int = 20) -> Gen<SliderTrace> {
        let gap = Gen.duration(in: .zero ... .seconds(2), around: [quietPeriod])
        let value = Gen.int(in: 170...550)
        let answer: Gen<PlannedAnswer> = failures
            ? Gen.zip(
                Gen.element(of: latencies(quietPeriod: quietPeriod)),
                Gen<AppError?>.element(of: [
                    nil, nil, nil, nil, AppError.server(status: 500), .transport(description: "connection reset"),
                ])
            ).map { PlannedAnswer(latency: $0, failure: $1) }
            : Gen.constant(PlannedAnswer.immediateSuccess).padded(by: 2)
        // 1 continue flag + 3 (gap) + 1 (value) + 2 (answer) + 1 padding = 8 choices a move.
        let move = Gen.zip(gap, value, answer).map { SliderMove(gap: $0, value: $1, answer: $2) }.padded(by: 1)
        return Gen.array(of: move, count: 0...maximumCount).map(SliderTrace.init(moves:))
    }
}
