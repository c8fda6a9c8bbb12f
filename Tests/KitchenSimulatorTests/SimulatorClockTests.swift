import Foundation
import HarnessCore
@testable import KitchenSimulator
import Testing

/// The simulator is the `SchedulingClock` of the world it simulates: what reads it reads the
/// world's time, and a sleep on a manual clock ends only when ticks carry the world past it.
@Suite struct SimulatorClockTests {
    static func manual() -> Simulator {
        Simulator(configuration: SimulatorConfiguration(port: 0, manualClock: true))
    }

    @Test func aSleepOnAManualClockEndsAtTheTickThatReachesItsDeadline() async throws {
        let simulator = Self.manual()
        let start = simulator.currentDate
        let nap = Task.immediate { try await simulator.sleep(for: .milliseconds(2500)) }
        #expect(simulator.pendingSleepers == 1)
        try simulator.advance(ticks: 2)
        #expect(simulator.pendingSleepers == 1)
        try simulator.advance(ticks: 1)
        try await nap.value
        #expect(simulator.pendingSleepers == 0)
        #expect(simulator.currentDate.timeIntervalSince(start) == 3)
    }

    @Test func aSleepThatIsAlreadyDueReturnsWithoutATick() async throws {
        let simulator = Self.manual()
        try await simulator.sleep(for: .zero)
        #expect(simulator.pendingSleepers == 0)
    }

    @Test func aCancelledSleepThrowsAndLeavesNoSleeper() async {
        let simulator = Self.manual()
        let nap = Task.immediate { try await simulator.sleep(for: .seconds(60)) }
        #expect(simulator.pendingSleepers == 1)
        nap.cancel()
        await #expect(throws: CancellationError.self) { try await nap.value }
        #expect(simulator.pendingSleepers == 0)
    }

    @Test func aSleepInACancelledTaskThrowsBeforeItWaits() async {
        let simulator = Self.manual()
        let nap = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await simulator.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await nap.value }
        #expect(simulator.pendingSleepers == 0)
    }
}
