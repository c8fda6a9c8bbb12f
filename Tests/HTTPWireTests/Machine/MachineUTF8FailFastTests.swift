@testable import HTTPWire
import Testing

/// RFC 6455 §8.1, failing fast: invalid UTF-8 in a text message closes the connection (1007)
/// as soon as the bad byte arrives, within a frame that is not complete yet, and at the first
/// bad fragment; never later. (The shape of Autobahn's cases 6.4.3 and 6.4.4: the rest of the
/// frame is only sent after the peer had its chance to close.)
@Suite struct MachineUTF8FailFastTests {
    /// "κόσμε", valid.
    static let valid = Array("κόσμε".utf8)
    /// A 4-byte sequence over U+10FFFF: F4 may only be followed by 80–8F, so 0x90 is the first
    /// byte that cannot be valid.
    static let invalid: [UInt8] = [0xF4, 0x90, 0x80, 0x80]
    static let rest = Array("edited".utf8)

    static let error = WebSocketProtocolError.invalidUTF8InText
    static let failure: [WebSocketStateMachine.Action] = [
        .write(.close(code: .invalidPayloadData, reason: error.description)), .finishTransport,
        .deliver(.closed(WebSocketCloseInfo(code: .invalidPayloadData, reason: error.description, initiator: .local, wasClean: false))),
    ]

    /// One text frame: the valid text, the invalid sequence, more text.
    static let oneFrame = FrameBytes.frame(opcode: FrameBytes.text, payload: valid + invalid + rest)
    /// Where the first bad byte is on the wire: after the 2-byte header, the mask and "κόσμε" + F4.
    static let oneFrameFirstBadByte = 2 + 4 + valid.count + 1

    /// A text fragment with the valid text, then a continuation with the invalid sequence and more.
    static let fragmented = FrameBytes.frame(fin: false, opcode: FrameBytes.text, payload: valid)
        + FrameBytes.frame(opcode: FrameBytes.continuation, payload: invalid + rest)
    static let fragmentedFirstBadByte = (2 + 4 + valid.count) + 2 + 4 + 1

    static let modes: [WebSocketReceiveMode] = [.messages, .frames]

    /// Feeds `first`, then (if the connection is still open) `second`; the actions of each.
    static func run(_ first: [UInt8], _ second: [UInt8], mode: WebSocketReceiveMode)
        -> (first: [WebSocketStateMachine.Action], second: [WebSocketStateMachine.Action]) {
        var machine = WebSocketStateMachine(role: .server, configuration: WebSocketConfiguration(answersControlFrames: mode == .messages))
        func drain() -> [WebSocketStateMachine.Action] {
            var actions: [WebSocketStateMachine.Action] = []
            while true {
                let next = machine.nextDelivery(as: mode)
                actions += next
                // A relay takes frames one call at a time; stop when nothing more is there or it ended.
                guard case .deliver(.frame)? = next.last else { return actions }
            }
        }
        machine.receive(first)
        let firstActions = drain()
        if machine.isEnded { return (firstActions, []) }
        machine.receive(second)
        return (firstActions, drain())
    }

    // 6.4.3's shape: one frame cut at every byte. Once the bad byte is in, the close is written
    // at once, before the rest of the frame; not one byte earlier.
    @Test(arguments: modes)
    func invalidTextInOneFrameClosesWith1007AsSoonAsTheBadByteArrives(mode: WebSocketReceiveMode) {
        for cut in 0...Self.oneFrame.count {
            let (first, second) = Self.run(Array(Self.oneFrame[..<cut]), Array(Self.oneFrame[cut...]), mode: mode)
            if cut >= Self.oneFrameFirstBadByte + 1 {
                #expect(first == Self.failure, "cut at \(cut): the bad byte arrived but the connection is not failed")
                #expect(second == [], "cut at \(cut)")
            } else {
                #expect(first == [], "cut at \(cut): failed before the bad byte arrived")
                #expect(second == Self.failure, "cut at \(cut)")
            }
        }
    }

    // 6.4.4's shape: the bad byte in a continuation frame, cut at every byte, in both modes
    // (a relay passes the valid first fragment on and fails at the bad byte, not at the end).
    @Test(arguments: modes)
    func invalidTextInAContinuationClosesWith1007AsSoonAsTheBadByteArrives(mode: WebSocketReceiveMode) {
        let firstFragment = WebSocketFrame(fin: false, opcode: .text, payload: Self.valid)
        let firstFragmentEnd = 2 + 4 + Self.valid.count
        for cut in 0...Self.fragmented.count {
            let (first, second) = Self.run(Array(Self.fragmented[..<cut]), Array(Self.fragmented[cut...]), mode: mode)
            let relayed: [WebSocketStateMachine.Action] = mode == .frames && cut >= firstFragmentEnd
                ? [.deliver(.frame(firstFragment))] : []
            if cut >= Self.fragmentedFirstBadByte + 1 {
                #expect(first == relayed + Self.failure, "cut at \(cut)")
                #expect(second == [], "cut at \(cut)")
            } else {
                #expect(first == relayed, "cut at \(cut): failed before the bad byte arrived")
                let relayedLater: [WebSocketStateMachine.Action] = mode == .frames && cut < firstFragmentEnd
                    ? [.deliver(.frame(firstFragment))] : []
                #expect(second == relayedLater + Self.failure, "cut at \(cut)")
            }
        }
    }

    // Checking as the bytes come changes nothing for valid text: a masked text frame of
    // multi-byte characters, cut anywhere (the mask's phase included), is delivered whole once.
    @Test func validTextCutAtEveryByteIsDeliveredWhole() {
        let text = "κόσμε ☃ 𝄞 edited"
        let wire = FrameBytes.frame(fin: false, opcode: FrameBytes.text, payload: Array(text.utf8.prefix(9)))
            + FrameBytes.frame(opcode: FrameBytes.continuation, payload: Array(text.utf8.dropFirst(9)))
        for cut in 0...wire.count {
            let (first, second) = Self.run(Array(wire[..<cut]), Array(wire[cut...]), mode: .messages)
            #expect(first + second == [.deliver(.message(.text(text)))], "cut at \(cut)")
        }
    }

    // Only text is UTF-8: the same bytes in a binary frame, cut anywhere, are delivered.
    @Test func binaryBytesThatAreNotUTF8AreNeverJudged() {
        let payload = Self.valid + Self.invalid + Self.rest
        let wire = FrameBytes.frame(opcode: FrameBytes.binary, payload: payload)
        for cut in 0...wire.count {
            let (first, second) = Self.run(Array(wire[..<cut]), Array(wire[cut...]), mode: .messages)
            #expect(first + second == [.deliver(.message(.binary(payload)))], "cut at \(cut)")
        }
    }

    // A sequence cut short at the end of what arrived is not judged yet: F4 alone may still
    // become valid, so nothing happens until the byte after it.
    @Test func anIncompleteSequenceAtTheEndOfWhatArrivedWaitsForItsNextByte() {
        let wire = FrameBytes.frame(opcode: FrameBytes.text, payload: Self.valid + [0xF4, 0x8F, 0xBF, 0xBF])
        let (first, second) = Self.run(Array(wire.dropLast(3)), Array(wire.suffix(3)), mode: .messages)
        #expect(first == [])
        #expect(second == [.deliver(.message(.text("κόσμε\u{10FFFF}")))])
    }
}
