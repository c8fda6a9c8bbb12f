import HarnessCore

/// When to try again after a WebSocket drop: exponential backoff with jitter,
/// capped.
///
/// Attempt n (1-based) waits `initialDelay × multiplier^(n-1)`, capped at
/// `maximumDelay`, then scaled by a random factor in `1 ± jitter`, and never
/// more than `maximumDelay`. Jitter spreads the reconnects of many clients
/// that lost the same server at once.
///
/// ```swift
/// var random = SeededGenerator(seed: 7)
/// ReconnectPolicy().delay(forAttempt: 3, using: &random)   // about 2 s ± 20 %
/// ```
public struct ReconnectPolicy: Equatable, Hashable, Sendable {
    /// The base delay of the first attempt. Default 0.5 s.
    public var initialDelay: Duration
    /// The growth factor per attempt, at least 1. Default 2.
    public var multiplier: Double
    /// No delay is longer than this. Default 30 s.
    public var maximumDelay: Duration
    /// The random spread as a fraction of the delay, 0…1. Default 0.2 (±20 %).
    public var jitter: Double
    /// How many consecutive attempts to make before giving up; `nil` retries forever.
    public var maximumAttempts: Int?

    /// A policy; out-of-range values are clamped (multiplier ≥ 1, jitter 0…1,
    /// delays ≥ 0, maximumDelay ≥ initialDelay).
    public init(
        initialDelay: Duration = .milliseconds(500),
        multiplier: Double = 2,
        maximumDelay: Duration = .seconds(30),
        jitter: Double = 0.2,
        maximumAttempts: Int? = nil
    ) {
        self.initialDelay = max(initialDelay, .zero)
        self.multiplier = max(multiplier, 1)
        self.maximumDelay = max(maximumDelay, self.initialDelay)
        self.jitter = min(max(jitter, 0), 1)
        self.maximumAttempts = maximumAttempts.map { max($0, 0) }
    }

    /// Whether attempt `attempt` (1-based) may be made.
    public func allowsAttempt(_ attempt: Int) -> Bool {
        maximumAttempts.map { attempt <= $0 } ?? true
    }

    /// The delay before attempt `attempt` (1-based; values below 1 count as 1),
    /// drawing the jitter from `generator`.
    public func delay(forAttempt attempt: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        let maximum = maximumDelay.timeInterval
        var base = initialDelay.timeInterval
        var step = 1
        // Grows step by step and stops at the cap, so a huge attempt number costs nothing.
        while step < attempt, base > 0, base < maximum, multiplier > 1 {
            base *= multiplier
            step += 1
        }
        base = min(base, maximum)
        let factor = 1 + Double.random(in: -jitter...jitter, using: &generator)
        return .seconds(min(max(base * factor, 0), maximum))
    }
}
