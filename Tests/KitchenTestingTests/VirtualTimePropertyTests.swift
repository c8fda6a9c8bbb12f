import KitchenTesting
import Testing
import VirtualTime

struct TimedEvent: Sendable, Equatable, CustomStringConvertible {
    var value: Int
    var gap: Duration

    var description: String { "\(value) after \(gap)" }
}

/// Property tests of a main-actor controller on virtual time: every case builds a
/// fresh clock and debouncer, replays the trace, and compares with a model.
@MainActor
struct VirtualTimePropertyTests {
    static let threshold = Duration.milliseconds(500)
    static let traces = Gen.array(
        of: Gen.zip(Gen.int(in: 0...9), Gen.duration(in: .zero ... .seconds(1), around: [threshold]))
            .map { TimedEvent(value: $0, gap: $1) },
        count: 0...12)

    static func runDebouncer(_ events: [TimedEvent]) async throws -> [Int] {
        let clock = VirtualClock()
        let debouncer = Debouncer(clock: clock, delay: threshold)
        for event in events {
            try await clock.advance(by: event.gap)
            debouncer.receive(event.value)
        }
        try await clock.advance(by: .seconds(1))
        try clock.expectNoPendingSleepers()
        return debouncer.sent
    }

    /// A value is sent when the next event comes `threshold` or more later.
    static func model(_ events: [TimedEvent], sendsWhenGapEqualsThreshold: Bool) -> [Int] {
        events.indices.compactMap { index in
            guard index + 1 < events.count else { return events[index].value }
            let gap = events[index + 1].gap
            let sends = gap > threshold || (sendsWhenGapEqualsThreshold && gap == threshold)
            return sends ? events[index].value : nil
        }
    }

    @Test func debouncerMatchesTheInclusiveModel() async throws {
        let report = await Property(Self.traces, configuration: isolatedConfiguration(cases: 300)).check { events in
            let sent = try await Self.runDebouncer(events)
            try expectEqual(sent, Self.model(events, sendsWhenGapEqualsThreshold: true))
        }
        #expect(report.isPassed, "\(report)")
    }

    /// An off-by-one model disagrees only when a gap is exactly the threshold; the
    /// boundary-biased durations find it and shrinking reduces it to two events.
    @Test func anOffByOneModelIsCaughtAtExactlyTheThreshold() async throws {
        let report = await Property(Self.traces, configuration: isolatedConfiguration(cases: 300)).check { events in
            let sent = try await Self.runDebouncer(events)
            try expectEqual(sent, Self.model(events, sendsWhenGapEqualsThreshold: false))
        }
        let counterexample = try #require(report.counterexample)
        guard case .failed = report else {
            Issue.record("expected a deterministic failure, got \(report)")
            return
        }
        #expect(counterexample.shrunk == [TimedEvent(value: 0, gap: .zero), TimedEvent(value: 0, gap: Self.threshold)])
        #expect(counterexample.failure.hasPrefix("expected [0], got [0, 0]"))
    }
}
