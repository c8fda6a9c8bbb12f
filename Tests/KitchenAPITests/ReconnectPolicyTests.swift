import HarnessCore
import KitchenAPI
import Testing

@Suite("ReconnectPolicy")
struct ReconnectPolicyTests {
    @Test("Without jitter the delay doubles from 0.5 s and stops at 30 s")
    func exponentialAndCapped() {
        let policy = ReconnectPolicy(jitter: 0)
        var random = SeededGenerator(seed: 1)
        let delays = (1...10).map { policy.delay(forAttempt: $0, using: &random) }
        #expect(delays == [
            .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16),
            .seconds(30), .seconds(30), .seconds(30), .seconds(30),
        ])
        #expect(policy.delay(forAttempt: .max, using: &random) == .seconds(30))
        #expect(policy.delay(forAttempt: 0, using: &random) == .milliseconds(500))
    }

    @Test("Jitter stays within ±20 % of the base and never passes the cap", arguments: [1, 2, 5, 6, 7, 12])
    func jitterBounds(attempt: Int) {
        let policy = ReconnectPolicy()
        let base = min(0.5 * Double(1 << (attempt - 1)), 30)
        var random = SeededGenerator(seed: UInt64(attempt))
        var seen = Set<Duration>()
        for _ in 0..<500 {
            let delay = policy.delay(forAttempt: attempt, using: &random)
            let value = delay.timeInterval
            #expect(value >= base * 0.8 - 1e-9 && value <= min(base * 1.2, 30) + 1e-9, "attempt \(attempt): \(delay)")
            seen.insert(delay)
        }
        #expect(seen.count > 100, "jitter should actually vary the delay")
    }

    @Test("The same seed gives the same delays; another seed does not")
    func seededDeterminism() {
        let policy = ReconnectPolicy()
        func run(_ seed: UInt64) -> [Duration] {
            var random = SeededGenerator(seed: seed)
            return (1...8).map { policy.delay(forAttempt: $0, using: &random) }
        }
        #expect(run(42) == run(42))
        #expect(run(42) != run(43))
    }

    @Test("maximumAttempts bounds the attempts; nil allows any number")
    func attemptLimit() {
        let limited = ReconnectPolicy(maximumAttempts: 3)
        #expect([1, 2, 3, 4].map(limited.allowsAttempt) == [true, true, true, false])
        #expect(ReconnectPolicy().allowsAttempt(1_000_000))
    }

    @Test("Out-of-range settings are clamped")
    func clamping() {
        let policy = ReconnectPolicy(
            initialDelay: .seconds(-1), multiplier: 0.5, maximumDelay: .seconds(-5), jitter: 3, maximumAttempts: -2)
        #expect(policy.initialDelay == .zero)
        #expect(policy.multiplier == 1)
        #expect(policy.maximumDelay == .zero)
        #expect(policy.jitter == 1)
        #expect(policy.maximumAttempts == 0)
        var random = SeededGenerator(seed: 9)
        #expect(policy.delay(forAttempt: 4, using: &random) == .zero)
    }
}
