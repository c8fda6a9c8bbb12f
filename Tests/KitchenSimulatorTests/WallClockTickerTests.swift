import HarnessCore
@testable import KitchenSimulator
import KitchenTestSupport
import Testing

/// A simulator on the wall clock ticks on its own (a timer on one of its server's event loops)
/// from `start()` until `stop()`.
@Suite struct WallClockTickerTests {
    static func started() throws -> Simulator {
        let simulator = Simulator(configuration: SimulatorConfiguration(
            port: 0, tickInterval: .milliseconds(1), householdDoorOpeningsPerHour: 0))
        try simulator.start()
        return simulator
    }

    @Test func aStartedWallClockSimulatorAdvancesItsWorld() throws {
        let simulator = try Self.started()
        defer { simulator.stop() }
        // A generous bound: the condition, not the time, is what is asserted.
        #expect(waitUntil(seconds: 30) { simulator.ticks >= 3 })
    }

    @Test func aStoppedWallClockSimulatorTicksNoMore() throws {
        let simulator = try Self.started()
        #expect(waitUntil(seconds: 30) { simulator.ticks >= 1 })
        simulator.stop()
        let ticksAtStop = simulator.ticks
        // A second simulator with the same interval ticking several times gives a timer left
        // behind by the first many chances to fire; stop() returned after the loops ended, so
        // none may.
        let witness = try Self.started()
        defer { witness.stop() }
        #expect(waitUntil(seconds: 30) { witness.ticks >= 5 })
        #expect(simulator.ticks == ticksAtStop)
    }

    @Test func aManualClockSimulatorTicksOnlyWhenAdvanced() throws {
        let simulator = Simulator(configuration: .forTests)
        try simulator.start()
        defer { simulator.stop() }
        try simulator.advance(ticks: 2)
        #expect(simulator.ticks == 2)
    }
}

extension Simulator {
    /// The ticks the world has run so far.
    fileprivate var ticks: Int64 { world.withLock { $0.clock.ticks } }
}
