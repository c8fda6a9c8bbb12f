@testable import HTTPWire
import Testing

/// The closing handshake (RFC 6455 §5.5.1, §7) on the state machine alone, on virtual time:
/// the exact frames written, the deadline armed, and when TCP is dropped or finished.
@Suite struct MachineCloseTests {
    static let configuration = WebSocketConfiguration(closeTimeout: .seconds(2))
    static let relay = WebSocketConfiguration(closeTimeout: .seconds(2), answersControlFrames: false)

    static func closedClean(_ code: WebSocketCloseCode?, _ reason: String, by initiator: WebSocketCloseInfo.Initiator)
        -> WebSocketCloseInfo {
        WebSocketCloseInfo(code: code, reason: reason, initiator: initiator, wasClean: true)
    }

    // §7.1.2: we start the close, the peer answers, the handshake is complete and TCP is finished.
    @Test func closeWeStartAndThePeerAnswersFinishesTCPAndCancelsTheDeadline() {
        var machine = WebSocketStateMachine(role: .server, configuration: Self.configuration)
        #expect(machine.start() == [])
        #expect(machine.close(code: .normalClosure, reason: "bye", now: .seconds(5))
            == [.write(.close(code: .normalClosure, reason: "bye")), .armDeadline(.seconds(7))])
        machine.receive(FrameBytes.close(code: 1000))
        #expect(machine.nextDelivery(as: .messages)
            == [.finishTransport, .cancelDeadline, .deliver(.closed(Self.closedClean(.normalClosure, "bye", by: .local)))])
        // The alarm armed for the close deadline comes later and changes nothing.
        #expect(machine.deadlineReached(.seconds(7), now: .seconds(7)) == [])
        #expect(machine.nextDelivery(as: .messages) == [.deliver(.closed(Self.closedClean(.normalClosure, "bye", by: .local)))])
    }

    // §7.1.1: a peer that never answers our close is dropped at the deadline computed from the
    // time the close was sent; the reader then meets the end of stream and reports 1006.
    @Test func closeThePeerNeverAnswersIsDroppedExactlyAtTheCloseDeadline() {
        var machine = WebSocketStateMachine(role: .server, configuration: Self.configuration)
        #expect(machine.close(code: 4001, reason: "", now: .milliseconds(1500))
            == [.write(.close(code: 4001)), .armDeadline(.milliseconds(3500))])
        #expect(machine.tick(now: .milliseconds(3499)) == [])
        // An alarm that comes early is armed again; one that was replaced is ignored.
        #expect(machine.deadlineReached(.milliseconds(3500), now: .milliseconds(3400)) == [.armDeadline(.milliseconds(3500))])
        #expect(machine.deadlineReached(.milliseconds(9000), now: .milliseconds(9000)) == [])
        #expect(machine.deadlineReached(.milliseconds(3500), now: .milliseconds(3500)) == [.dropTransport, .cancelDeadline])
        #expect(machine.tick(now: .seconds(60)) == [])
        #expect(machine.endOfStream() == [.finishTransport, .deliver(.closed(WebSocketStateMachine.closedWithoutCloseFrame))])
        #expect(WebSocketStateMachine.closedWithoutCloseFrame.code == .abnormalClosure)
    }

    // A close queued behind a backlog: the peer cannot answer before it has read that far, so the
    // answer is due a close timeout from when our close frame went out, not from when it was asked for.
    @Test func theCloseDeadlineRunsFromWhenOurCloseFrameWentOut() {
        var machine = WebSocketStateMachine(role: .server, configuration: Self.configuration)
        #expect(machine.close(code: .normalClosure, reason: "", now: .seconds(1))
            == [.write(.close(code: .normalClosure)), .armDeadline(.seconds(3))])
        // The frame goes out at 10 s, after the messages queued before it.
        #expect(machine.closeFrameWritten(now: .seconds(10)) == [.armDeadline(.seconds(12))])
        #expect(machine.deadlineReached(.seconds(3), now: .seconds(3)) == [], "the replaced deadline changes nothing")
        #expect(machine.tick(now: .milliseconds(11_999)) == [])
        #expect(machine.deadlineReached(.seconds(12), now: .seconds(12)) == [.dropTransport, .cancelDeadline])
        // Out at once (the common case): the deadline stays where close armed it.
        var prompt = WebSocketStateMachine(role: .server, configuration: Self.configuration)
        _ = prompt.close(code: .normalClosure, reason: "", now: .seconds(1))
        #expect(prompt.closeFrameWritten(now: .seconds(1)) == [])
    }

    // §5.5.1: a peer's close is echoed with its code, then TCP is finished (§7.1.1).
    @Test(arguments: [UInt16(1000), 1001, 1003, 1011, 3000, 4999])
    func closeThePeerStartsIsEchoedWithItsCodeThenTCPIsFinished(code: UInt16) {
        var machine = WebSocketStateMachine(role: .server, configuration: Self.configuration)
        machine.receive(FrameBytes.close(code: code, reason: Array("later".utf8)))
        let closeCode = WebSocketCloseCode(rawValue: code)
        #expect(machine.nextDelivery(as: .messages)
            == [.write(.close(code: closeCode, reason: "later")), .finishTransport,
                .deliver(.closed(Self.closedClean(closeCode, "later", by: .peer)))])
        #expect(throws: WebSocketConnectionError.closed) { try machine.send(.text("too late"), now: .seconds(1)) }
        #expect(machine.close(code: .normalClosure, reason: "", now: .seconds(1)) == [])
    }

    // §5.5.1: a close without a body is answered without a body; the app hears 1005.
    @Test func emptyCloseIsEchoedEmptyAndReportedAs1005() {
        var machine = WebSocketStateMachine(role: .client, configuration: Self.configuration)
        machine.receive(FrameBytes.frame(opcode: FrameBytes.close, payload: [], mask: nil))
        #expect(machine.nextDelivery(as: .messages)
            == [.write(WebSocketFrame(opcode: .close)), .finishTransport,
                .deliver(.closed(Self.closedClean(.noStatusReceived, "", by: .peer)))])
    }

    // A relay (frame mode, nothing answered) sees the peer's close as a frame and answers it
    // itself; its answer completes the handshake at once, with no deadline.
    @Test func relayAnswersThePeersCloseAndThatFinishesTCP() throws {
        var machine = WebSocketStateMachine(role: .server, configuration: Self.relay)
        machine.receive(FrameBytes.close(code: 1001, reason: Array("away".utf8)))
        let close = WebSocketFrame(opcode: .close, payload: [0x03, 0xE9] + Array("away".utf8))
        #expect(machine.nextDelivery(as: .frames) == [.deliver(.frame(close))])
        // §5.5.1: nothing follows a close; a data frame that does is not delivered.
        machine.receive(FrameBytes.frame(opcode: FrameBytes.text, payload: Array("after".utf8)))
        #expect(machine.nextDelivery(as: .frames) == [])
        #expect(try machine.send(close, now: .seconds(3)) == [.write(close), .finishTransport])
        #expect(machine.nextDelivery(as: .frames) == [.deliver(.closed(Self.closedClean(.goingAway, "away", by: .peer)))])
    }

    // A relay that closed first gets the peer's answer as a frame (to pass on), then the end.
    @Test func relayThatClosedFirstGetsThePeersAnswerThenTheEnd() {
        var machine = WebSocketStateMachine(role: .client, configuration: Self.relay)
        #expect(machine.close(code: .normalClosure, reason: "done", now: .zero)
            == [.write(.close(code: .normalClosure, reason: "done")), .armDeadline(.seconds(2))])
        machine.receive(FrameBytes.frame(opcode: FrameBytes.close, payload: [0x03, 0xE8], mask: nil))
        #expect(machine.nextDelivery(as: .frames)
            == [.finishTransport, .cancelDeadline, .deliver(.frame(WebSocketFrame(opcode: .close, payload: [0x03, 0xE8])))])
        #expect(machine.nextDelivery(as: .frames) == [.deliver(.closed(Self.closedClean(.normalClosure, "done", by: .local)))])
    }

    // §7.4.1: 1005, 1006 and 1015 are never put in a close frame, nor codes outside the registry;
    // the close goes out without a code instead.
    @Test(arguments: [UInt16(1005), 1006, 1015, 999, 2000, 5000])
    func forbiddenCloseCodesAreNeverSent(code: UInt16) {
        var machine = WebSocketStateMachine(role: .server, configuration: Self.configuration)
        #expect(machine.close(code: WebSocketCloseCode(rawValue: code), reason: "reason", now: .zero)
            == [.write(WebSocketFrame(opcode: .close)), .armDeadline(.seconds(2))])
    }

    // §5.5.1: after our close, no data frame and no pong goes out; the peer's data still arrives
    // until its close.
    @Test func afterOurCloseNothingIsSentButThePeersDataIsStillDelivered() {
        var machine = WebSocketStateMachine(role: .server, configuration: Self.configuration)
        _ = machine.close(code: .goingAway, reason: "", now: .zero)
        #expect(throws: WebSocketConnectionError.closed) { try machine.send(.text("more"), now: .seconds(1)) }
        #expect(throws: WebSocketConnectionError.closed) { try machine.send(WebSocketFrame(opcode: .ping), now: .seconds(1)) }
        #expect(machine.close(code: .normalClosure, reason: "again", now: .seconds(1)) == [])
        machine.receive(FrameBytes.frame(opcode: FrameBytes.ping, payload: [7])
            + FrameBytes.frame(opcode: FrameBytes.text, payload: Array("in flight".utf8)))
        #expect(machine.nextDelivery(as: .messages) == [.deliver(.message(.text("in flight")))])
    }

    // TCP ending before any close frame is an abnormal closure (§7.1.5), and ends the connection once.
    @Test func endOfStreamWithoutACloseIsReportedAs1006AndFinishesTCPOnce() {
        var machine = WebSocketStateMachine(role: .client, configuration: Self.configuration)
        let ended = WebSocketStateMachine.Action.deliver(.closed(WebSocketStateMachine.closedWithoutCloseFrame))
        #expect(machine.endOfStream() == [.finishTransport, ended])
        #expect(machine.endOfStream() == [ended])
        #expect(machine.nextDelivery(as: .frames) == [ended])
        machine.receive(FrameBytes.frame(opcode: FrameBytes.text, payload: Array("late".utf8), mask: nil))
        #expect(machine.nextDelivery(as: .messages) == [ended])
    }
}
