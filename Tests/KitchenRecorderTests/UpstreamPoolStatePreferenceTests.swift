import HarnessCore
@testable import KitchenRecorder
import Testing

/// The pool's bookkeeping for idle connections watched on event loops: a checkout that prefers
/// the connections already where the caller is (`preferring:`), and an idle connection the
/// upstream closed while it sat in the pool (`dropIdle(where:)`). Connections are numbers; even
/// ones stand for "on the caller's loop". `t(seconds)` is an instant after a fixed start.
@Suite struct UpstreamPoolStatePreferenceTests {
    typealias State = UpstreamPoolState<Int, ContinuousClock.Instant>
    let start = ContinuousClock.now
    func t(_ seconds: Double) -> ContinuousClock.Instant { start + .milliseconds(Int(seconds * 1000)) }

    /// The connection a checkout reused, or nil for any other answer.
    func reused(_ step: (State.CheckOut, close: [Int])) -> Int? {
        if case .granted(.reuse(let connection)) = step.0 { return connection }
        return nil
    }

    func isOpen(_ step: (State.CheckOut, close: [Int])) -> Bool {
        if case .granted(.open) = step.0 { return true }
        return false
    }

    /// A pool at its bound (plus `spare` free slots) whose connections 1, 2, 3… were checked
    /// out at 0 s and checked in idle at the given seconds.
    func idlePool(checkedInAt seconds: [Double], spare: Int = 0) -> State {
        var state = State(maxConnections: seconds.count + spare, idleTimeout: .seconds(4))
        for _ in seconds { _ = state.checkOut(now: t(0)) }
        for (index, second) in seconds.enumerated() { _ = state.checkIn(index + 1, reusable: true, now: t(second)) }
        return state
    }

    let onMyLoop: (Int) -> Bool = { $0.isMultiple(of: 2) }

    // MARK: checkOut(preferring:)

    @Test func aPreferringCheckoutTakesThePreferredIdleConnectionUsedLastOverOneUsedLater() {
        var state = idlePool(checkedInAt: [1, 1.5, 2, 2.5, 3])
        #expect(reused(state.checkOut(now: t(3.5), preferring: onMyLoop)) == 4, "5 was used later, but is not preferred")
        #expect(reused(state.checkOut(now: t(3.5), preferring: onMyLoop)) == 2)
        #expect(state.idle.map(\.connection) == [1, 3, 5], "the others stay idle, oldest first")
        #expect(state.open == 5, "reuse opens nothing")
    }

    @Test func aPreferringCheckoutWithNoPreferredIdleConnectionReusesTheOneUsedLast() {
        var state = idlePool(checkedInAt: [1, 2, 3], spare: 1)
        #expect(reused(state.checkOut(now: t(3), preferring: { _ in false })) == 3)
        #expect(state.open == 3, "no new connection while one is idle, though a slot is free")
        #expect(state.idle.map(\.connection) == [1, 2])
    }

    @Test func aFreshCheckoutIgnoresThePreferenceAndOpensANewConnection() {
        var state = idlePool(checkedInAt: [1, 2], spare: 1)
        let step = state.checkOut(now: t(3), fresh: true, preferring: onMyLoop)
        #expect(isOpen(step))
        #expect(step.close.isEmpty)
        #expect(state.idle.map(\.connection) == [1, 2], "the preferred idle connection is not handed out")
        #expect(state.open == 3)
    }

    @Test func aStalePreferredConnectionIsClosedNotReused() {
        var state = idlePool(checkedInAt: [0, 3])
        // At 4.5 s connection 1 (idle since 0 s) is stale; 2 (since 3 s) is fresh but not preferred.
        let step = state.checkOut(now: t(4.5), preferring: { $0 == 1 })
        #expect(step.close == [1])
        #expect(reused(step) == 2, "the preference falls back to the connection used last")
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
        let (dropped, _) = state.dropIdle(where: onMyLoop)
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
