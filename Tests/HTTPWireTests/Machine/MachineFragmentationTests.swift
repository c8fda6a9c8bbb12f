@testable import HTTPWire
import Testing

/// Fragmented messages (RFC 6455 §5.4) with control frames between the fragments, on the
/// state machine: the control frames are handled in place, the message arrives whole.
@Suite struct MachineFragmentationTests {
    static func fragment(_ opcode: UInt8, _ text: String, fin: Bool = false) -> [UInt8] {
        FrameBytes.frame(fin: fin, opcode: opcode, payload: Array(text.utf8))
    }

    static let interleaved = fragment(FrameBytes.text, "Hel")
        + FrameBytes.frame(opcode: FrameBytes.ping, payload: Array("mid".utf8))
        + fragment(FrameBytes.continuation, "lo, ")
        + FrameBytes.frame(opcode: FrameBytes.pong, payload: [])
        + fragment(FrameBytes.continuation, "world", fin: true)

    // §5.4: control frames may come between fragments; the ping is answered before the message
    // is complete, and the message is delivered whole.
    @Test func pingAndPongBetweenFragmentsAreHandledAndTheMessageArrivesWhole() {
        var machine = WebSocketStateMachine(role: .server, configuration: WebSocketConfiguration())
        machine.receive(Self.interleaved)
        #expect(machine.nextDelivery(as: .messages)
            == [.write(WebSocketFrame(opcode: .pong, payload: Array("mid".utf8))), .deliver(.message(.text("Hello, world")))])
        #expect(machine.nextDelivery(as: .messages) == [])
    }

    // However the bytes are cut, the same frames are written and the same message delivered.
    @Test func interleavedFragmentsCutAtEveryBoundaryGiveTheSameActions() {
        for chunks in Splits.everyBoundary(Self.interleaved) + [Splits.bytewise(Self.interleaved)] {
            var machine = WebSocketStateMachine(role: .server, configuration: WebSocketConfiguration())
            var actions: [WebSocketStateMachine.Action] = []
            for chunk in chunks {
                machine.receive(chunk)
                actions += machine.nextDelivery(as: .messages)
            }
            #expect(actions == [.write(WebSocketFrame(opcode: .pong, payload: Array("mid".utf8))),
                                .deliver(.message(.text("Hello, world")))], "cut as \(chunks.map(\.count))")
        }
    }

    // A relay gets every fragment and control frame as it came, in order.
    @Test func relayGetsEachFragmentAndControlFrameInOrder() {
        var machine = WebSocketStateMachine(role: .server, configuration: WebSocketConfiguration(answersControlFrames: false))
        machine.receive(Self.interleaved)
        var frames: [WebSocketFrame] = []
        while case .deliver(.frame(let frame))? = machine.nextDelivery(as: .frames).last { frames.append(frame) }
        #expect(frames == [
            WebSocketFrame(fin: false, opcode: .text, payload: Array("Hel".utf8)),
            WebSocketFrame(opcode: .ping, payload: Array("mid".utf8)),
            WebSocketFrame(fin: false, opcode: .continuation, payload: Array("lo, ".utf8)),
            WebSocketFrame(opcode: .pong),
            WebSocketFrame(fin: true, opcode: .continuation, payload: Array("world".utf8)),
        ])
    }

    // §5.4 with §5.5.1: a close between fragments is echoed at once; the open message is dropped.
    @Test func closeBetweenFragmentsIsEchoedAndTheUnfinishedMessageIsDropped() {
        var machine = WebSocketStateMachine(role: .server, configuration: WebSocketConfiguration())
        machine.receive(Self.fragment(FrameBytes.binary, "half") + FrameBytes.close(code: 1001)
            + Self.fragment(FrameBytes.continuation, "rest", fin: true))
        let info = WebSocketCloseInfo(code: .goingAway, reason: "", initiator: .peer, wasClean: true)
        #expect(machine.nextDelivery(as: .messages)
            == [.write(.close(code: .goingAway)), .finishTransport, .deliver(.closed(info))])
    }

    // §8.1: a code point split across fragments is valid; the message is judged whole.
    @Test func codePointSplitAcrossFragmentsIsDelivered() {
        var machine = WebSocketStateMachine(role: .server, configuration: WebSocketConfiguration())
        let snowman = Array("☃".utf8)
        machine.receive(FrameBytes.frame(fin: false, opcode: FrameBytes.text, payload: [snowman[0]])
            + FrameBytes.frame(fin: false, opcode: FrameBytes.continuation, payload: [snowman[1]])
            + FrameBytes.frame(opcode: FrameBytes.continuation, payload: [snowman[2]]))
        #expect(machine.nextDelivery(as: .messages) == [.deliver(.message(.text("☃")))])
    }

    // §10.4: the size cap applies to the whole message, at the fragment that crosses it.
    @Test func fragmentsOverTheMessageCapFailWith1009AtTheFragmentThatCrossesIt() {
        var machine = WebSocketStateMachine(role: .server, configuration: WebSocketConfiguration(maxMessageSize: 10))
        machine.receive(FrameBytes.frame(fin: false, opcode: FrameBytes.binary, payload: [UInt8](repeating: 1, count: 6)))
        #expect(machine.nextDelivery(as: .messages) == [])
        machine.receive(FrameBytes.frame(fin: false, opcode: FrameBytes.continuation, payload: [UInt8](repeating: 1, count: 5)))
        let error = WebSocketProtocolError.messageTooBig(limit: 10)
        #expect(machine.nextDelivery(as: .messages)
            == [.write(.close(code: .messageTooBig, reason: error.description)), .finishTransport,
                .deliver(.closed(WebSocketCloseInfo(code: .messageTooBig, reason: error.description, initiator: .local,
                                                   wasClean: false)))])
        #expect(machine.protocolFailure == error)
    }
}
