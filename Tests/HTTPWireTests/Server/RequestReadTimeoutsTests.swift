@testable import HTTPWire
import Testing

/// The timing rule alone, instants in and timeouts out: which timeout bounds each read.
@Suite struct RequestReadTimeoutsTests {
    static let start = Duration.seconds(1_000)

    static func readTimeouts() -> RequestReadTimeouts {
        RequestReadTimeouts(idle: .seconds(60), head: .milliseconds(300), bodyProgress: .seconds(5))
    }

    @Test func idleReadWaitsTheWholeIdleTimeoutEachTime() {
        var readTimeouts = Self.readTimeouts()
        #expect(readTimeouts.timeout(for: .idle, now: Self.start) == .seconds(60))
        #expect(readTimeouts.timeout(for: .idle, now: Self.start + .seconds(59)) == .seconds(60))
    }

    // Slowloris: bytes that keep arriving do not move the head deadline.
    @Test func headDeadlineIsFixedAtTheFirstHeadReadAndShrinksWithEachRead() {
        var readTimeouts = Self.readTimeouts()
        #expect(readTimeouts.timeout(for: .head, now: Self.start) == .milliseconds(300))
        #expect(readTimeouts.timeout(for: .head, now: Self.start + .milliseconds(100)) == .milliseconds(200))
        #expect(readTimeouts.timeout(for: .head, now: Self.start + .milliseconds(299)) == .milliseconds(1))
        #expect(readTimeouts.timeout(for: .head, now: Self.start + .milliseconds(300)) == nil)
        #expect(readTimeouts.timeout(for: .head, now: Self.start + .seconds(9)) == nil)
    }

    @Test func completedHeadGivesTheNextHeadAFreshDeadline() {
        var readTimeouts = Self.readTimeouts()
        _ = readTimeouts.timeout(for: .head, now: Self.start)
        readTimeouts.headCompleted()
        #expect(readTimeouts.timeout(for: .head, now: Self.start + .seconds(1)) == .milliseconds(300))
    }

    @Test func bodyReadWaitsTheWholeProgressTimeoutEachTimeAndEndsTheHeadDeadline() {
        var readTimeouts = Self.readTimeouts()
        _ = readTimeouts.timeout(for: .head, now: Self.start)
        #expect(readTimeouts.timeout(for: .body, now: Self.start + .seconds(10)) == .seconds(5))
        #expect(readTimeouts.headDeadline == nil)
        #expect(readTimeouts.timeout(for: .body, now: Self.start + .seconds(14)) == .seconds(5))
    }

    // A socket timeout of 0 means "forever": a remaining fraction of a millisecond must not become 0.
    @Test(arguments: [(Duration.microseconds(1), 1), (.milliseconds(1), 1), (.microseconds(1_500), 2),
                      (.seconds(30), 30_000)])
    func socketTimeoutRoundsUpToAtLeastOneMillisecond(duration: Duration, milliseconds: Int) {
        #expect(duration.socketTimeoutMilliseconds == milliseconds)
    }
}
