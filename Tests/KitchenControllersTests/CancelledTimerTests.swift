import Foundation
import HarnessCore
import KitchenAPI
import KitchenControllers
import KitchenSwiftTesting
import Testing
import VirtualTime

/// A clock whose sleeps finish at their deadline even when their task is
/// cancelled: what a real clock does when the cancel arrives after the sleep
/// has completed but before the sleeping task has run on (a race no virtual
/// schedule reproduces directly).
struct CancellationDeafClock: SchedulingClock {
    let base: VirtualClock

    var currentDate: Date { base.currentDate }

    nonisolated(nonsending) func sleep(for duration: Duration) async throws {
        let sleep = Task.immediate { [base] in try await base.sleep(for: duration) }
        try await sleep.value
    }
}

/// Timers cancelled by leaving the screen have no effect, even when their sleep
/// returned normally after the cancel.
@MainActor
struct CancelledTimerTests {
    let clock = VirtualClock()

    @Test func aDoorTimerWhoseSleepOutlivesTheCancelRaisesNoAlert() async throws {
        let fridges = FridgeViewModel(api: MockAPIService(), clock: CancellationDeafClock(base: clock))
        var open = FridgeState.defaultFridgeState
        open.isDoorOpen = true
        fridges.apply(open, deviceId: "fridge-1", source: .live)
        fridges.cancelPendingWork()
        try await clock.advance(by: .seconds(61))
        try await clock.settle()
        #expect(fridges.doorAlerts.isEmpty)
    }

    @Test func aSliderTimerWhoseSleepOutlivesTheCancelSendsNothing() async throws {
        let api = MockAPIService()
        let ovens = OvenViewModel(api: api, clock: CancellationDeafClock(base: clock))
        ovens.apply(.defaultOvenState, to: DeviceKey(deviceId: "oven-1"), source: .initialLoad)
        ovens.setTemperature(400, deviceId: "oven-1")
        ovens.cancelPendingWork()
        try await clock.advance(by: .seconds(1))
        try await clock.settle()
        #expect(api.operationLog.isEmpty)
        #expect(ovens.state(deviceId: "oven-1")?.targetTemperature == OvenState.defaultOvenState.targetTemperature)
    }
}
