@testable import HTTPWire
import Testing

/// The server connection's timeouts on given instants: when a kept-alive, a pipelined or a
/// slowly uploading connection is closed or refused, and that it is not one millisecond
/// earlier. The socket tests (``ConnectionTimeoutTests``, ``ParkedConnectionTests``) show the
/// same rules end to end, waiting only for what must happen.
@Suite struct ServerConnectionTimingTests {
    typealias Machine = ServerConnectionMachineTests

    /// A machine that has answered one request, written whole at the instant returned.
    static func answeredOnce() throws -> (ServerConnectionMachine, written: Duration) {
        var machine = Machine.machine()
        _ = try #require(Machine.asked(machine.received(Machine.request, now: Machine.start)))
        _ = machine.responded(Machine.ok, closes: false, now: Machine.start + .milliseconds(2))
        let written = Machine.start + .milliseconds(3)
        #expect(machine.sent(Machine.ok.count, flushed: true, now: written) == .wait)
        return (machine, written)
    }

    // RFC 9112 §9.5: a kept-alive connection is closed without a word once it has been idle for
    // the idle timeout counted from its last answer, and not before.
    @Test func aKeptAliveConnectionIsClosedSilentlyAtItsIdleDeadlineAndNotBefore() throws {
        var (machine, written) = try Self.answeredOnce()
        #expect(machine.timeElapsed(now: written + Machine.idle - .milliseconds(1)) == .wait)
        #expect(!machine.isFinished)
        #expect(machine.timeElapsed(now: written + Machine.idle) == .close)
        #expect(machine.isFinished)
    }

    // The head timeout (shorter than the idle one here) bounds a head once it has begun, not the
    // wait between requests: past it, the connection still waits and serves the next request.
    @Test func aKeptAliveConnectionOutlivesTheHeadTimeoutBetweenRequestsAndIsServedAgain() throws {
        #expect(Machine.head < Machine.idle)
        var (machine, written) = try Self.answeredOnce()
        let pastTheHeadTimeout = written + Machine.head + .seconds(1)
        #expect(machine.timeElapsed(now: pastTheHeadTimeout) == .wait)
        #expect(machine.deadline == written + Machine.idle)
        let next = try #require(Machine.asked(machine.received(Machine.request, now: pastTheHeadTimeout)))
        #expect(next.index == 1)
    }

    // Bytes of the next request pipelined behind the first start its head deadline once the
    // first answer is written, not when they arrived: 408 exactly a head timeout later.
    @Test func aPipelinedPartialHeadIsRefusedWith408AHeadTimeoutAfterThePreviousAnswerWasWritten() throws {
        var machine = Machine.machine()
        let pipelined = Machine.request + Array("GET /second HTTP/1.1\r\n".utf8)
        _ = try #require(Machine.asked(machine.received(pipelined, now: Machine.start)))
        // The responder takes 40 s, longer than the head timeout, to answer the first.
        let answered = Machine.start + .seconds(40)
        #expect(machine.responded(Machine.ok, closes: false, now: answered) == .send(Machine.ok[...]))
        #expect(machine.sent(Machine.ok.count, flushed: true, now: answered) == .wait)
        #expect(machine.deadline == answered + Machine.head)
        #expect(machine.timeElapsed(now: answered + Machine.head - .milliseconds(1)) == .wait)
        #expect(machine.timeElapsed(now: answered + Machine.head) == .send(Machine.refusal408[...]))
    }

    // Progress, not total time: a body whose every piece comes within the progress timeout is
    // served however long it takes in all (here 8 pieces, 4 s apart, against a 5 s timeout).
    @Test func aBodyWhosePiecesEachArriveInTimeIsServedHoweverLongItTakesInAll() throws {
        var machine = Machine.machine()
        let gap = Duration.seconds(4)
        #expect(gap < Machine.bodyProgress)
        let head = Array("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 8\r\n\r\n".utf8)
        #expect(machine.received(head, now: Machine.start) == .wait)
        var now = Machine.start
        var action = ServerConnectionMachine.Action.wait
        for piece in "abcdefgh".utf8 {
            #expect(machine.deadline == now + Machine.bodyProgress)
            #expect(machine.timeElapsed(now: now + gap) == .wait, "refused before piece \(piece)")
            now += gap
            action = machine.received([piece], now: now)
        }
        #expect(now - Machine.start > Machine.bodyProgress)
        let asked = try #require(Machine.asked(action), "\(action)")
        #expect(asked.request.body == Array("abcdefgh".utf8))
    }
}
