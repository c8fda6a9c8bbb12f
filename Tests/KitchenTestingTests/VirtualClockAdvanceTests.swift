import Testing
import VirtualTime

@MainActor
struct VirtualClockAdvanceTests {
    @Test func advanceFiresSleepsArmedByResumedTasksInsideTheWindow() async throws {
        let clock = VirtualClock()
        var wakes: [VirtualClock.Instant] = []
        let ticker = Task.immediate {
            for _ in 0..<3 {
                try await clock.sleep(for: .milliseconds(100))
                wakes.append(clock.now)
            }
        }
        try await clock.advance(by: .milliseconds(250))
        #expect(wakes == [.zero.advanced(by: .milliseconds(100)), .zero.advanced(by: .milliseconds(200))])
        #expect(clock.now == .zero.advanced(by: .milliseconds(250)))
        #expect(clock.pendingSleepers.map(\.deadline) == [.zero.advanced(by: .milliseconds(300))])
        try await clock.advance(by: .milliseconds(50))
        try await ticker.value
        #expect(wakes.count == 3)
    }

    @Test func advanceNeverJumpsPastASleeperArmedDuringTheAdvance() async throws {
        let clock = VirtualClock()
        var events: [String] = []
        Task.immediate {
            try await clock.sleep(for: .milliseconds(300))
            events.append("A at \(clock.now)")
        }
        Task.immediate {
            try await clock.sleep(for: .milliseconds(100))
            events.append("B at \(clock.now)")
            try await clock.sleep(for: .milliseconds(150))
            events.append("B again at \(clock.now)")
        }
        try await clock.advance(by: .seconds(1))
        #expect(events == ["B at +0.100s", "B again at +0.250s", "A at +0.300s"])
    }

    @Test func zeroAdvanceResumesSleepsThatAreAlreadyDue() async throws {
        let clock = VirtualClock()
        var woke = false
        Task.immediate {
            try await clock.sleep(for: .zero)
            woke = true
        }
        #expect(!woke)
        try await clock.advance(by: .zero)
        #expect(woke)
    }

    @Test func runDrainsEverySleeperAndStopsAtTheLastDeadline() async throws {
        let clock = VirtualClock()
        var finished: [Int] = []
        for seconds in [3, 1, 2] {
            Task.immediate {
                try await clock.sleep(for: .seconds(seconds))
                finished.append(seconds)
            }
        }
        try await clock.run()
        #expect(finished == [1, 2, 3])
        #expect(clock.now == .zero.advanced(by: .seconds(3)))
        try clock.expectNoPendingSleepers()
    }

    @Test func runFailsClearlyOnATimerThatReArmsForever() async throws {
        let clock = VirtualClock(limits: .init(maximumSteps: 50))
        let timer = Task.immediate {
            while true {
                try await clock.sleep(for: .seconds(1), label: "heartbeat")
            }
        }
        let error = await #expect(throws: VirtualClockError.self) { try await clock.run() }
        guard case let .stepLimitExceeded(_, steps, now, pending)? = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(steps == 50)
        #expect(now == .zero.advanced(by: .seconds(50)))
        #expect(pending.map(\.label) == ["heartbeat"])
        #expect(error?.description.contains("#50 due at +51.000s (registered at +50.000s) \"heartbeat\"") == true)
        timer.cancel()
    }

    @Test func runUntilStopsAsSoonAsTheConditionHolds() async throws {
        let clock = VirtualClock()
        var count = 0
        let counter = Task.immediate {
            while true {
                try await clock.sleep(for: .seconds(1))
                count += 1
            }
        }
        try await clock.run(until: { count == 3 })
        #expect(count == 3)
        #expect(clock.now == .zero.advanced(by: .seconds(3)))
        counter.cancel()
        try await clock.settle()
        try clock.expectNoPendingSleepers()
    }

    @Test func runUntilANeverSatisfiableConditionThrowsAtOnceListingParkedSleepers() async throws {
        let clock = VirtualClock()
        let late = Task.immediate { try await clock.sleep(for: .seconds(10), label: "oven preheat") }
        let error = await #expect(throws: VirtualClockError.self) {
            try await clock.run(until: { false }, within: .seconds(1))
        }
        guard case let .conditionNeverMet(site, now, horizon, pending)? = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(site.hasPrefix("KitchenTestingTests/VirtualClockAdvanceTests.swift:"))
        #expect(now == .zero)
        #expect(horizon == .zero.advanced(by: .seconds(1)))
        #expect(pending.map(\.description) == [#"#0 due at +10.000s (registered at +0.000s) "oven preheat""#])
        late.cancel()
    }

    @Test func runUntilWithNothingParkedThrowsInsteadOfHanging() async throws {
        let clock = VirtualClock()
        let error = await #expect(throws: VirtualClockError.self) { try await clock.run(until: { false }) }
        #expect(error?.description.hasSuffix(
            "the condition is still false at +0.000s and no sleeper is left to resume. Parked sleepers:\n(none)") == true)
    }

    @Test func expectNoPendingSleepersListsWhatIsStillParked() async throws {
        let clock = VirtualClock()
        let leak = Task.immediate { try await clock.sleep(for: .milliseconds(500), label: "debounce") }
        #expect(throws: VirtualClockError.sleepersStillPending(clock.pendingSleepers)) {
            try clock.expectNoPendingSleepers()
        }
        leak.cancel()
        try clock.expectNoPendingSleepers()
    }
}
