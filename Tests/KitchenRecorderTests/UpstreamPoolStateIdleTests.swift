import HarnessCore
@testable import KitchenRecorder
import Testing

/// The pool's bookkeeping for idle connections watched on their event loop: which idle
/// connection a checkout takes, and an idle connection the upstream closed while it sat in the
/// pool (`dropIdle(where:)`). Connections are numbers (``UpstreamPoolStateSteps``).
@Suite struct UpstreamPoolStateIdleTests: UpstreamPoolStateSteps {
    let start = ContinuousClock.now

    // MARK: checkOut with idle connections

    @Test func aCheckoutWithAnIdleConnectionReusesTheOneUsedLastRatherThanOpen() {
        var state = idlePool(checkedInAt: [1, 2, 3], spare: 1)
        #expect(reused(state.checkOut(now: t(3))) == 3)
        #expect(state.open == 3, "no new connection while one is idle, though a slot is free")
        #expect(state.idle.map(\.connection) == [1, 2])
    }

    @Test func aFreshCheckoutWithASpareSlotOpensANewConnectionAndLeavesTheIdleOnes() {
        var state = idlePool(checkedInAt: [1, 2], spare: 1)
        let step = state.checkOut(now: t(3), fresh: true)
        #expect(isOpen(step))
        #expect(step.close.isEmpty)
        #expect(state.idle.map(\.connection) == [1, 2], "no idle connection is handed out")
        #expect(state.open == 3)
    }

    @Test func aStaleIdleConnectionIsClosedAndTheFreshOneUsedLastIsReused() {
        var state = idlePool(checkedInAt: [0, 3])
        // At 4.5 s connection 1 (idle since 0 s) is stale; 2 (since 3 s) is not.
        let step = state.checkOut(now: t(4.5))
        #expect(step.close == [1])
        #expect(reused(step) == 2)
        #expect(state.open == 1)
    }

    // MARK: dropIdle(where:)

    @Test func droppingAnIdleConnectionFreesItsSlot() {
        var state = idlePool(checkedInAt: [1, 2, 3])
        let (dropped, wake) = state.dropIdle { $0 == 2 }
        #expect(dropped)
        #expect(wake == nil, "nobody waits")
        #expect(state.idle.map(\.connection) == [1, 3])
        #expect(state.open == 2)
        let step = state.checkOut(now: t(3), fresh: true)
        #expect(isOpen(step))
        #expect(step.close.isEmpty, "a free slot: no idle connection closed to make room")
    }

    @Test func droppingAConnectionThatIsNotIdleChangesNothing() {
        var state = idlePool(checkedInAt: [1, 2])
        #expect(reused(state.checkOut(now: t(2))) == 2)
        let (dropped, wake) = state.dropIdle { $0 == 2 }
        #expect(!dropped, "checked out, not idle: its holder will check it in")
        #expect(wake == nil)
        #expect(state.idle.map(\.connection) == [1])
        #expect(state.open == 2)
    }

    @Test func dropIdleDropsOnlyTheFirstConnectionItPicks() {
        var state = idlePool(checkedInAt: [1, 2, 3, 4])
        let (dropped, _) = state.dropIdle { $0.isMultiple(of: 2) }
        #expect(dropped)
        #expect(state.idle.map(\.connection) == [1, 3, 4])
        #expect(state.open == 3)
    }

    @Test func dropIdleAfterShutDownFindsNothing() {
        var state = idlePool(checkedInAt: [1])
        _ = state.shutDown()
        let (dropped, wake) = state.dropIdle { $0 == 1 }
        #expect(!dropped && wake == nil)
        #expect(state.open == 0)
    }
}
