import Foundation
import HarnessCore
import Testing
import VirtualTime

@MainActor
struct VirtualClockRegistrationTests {
    @Test func sleepFromTaskImmediateIsParkedBeforeTaskImmediateReturns() async throws {
        let clock = VirtualClock()
        for round in 0..<500 {
            let task = Task.immediate { try await clock.sleep(for: .seconds(1)) }
            #expect(clock.pendingSleepers.count == 1, "round \(round)")
            task.cancel()
            _ = await task.result
            #expect(clock.pendingSleepers.isEmpty, "round \(round)")
        }
    }

    @Test func sleepThroughAnySchedulingClockIsParkedSynchronously() async throws {
        let clock = VirtualClock()
        let scheduling: any SchedulingClock = clock
        for round in 0..<500 {
            let task = Task.immediate { try await scheduling.sleep(for: .milliseconds(10)) }
            #expect(clock.pendingSleepers.count == 1, "round \(round)")
            try await clock.advance(by: .milliseconds(10))
            #expect(await task.result.isSuccess, "round \(round)")
        }
    }

    @Test func labelledSleepIsListedWithDeadlineAndLabel() async throws {
        let clock = VirtualClock()
        let task = Task.immediate { try await clock.sleep(for: .milliseconds(250), label: "mock latency") }
        #expect(clock.pendingSleepers.map(\.description) == [#"#0 due at +0.250s (registered at +0.000s) "mock latency""#])
        try await clock.run()
        try await task.value
    }

    @Test func equalDeadlinesResumeInRegistrationOrder() async throws {
        let clock = VirtualClock()
        var order: [Int] = []
        for index in [0, 1, 2, 3, 4] {
            Task.immediate {
                try await clock.sleep(for: .seconds(index == 4 ? 1 : 2))
                order.append(index)
            }
        }
        let late = Task.immediate {
            try await clock.sleep(until: .zero.advanced(by: .seconds(2)), tolerance: nil)
            order.append(5)
        }
        try await clock.advance(by: .seconds(2))
        try await late.value
        #expect(order == [4, 0, 1, 2, 3, 5])
    }

    @Test func cancelBeforeTheSleepStartsThrowsAtOnceAndParksNothing() async throws {
        let clock = VirtualClock()
        let task = Task.immediate {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        #expect(clock.pendingSleepers.isEmpty)
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func taskCancelledBeforeItRunsNeverParks() async throws {
        let clock = VirtualClock()
        let task = Task { try await clock.sleep(for: .seconds(1)) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        try await clock.settle()
        #expect(clock.pendingSleepers.isEmpty)
    }

    @Test func cancelWhileParkedThrowsAndRemovesTheSleeper() async throws {
        let clock = VirtualClock()
        let task = Task.immediate { try await clock.sleep(for: .seconds(1)) }
        #expect(clock.pendingSleepers.count == 1)
        task.cancel()
        #expect(clock.pendingSleepers.isEmpty)
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.now == .zero)
    }

    @Test func currentDateAddsVirtualTimeToTheStartDate() async throws {
        let clock = VirtualClock()
        #expect(clock.currentDate == Date(timeIntervalSince1970: 1_767_225_600))
        try await clock.advance(by: .milliseconds(1_500))
        #expect(clock.currentDate == Date(timeIntervalSince1970: 1_767_225_601.5))
        #expect(clock.now.description == "+1.500s")
    }

    @Test func concreteSleepForResolvesToTheNonsendingOverload() async throws {
        // `sleep(for:)` on the concrete type must not pick the stdlib
        // `Clock.sleep(for:tolerance:)` extension, which would hop executors.
        let clock = VirtualClock()
        let task = Task.immediate { try await clock.sleep(for: .seconds(1)) }
        #expect(clock.pendingSleepers.count == 1)
        try await clock.run()
        try await task.value
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { true } else { false }
    }
}
