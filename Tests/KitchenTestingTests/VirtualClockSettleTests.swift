import Testing
import VirtualTime

/// A test double that finishes its work on the global pool, where the clock cannot
/// see it, and reports that work through the clock.
final class BackgroundEcho: Sendable {
    let clock: VirtualClock

    init(clock: VirtualClock) {
        self.clock = clock
    }

    @MainActor func echo(_ value: Int, into sink: @escaping @MainActor (Int) -> Void) {
        let token = clock.beginWork("echo \(value)")
        Task.detached { [clock] in
            for _ in 0..<20 {
                await Task.yield()
            }
            await sink(value)
            clock.endWork(token)
        }
    }
}

@MainActor
struct VirtualClockSettleTests {
    @Test func settleWaitsForWorkATestDoubleReported() async throws {
        let clock = VirtualClock()
        let echo = BackgroundEcho(clock: clock)
        var received: [Int] = []
        for value in 0..<10 {
            echo.echo(value) { received.append($0) }
        }
        try await clock.settle()
        #expect(received.sorted() == Array(0..<10))
    }

    @Test func settleLetsAWokenSleeperRunToItsNextSuspension() async throws {
        let clock = VirtualClock()
        var steps: [String] = []
        Task.immediate {
            try await clock.sleep(for: .seconds(1))
            steps.append("woke")
            Task { @MainActor in steps.append("follow-up") }
        }
        try await clock.advance(by: .seconds(1))
        #expect(steps == ["woke", "follow-up"])
    }

    @Test func settleThrowsWhenReportedWorkNeverEnds() async throws {
        let clock = VirtualClock(limits: .init(maximumSettleRounds: 20))
        let token = clock.beginWork("stuck upload")
        let error = await #expect(throws: VirtualClockError.self) { try await clock.settle() }
        #expect(error == .settleDidNotConverge(rounds: 20, awakeSleepers: 0, outstandingWork: ["stuck upload"]))
        clock.endWork(token)
        try await clock.settle()
    }

    @Test func settleFromANonisolatedCallerStillWaitsForMainActorWork() async throws {
        let clock = VirtualClock()
        let debouncer = Debouncer(clock: clock)
        debouncer.receive(7)
        try await Self.advanceOffMainActor(clock, by: .milliseconds(500))
        #expect(debouncer.sent == [7])
    }

    @concurrent private static func advanceOffMainActor(_ clock: VirtualClock, by duration: Duration) async throws {
        try await clock.advance(by: duration)
    }
}
