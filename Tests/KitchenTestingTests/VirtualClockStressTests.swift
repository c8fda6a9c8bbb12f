import Testing
import VirtualTime

@MainActor
struct VirtualClockStressTests {
    /// The race the field notes describe (cancellations overtaking registrations,
    /// leaked sleeps, `[1, 3, 2]` instead of `[3]`), repeated until a flake would show.
    @Test func debounceScenarioGivesTheExactSentValuesTwoThousandTimes() async throws {
        var failures: [String] = []
        for iteration in 0..<2_000 {
            let clock = VirtualClock()
            let debouncer = Debouncer(clock: clock)
            var observed: [[Int]] = []

            debouncer.receive(1)
            try await clock.advance(by: .milliseconds(200))
            debouncer.receive(2)
            debouncer.receive(3)
            try await clock.advance(by: .milliseconds(499))
            observed.append(debouncer.sent)
            try await clock.advance(by: .milliseconds(1))
            observed.append(debouncer.sent)
            debouncer.receive(4)
            try await clock.advance(by: .milliseconds(250))
            debouncer.receive(5)
            try await clock.advance(by: .milliseconds(500))
            observed.append(debouncer.sent)

            let leaked = clock.pendingSleepers
            if observed != [[], [3], [3, 5]] || !leaked.isEmpty {
                failures.append("iteration \(iteration): sent \(observed), parked \(leaked)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of 2000 iterations differed; first: \(failures.first ?? "")")
    }
}
