@testable import HTTPWire
import Testing

/// Ping, pong (RFC 6455 §5.5.2–§5.5.3) and the keep-alive schedule on the state machine, on
/// virtual time: pings at the interval, a pong deadline, and the drop when it passes.
@Suite struct MachinePingTests {
    static let keepAlive = WebSocketConfiguration(pingInterval: .seconds(10), pongTimeout: .seconds(5))

    // §5.5.3: a pong carries the ping's application data.
    @Test(arguments: [0, 1, 125])
    func pingIsAnsweredWithAPongCarryingItsPayload(size: Int) {
        var machine = WebSocketStateMachine(role: .server, configuration: WebSocketConfiguration())
        let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0 * 7) }
        machine.receive(FrameBytes.frame(opcode: FrameBytes.ping, payload: payload))
        #expect(machine.nextDelivery(as: .messages) == [.write(WebSocketFrame(opcode: .pong, payload: payload))])
    }

    // A relay passes pings and pongs on untouched: delivered, never answered.
    @Test func relayGetsPingsAndPongsAsFramesAndAnswersNothing() {
        var machine = WebSocketStateMachine(role: .client, configuration: WebSocketConfiguration(answersControlFrames: false))
        machine.receive(FrameBytes.frame(opcode: FrameBytes.ping, payload: [1], mask: nil)
            + FrameBytes.frame(opcode: FrameBytes.pong, payload: [2], mask: nil))
        #expect(machine.nextDelivery(as: .frames) == [.deliver(.frame(WebSocketFrame(opcode: .ping, payload: [1])))])
        #expect(machine.nextDelivery(as: .frames) == [.deliver(.frame(WebSocketFrame(opcode: .pong, payload: [2])))])
        #expect(machine.nextDelivery(as: .frames) == [])
    }

    // §5.5.3: an unsolicited pong needs no answer.
    @Test func unsolicitedPongIsConsumedSilently() {
        var machine = WebSocketStateMachine(role: .server, configuration: WebSocketConfiguration())
        machine.receive(FrameBytes.frame(opcode: FrameBytes.pong, payload: Array("unasked".utf8))
            + FrameBytes.frame(opcode: FrameBytes.text, payload: Array("still here".utf8)))
        #expect(machine.nextDelivery(as: .messages) == [.deliver(.message(.text("still here")))])
    }

    // Keep-alive: a ping every interval, each answered by a pong echoing it; the pong moves the
    // deadline from the pong timeout back to the next ping.
    @Test func keepAlivePingsAtTheIntervalAndAPongMovesTheDeadlineToTheNextPing() {
        var machine = WebSocketStateMachine(role: .server, configuration: Self.keepAlive)
        #expect(machine.start() == [.armDeadline(.seconds(10))])
        #expect(machine.deadlineReached(.seconds(10), now: .seconds(10))
            == [.write(WebSocketFrame(opcode: .ping, payload: [0, 0, 0, 1])), .armDeadline(.seconds(15))])
        machine.receive(FrameBytes.frame(opcode: FrameBytes.pong, payload: [0, 0, 0, 1]))
        #expect(machine.nextDelivery(as: .messages) == [.armDeadline(.seconds(20))])
        // The pong deadline's alarm was replaced: it does nothing.
        #expect(machine.deadlineReached(.seconds(15), now: .seconds(15)) == [])
        #expect(machine.deadlineReached(.seconds(20), now: .milliseconds(20_250))
            == [.write(WebSocketFrame(opcode: .ping, payload: [0, 0, 0, 2])), .armDeadline(.milliseconds(25_250))])
    }

    // Keep-alive: a peer that answers every ping stays open far past the pong timeout: ten pings,
    // each answered just before its deadline, over twenty pong timeouts; no close goes out, and
    // its data is still delivered at the end.
    @Test func keepAliveKeepsAPeerThatAnswersEveryPingOpenFarPastThePongTimeout() throws {
        let interval = try #require(Self.keepAlive.pingInterval)
        let pongTimeout = Self.keepAlive.pongTimeout
        var machine = WebSocketStateMachine(role: .server, configuration: Self.keepAlive)
        #expect(machine.start() == [.armDeadline(interval)])
        var nextPing = interval
        for counter in UInt8(1)...10 {
            let ping: [UInt8] = [0, 0, 0, counter]
            #expect(machine.deadlineReached(nextPing, now: nextPing)
                == [.write(WebSocketFrame(opcode: .ping, payload: ping)), .armDeadline(nextPing + pongTimeout)], "ping \(counter)")
            #expect(machine.tick(now: nextPing + pongTimeout - .milliseconds(1)) == [], "ping \(counter)")
            machine.receive(FrameBytes.frame(opcode: FrameBytes.pong, payload: ping))
            #expect(machine.nextDelivery(as: .messages) == [.armDeadline(nextPing + interval)], "pong \(counter)")
            // The replaced pong deadline's alarm does nothing.
            #expect(machine.deadlineReached(nextPing + pongTimeout, now: nextPing + pongTimeout) == [], "pong \(counter)")
            nextPing += interval
        }
        #expect(nextPing > pongTimeout * 20)
        machine.receive(FrameBytes.frame(opcode: FrameBytes.text, payload: Array("alive".utf8)))
        #expect(machine.nextDelivery(as: .messages) == [.deliver(.message(.text("alive")))])
    }

    // Keep-alive: a peer that does not answer (or answers with other data) is closed with 1011
    // at the pong deadline and TCP is dropped; the reader then reports why.
    @Test func keepAliveClosesWith1011AndDropsAPeerThatMissesThePongDeadline() {
        var machine = WebSocketStateMachine(role: .server, configuration: Self.keepAlive)
        _ = machine.start()
        _ = machine.deadlineReached(.seconds(10), now: .seconds(10))
        machine.receive(FrameBytes.frame(opcode: FrameBytes.pong, payload: [9, 9, 9, 9]))
        #expect(machine.nextDelivery(as: .messages) == [])
        #expect(machine.tick(now: .milliseconds(14_999)) == [])
        let reason = "keepalive ping timeout"
        #expect(machine.deadlineReached(.seconds(15), now: .seconds(15))
            == [.write(.close(code: .internalError, reason: reason)), .dropTransport, .cancelDeadline])
        let info = WebSocketCloseInfo(code: .internalError, reason: reason, initiator: .local, wasClean: false)
        #expect(machine.nextDelivery(as: .messages) == [.finishTransport, .deliver(.closed(info))])
        #expect(machine.endOfStream() == [.deliver(.closed(info))])
    }

    // Once the close handshake started, no more pings go out and no pong deadline applies.
    @Test func keepAliveStopsWhenTheCloseHandshakeStarts() {
        var machine = WebSocketStateMachine(role: .server, configuration: Self.keepAlive)
        _ = machine.start()
        #expect(machine.close(code: .normalClosure, reason: "", now: .seconds(4))
            == [.write(.close(code: .normalClosure)), .armDeadline(.seconds(6))])
        #expect(machine.deadlineReached(.seconds(10), now: .seconds(10)) == [])
        #expect(machine.tick(now: .seconds(5)) == [])
    }
}
