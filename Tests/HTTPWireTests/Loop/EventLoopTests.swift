import Dispatch
import Foundation
@testable import HTTPWire
import KitchenTestSupport
import Synchronization
import Testing

/// The event loop on its own: work handed over from other threads, timers, sockets registered
/// with it, and stopping. What the loop's thread does is recorded in a ``Log`` and checked from
/// the test's thread after a bounded wait; nothing sleeps.
@Suite(.timeLimit(.minutes(2))) struct EventLoopTests {
    @Test func workHandedOverFromAnotherThreadRunsOnTheLoopThreadInOrder() throws {
        let loop = try EventLoop(name: "test-loop-execute")
        defer { loop.stop() }
        let seen = Log<(index: Int, inEventLoop: Bool)>()
        #expect(!loop.inEventLoop, "the test's thread is not the loop's")
        for index in 0..<100 {
            loop.execute { seen.append((index, loop.inEventLoop)) }
        }
        #expect(seen.waitFor(count: 100))
        #expect(seen.all.map(\.index) == Array(0..<100), "run in the order handed over")
        #expect(seen.all.allSatisfy { $0.inEventLoop })
    }

    // Work the loop's own thread hands over sends no wake-up: the loop must not go back to an
    // endless wait while it is pending (there is no timer to end the wait either).
    @Test func workHandedOverOnTheLoopThreadRunsWithoutAWakeUp() throws {
        let loop = try EventLoop(name: "test-loop-nested")
        defer { loop.stop() }
        let ran = Log<Bool>()
        let taken = try loop.runAndWait { loop.execute { ran.append(loop.inEventLoop) } }
        #expect(taken)
        #expect(ran.waitFor(count: 1, seconds: 5), "work handed over on the loop's thread never ran")
        #expect(ran.all == [true])
    }

    // All expired by the next turn: they fire together, soonest deadline first, a tie in the
    // order scheduled (not the order of the calls, which differs).
    @Test func timersDueTogetherFireEarliestDeadlineFirstThenInSchedulingOrder() throws {
        let loop = try EventLoop(name: "test-loop-timers-due")
        defer { loop.stop() }
        let fired = Log<String>()
        try loop.runAndWait {
            let base = loop.now
            for (label, offset) in [("c", -1), ("a", -3), ("b1", -2), ("b2", -2), ("b3", -2)] {
                _ = loop.scheduleTimer(at: base + .milliseconds(offset)) { fired.append(label) }
            }
        }
        #expect(fired.waitFor(count: 5))
        #expect(fired.all == ["a", "b1", "b2", "b3", "c"])
    }

    @Test func aTimerScheduledLaterForAnEarlierDeadlineFiresFirstAndNoneFiresBeforeItsDeadline() throws {
        let loop = try EventLoop(name: "test-loop-timers-future")
        defer { loop.stop() }
        let fired = Log<(label: String, early: Bool)>()
        try loop.runAndWait {
            let base = loop.now
            for (label, offset) in [("late", 120), ("early", 30), ("middle", 60)] {
                let deadline = base + .milliseconds(offset)
                _ = loop.scheduleTimer(at: deadline) { fired.append((label, loop.now < deadline)) }
            }
        }
        #expect(fired.waitFor(count: 3))
        #expect(fired.all.map(\.label) == ["early", "middle", "late"])
        #expect(fired.all.allSatisfy { !$0.early }, "\(fired.all)")
    }

    // The kept timer's deadline is after the cancelled ones': once it fired, they would have too.
    // The canceller comes almost a second before the timer it cancels, so a loop woken late
    // still runs it first, in a turn of its own.
    @Test func aTimerCancelledBeforeItsDeadlineNeverFires() throws {
        let loop = try EventLoop(name: "test-loop-cancel")
        defer { loop.stop() }
        let fired = Log<String>()
        try loop.runAndWait {
            let base = loop.now
            let cancelledAtOnce = loop.scheduleTimer(at: base + .milliseconds(20)) { fired.append("cancelled at once") }
            let cancelledLater = loop.scheduleTimer(at: base + .seconds(1)) { fired.append("cancelled by a timer") }
            _ = loop.scheduleTimer(at: base + .milliseconds(40)) {
                fired.append("canceller")
                loop.cancelTimer(cancelledLater)
            }
            _ = loop.scheduleTimer(at: base + .milliseconds(1_050)) { fired.append("kept") }
            loop.cancelTimer(cancelledAtOnce)
        }
        #expect(fired.waitFor(count: 2))
        let all = try loop.runAndWait { fired.all }
        #expect(all == ["canceller", "kept"])
    }

    // All three are due already when the loop next looks at its timers, so one turn fires them:
    // the canceller first (the earliest deadline), and the timer it cancels, due in that same turn,
    // must not fire after it.
    @Test func aTimerCancelledByAnotherDueInTheSameTurnNeverFires() throws {
        let loop = try EventLoop(name: "test-loop-cancel-same-turn")
        defer { loop.stop() }
        let fired = Log<String>()
        try loop.runAndWait {
            let base = loop.now
            let victim = loop.scheduleTimer(at: base - .milliseconds(1)) { fired.append("cancelled in the same turn") }
            _ = loop.scheduleTimer(at: base - .milliseconds(2)) {
                fired.append("canceller")
                loop.cancelTimer(victim)
            }
            _ = loop.scheduleTimer(at: base) { fired.append("kept") }
        }
        #expect(fired.waitFor(count: 2))
        let all = try loop.runAndWait { fired.all }
        #expect(all == ["canceller", "kept"])
    }

    @Test func workHandedOverBeforeStopRunsAndSubmitAfterStopReturnsFalse() throws {
        let loop = try EventLoop(name: "test-loop-submit-after-stop")
        let ran = Log<Int>()
        for index in 0..<10 { loop.execute { ran.append(index) } }
        loop.stop()
        #expect(ran.all == Array(0..<10), "handed over before stop(), run before it returned")
        #expect(!loop.execute { ran.append(99) })
        loop.execute { ran.append(100) }
        loop.stop()  // a second stop returns too
        #expect(ran.all == Array(0..<10))
    }

    // stop() from another thread waits for the loop's thread: here the loop is held by work
    // the test releases. Only then are the registered sockets told, and stop() returns after.
    @Test func stopFromAnotherThreadReturnsAfterTheLoopThreadEndedAndSocketsWereTold() throws {
        let loop = try EventLoop(name: "test-loop-stop")
        let (local, remote) = try connectedPair()
        defer { remote.close(); local.close() }
        let probe = ProbeSocket(socket: local, loop: loop)
        try loop.runAndWait { try probe.register([]) }
        let order = Log<String>()
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        loop.execute {
            holding.signal()
            _ = release.wait(timeout: .now() + .seconds(10))
            order.append("loop work ended")
        }
        #expect(holding.wait(timeout: .now() + .seconds(10)) == .success)
        let stopReturned = Signal()
        let callsWhenStopReturned = Log<[ProbeSocket.Call]>()
        Thread {
            loop.stop()
            callsWhenStopReturned.append(probe.calls.all)
            order.append("stop returned")
            stopReturned.fire()
        }.start()
        // A bounded wait on a condition that must not come true while the loop is held.
        #expect(!waitUntil(seconds: 0.3) { order.count > 0 }, "stop() returned while the loop's thread ran")
        release.signal()
        #expect(stopReturned.wait(seconds: 10))
        #expect(order.all == ["loop work ended", "stop returned"])
        #expect(callsWhenStopReturned.all == [[.loopStopped]], "the socket was told before stop() returned")
        #expect(probe.calledOnLoopThreadOnly, "loopStopped() came on the loop's thread")
        #expect(loop.registeredCount == 0, "the loop let go of its sockets")
        #expect(!loop.execute {})
    }

    @Test func stopOnTheLoopThreadReturnsAtOnceAndTheLoopEndsAfterTheCurrentStep() throws {
        let loop = try EventLoop(name: "test-loop-stop-self")
        let steps = try loop.runAndWait { () -> [String] in
            loop.stop()
            return ["stop returned", loop.execute {} ? "taken" : "refused", loop.inEventLoop ? "on the loop" : "off"]
        }
        #expect(steps == ["stop returned", "refused", "on the loop"])
        loop.stop()  // from the test's thread: returns once the loop has ended
        #expect(!loop.execute {})
    }

    @Test func aRegisteredSocketIsToldOfBytesOnTheLoopThreadUntilDeregistered() throws {
        let loop = try EventLoop(name: "test-loop-register")
        defer { loop.stop() }
        let (local, remote) = try connectedPair()
        defer { remote.close(); local.close() }
        let probe = ProbeSocket(socket: local, loop: loop)
        #expect(try loop.runAndWait { try probe.register(.readable); return loop.registeredCount } == 1)
        try remote.write(Array("hello".utf8))
        #expect(probe.calls.waitFor(count: 1))
        #expect(probe.calls.all == [.read("hello")])

        #expect(try loop.runAndWait { loop.deregister(probe.token!); return loop.registeredCount } == 0)
        try remote.write(Array("after".utf8))
        try loop.waitForLoopTime(.milliseconds(50))
        #expect(probe.calls.all == [.read("hello")], "told of bytes after deregistering")
        // The bytes are still there for whoever reads the socket next.
        local.setReadTimeout(milliseconds: 5_000)
        var left: [UInt8] = []
        try local.read(appendingTo: &left)
        #expect(left.text == "after")
        #expect(probe.calledOnLoopThreadOnly)
    }

    @Test func aSocketWatchedForNothingIsToldOfNothingUntilItsInterestIsSet() throws {
        let loop = try EventLoop(name: "test-loop-interest")
        defer { loop.stop() }
        let (local, remote) = try connectedPair()
        defer { remote.close(); local.close() }
        let probe = ProbeSocket(socket: local, loop: loop)
        try loop.runAndWait { try probe.register([]) }
        try remote.write(Array("waiting".utf8))
        try loop.waitForLoopTime(.milliseconds(50))
        #expect(probe.calls.all.isEmpty, "told while watched for nothing")

        try loop.runAndWait { loop.setInterest(.readable, for: probe.token!) }
        #expect(probe.calls.waitFor(count: 1))
        #expect(probe.calls.all == [.read("waiting")])

        try loop.runAndWait { loop.setInterest(.writable, for: probe.token!) }
        #expect(probe.calls.waitFor(count: 2))
        remote.close()
        try loop.runAndWait { loop.setInterest(.readable, for: probe.token!) }
        #expect(probe.calls.waitFor(count: 3))
        #expect(probe.calls.all == [.read("waiting"), .writable, .endOfStream])
    }

    @Test func registeringADescriptorThatIsNotOpenThrowsAndRegistersNothing() throws {
        let loop = try EventLoop(name: "test-loop-bad-descriptor")
        defer { loop.stop() }
        // A number no descriptor has: a closed socket's number would do only until another test
        // running alongside opens a file and is given it (a loop of whole-suite runs saw that).
        let probe = ProbeSocket(socket: Socket(descriptor: Int32.max, peer: nil), loop: loop)
        let outcome = try loop.runAndWait { () -> (threw: Bool, count: Int) in
            do { try probe.register(.readable) } catch { return (true, loop.registeredCount) }
            return (false, loop.registeredCount)
        }
        #expect(outcome.threw)
        #expect(outcome.count == 0)
    }

    @Test func scratchLendsTheSame64KiBBufferEveryCallAndPassesErrorsOn() throws {
        let loop = try EventLoop(name: "test-loop-scratch")
        defer { loop.stop() }
        let (size, same, rethrown) = try loop.runAndWait { () -> (Int, Bool, Bool) in
            let first = loop.scratch { raw in (raw.count, Int(bitPattern: raw.baseAddress)) }
            let second = loop.scratch { raw in Int(bitPattern: raw.baseAddress) }
            var rethrown = false
            do throws(LoopTestError) {
                _ = try loop.scratch { _ throws(LoopTestError) -> Int in throw LoopTestError("inside") }
            } catch { rethrown = error.description == "inside" }
            return (first.0, first.1 == second && second != 0, rethrown)
        }
        #expect(size == 65_536)
        #expect(same)
        #expect(rethrown)
    }

    @Test func aServersLoopsAreChosenByConnectionIdInTurnAndStopTogether() throws {
        let server = HTTPServer(configuration: HTTPServerConfiguration(port: 0, eventLoopThreads: 3), responder: RoutingResponder(routes: [:]))
        #expect(server.eventLoops.map(\.name) == ["http-loop-0", "http-loop-1", "http-loop-2"])
        let chosen = (0..<7).map { server.loop(for: $0) }
        let expected = [0, 1, 2, 0, 1, 2, 0].map { server.eventLoops[$0] }
        #expect(zip(chosen, expected).allSatisfy { $0 === $1 })
        server.stop()
        #expect(server.eventLoops.allSatisfy { !$0.execute {} })
        let single = HTTPServer(configuration: HTTPServerConfiguration(port: 0, eventLoopThreads: 0), responder: RoutingResponder(routes: [:]))
        #expect(single.eventLoops.count == 1, "at least one loop")
        single.stop()
    }
}
