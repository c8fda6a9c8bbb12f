import HarnessCore
@testable import KitchenRecorder
import Testing

/// The upstream pool's bookkeeping on virtual instants: no socket, no waiting. Connections are
/// numbers; `t(seconds)` is an instant that many seconds after a fixed start.
@Suite struct UpstreamPoolStateTests: UpstreamPoolStateSteps {
    let start = ContinuousClock.now

    /// A pool of one connection, checked out, and `count` checkouts waiting for it (their tickets).
    func busyPool(waiters count: Int) throws -> (State, [Int]) {
        var state = State(maxConnections: 1, idleTimeout: .seconds(4))
        _ = state.checkOut(now: t(0))
        let tickets = try (0..<count).map { _ in try #require(ticket(state.checkOut(now: t(0)))) }
        return (state, tickets)
    }

    @Test func checkoutsPastTheBoundWaitInsteadOfOpening() {
        var state = State(maxConnections: 2, idleTimeout: .seconds(4))
        #expect(isOpen(state.checkOut(now: t(0))))
        #expect(isOpen(state.checkOut(now: t(0))))
        let third = state.checkOut(now: t(0))
        #expect(ticket(third) != nil)
        #expect(state.open == 2)
        #expect(state.waiters.count == 1)
    }

    @Test func theIdleConnectionUsedLastIsReusedFirst() {
        var state = idlePool(checkedInAt: [1, 2, 3])
        #expect(reused(state.checkOut(now: t(3.5))) == 3)
        #expect(reused(state.checkOut(now: t(3.5))) == 2)
        #expect(state.open == 3, "reuse opens nothing")
    }

    @Test func connectionsIdleForTheTimeoutAreClosedAtTheNextCall() {
        var state = idlePool(checkedInAt: [0, 1, 3])
        let justBefore = state.checkOut(now: t(3.999))
        #expect(justBefore.close.isEmpty, "not stale before 4 s")
        #expect(reused(justBefore) == 3)
        let step = state.checkOut(now: t(5))
        #expect(step.close == [1, 2], "idle since 0 s and 1 s: stale at 5 s")
        #expect(isOpen(step), "their slots are free again")
        #expect(state.idle.isEmpty)
        #expect(state.open == 2)
    }

    @Test func aCheckInSweepsStaleConnectionsToo() {
        var state = State(maxConnections: 2, idleTimeout: .seconds(4))
        _ = state.checkOut(now: t(0))
        _ = state.checkOut(now: t(0))
        _ = state.checkIn(1, reusable: true, now: t(0))
        let (wake, close) = state.checkIn(2, reusable: true, now: t(10))
        #expect(wake == nil)
        #expect(close == [1])
        #expect(state.idle.map(\.connection) == [2])
        #expect(state.open == 1)
    }

    @Test func aWaiterIsHandedTheNextConnectionCheckedIn() throws {
        var (state, tickets) = try busyPool(waiters: 2)
        let (first, second) = (tickets[0], tickets[1])
        let (wake, close) = state.checkIn(7, reusable: true, now: t(1))
        #expect(wake == first, "the longest waiter first")
        #expect(close.isEmpty)
        guard case .reuse(7)? = state.stopWaiting(first) else {
            Issue.record("the first waiter was not handed connection 7")
            return
        }
        #expect(state.idle.isEmpty, "handed over, not kept idle")
        #expect(state.waiters == [second])
        #expect(state.open == 1)
    }

    @Test func discardFreesASlotForANewConnectionOrForAWaiter() throws {
        var state = State(maxConnections: 1, idleTimeout: .seconds(4))
        _ = state.checkOut(now: t(0))
        #expect(state.discard() == nil)
        #expect(state.open == 0)
        #expect(isOpen(state.checkOut(now: t(1))))
        let waiter = try #require(ticket(state.checkOut(now: t(1))))
        #expect(state.discard() == waiter)
        guard case .open? = state.stopWaiting(waiter) else {
            Issue.record("the waiter did not get the freed slot")
            return
        }
        #expect(state.open == 1, "the slot passed on, still counted")
    }

    @Test func aConnectionTheUpstreamClosesIsClosedAndItsSlotPassedOn() throws {
        var (state, tickets) = try busyPool(waiters: 1)
        let waiter = tickets[0]
        let (wake, close) = state.checkIn(5, reusable: false, now: t(1))
        #expect(wake == waiter)
        #expect(close == [5])
        guard case .open? = state.stopWaiting(waiter) else {
            Issue.record("the waiter did not get a slot to open a connection")
            return
        }
        #expect(state.idle.isEmpty)
    }

    @Test func aWaiterThatGaveUpIsNotHandedALaterConnection() throws {
        var (state, tickets) = try busyPool(waiters: 1)
        let waiter = tickets[0]
        #expect(state.stopWaiting(waiter) == nil, "timed out with nothing granted")
        let (wake, _) = state.checkIn(3, reusable: true, now: t(1))
        #expect(wake == nil)
        #expect(state.idle.map(\.connection) == [3], "kept idle for the next request")
    }

    @Test func aFreshCheckoutAtTheBoundClosesTheOldestIdleConnectionForItsSlot() {
        var state = idlePool(checkedInAt: [0, 1])
        let step = state.checkOut(now: t(2), fresh: true)
        #expect(isOpen(step))
        #expect(step.close == [1])
        #expect(state.open == 2)
        #expect(state.idle.map(\.connection) == [2])
    }

    @Test func shutDownClosesTheIdleAndWhatComesBackLater() {
        var state = State(maxConnections: 2, idleTimeout: .seconds(4))
        _ = state.checkOut(now: t(0))
        _ = state.checkOut(now: t(0))
        _ = state.checkIn(1, reusable: true, now: t(0))
        let (wake, close) = state.shutDown()
        #expect(wake.isEmpty)
        #expect(close == [1])
        #expect(state.open == 1)
        let back = state.checkIn(2, reusable: true, now: t(1))
        #expect(back.close == [2], "not kept idle after shutdown")
        #expect(state.open == 0)
    }

    @Test func shutDownWakesEveryWaiterEmptyHanded() throws {
        var (state, tickets) = try busyPool(waiters: 2)
        let (first, second) = (tickets[0], tickets[1])
        #expect(state.shutDown().wake == [first, second])
        #expect(state.stopWaiting(first) == nil)
        #expect(state.stopWaiting(second) == nil)
    }

    /// Random interleavings of checkouts, check-ins, discards and timeouts against a model of
    /// who holds what: the bound is never passed and every connection is accounted for.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func theBoundHoldsAndNoConnectionIsLostUnderRandomUse(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var state = State(maxConnections: 3, idleTimeout: .seconds(4))
        var held: [Int] = [], opening = 0, waiting: [Int] = [], nextConnection = 0, now = 0.0
        for _ in 0..<2_000 {
            now += Double(Int.random(in: 0...1_500, using: &random)) / 1000
            switch Int.random(in: 0..<5, using: &random) {
            case 0, 1:
                let step = state.checkOut(now: t(now), fresh: Bool.random(using: &random) && Bool.random(using: &random))
                switch step.0 {
                case .granted(.reuse(let connection)): held.append(connection)
                case .granted(.open): opening += 1
                case .wait(let ticket): waiting.append(ticket)
                }
            case 2 where !held.isEmpty:
                let connection = held.remove(at: Int.random(in: 0..<held.count, using: &random))
                let (wake, _) = state.checkIn(connection, reusable: Int.random(in: 0..<4, using: &random) > 0, now: t(now))
                if let wake { #expect(waiting.contains(wake)) }
            case 3 where opening > 0:
                opening -= 1
                if Bool.random(using: &random) {
                    nextConnection += 1
                    held.append(nextConnection)
                } else {
                    _ = state.discard()
                }
            case 4 where !waiting.isEmpty:
                let ticket = waiting.remove(at: Int.random(in: 0..<waiting.count, using: &random))
                switch state.stopWaiting(ticket) {
                case .reuse(let connection)?: held.append(connection)
                case .open?: opening += 1
                case nil: break
                }
            default:
                break
            }
            #expect(state.open <= 3)
            #expect(state.open == state.idle.count + held.count + opening + grantedButUnclaimed(state, waiting),
                    "seed \(seed): open \(state.open), idle \(state.idle.count), held \(held.count), opening \(opening)")
        }
    }

    /// Slots granted to waiters that have not yet collected them.
    func grantedButUnclaimed(_ state: State, _ waiting: [Int]) -> Int {
        waiting.count - waiting.filter { state.waiters.contains($0) }.count
    }
}
