@testable import HTTPWire
import Testing

/// Every protocol rule, broken in raw bytes, fails the connection on the machine with the one
/// error case for that rule, its close code, and a close reason naming it (RFC 6455 §7.1.7).
@Suite struct MachineRuleTests {
    static let configuration = WebSocketConfiguration(maxFrameSize: 1024, maxMessageSize: 2048)

    @Test(arguments: WebSocketErrorCaseTests.cases)
    func brokenRuleFailsTheConnectionWithItsCaseCodeAndReason(_ testCase: WebSocketErrorCaseTests.Case) {
        var machine = WebSocketStateMachine(role: testCase.role, configuration: Self.configuration)
        machine.receive(testCase.wire)
        let code = testCase.error.closeCode
        let info = WebSocketCloseInfo(code: code, reason: testCase.error.description, initiator: .local, wasClean: false)
        #expect(machine.nextDelivery(as: .messages)
            == [.write(.close(code: code, reason: testCase.error.description)), .finishTransport, .deliver(.closed(info))])
        #expect(machine.protocolFailure == testCase.error)
        #expect(code.rawValue == testCase.closeCode)
    }

    // In frame mode the same rules apply: a relay never passes a broken frame on.
    @Test(arguments: WebSocketErrorCaseTests.cases)
    func brokenRuleFailsARelayTheSameWay(_ testCase: WebSocketErrorCaseTests.Case) {
        var machine = WebSocketStateMachine(role: testCase.role, configuration: WebSocketConfiguration(
            maxFrameSize: 1024, maxMessageSize: 2048, answersControlFrames: false))
        machine.receive(testCase.wire)
        var delivered: [WebSocketEvent] = []
        for _ in 0..<5 {
            for case .deliver(let delivery) in machine.nextDelivery(as: .frames) { delivered.append(delivery) }
        }
        let info = WebSocketCloseInfo(code: testCase.error.closeCode, reason: testCase.error.description,
                                      initiator: .local, wasClean: false)
        // Fragments before the broken one pass; the broken frame never does.
        #expect(delivered.last == .closed(info))
        #expect(!delivered.contains { if case .frame(let frame) = $0 { frame.opcode == .close } else { false } })
        #expect(machine.protocolFailure == testCase.error)
    }

    // A rule broken after our close went out ends the connection without a second close frame.
    @Test func brokenRuleAfterOurCloseSendsNoSecondClose() {
        var machine = WebSocketStateMachine(role: .server, configuration: Self.configuration)
        _ = machine.close(code: .normalClosure, reason: "", now: .zero)
        machine.receive(FrameBytes.frame(opcode: FrameBytes.text, payload: [0xFF]))
        let error = WebSocketProtocolError.invalidUTF8InText
        let info = WebSocketCloseInfo(code: .invalidPayloadData, reason: error.description, initiator: .local, wasClean: false)
        #expect(machine.nextDelivery(as: .messages) == [.finishTransport, .cancelDeadline, .deliver(.closed(info))])
        #expect(machine.protocolFailure == error)
    }

    // The rule is judged the same however the bytes arrive, one at a time included.
    @Test(arguments: WebSocketErrorCaseTests.cases)
    func brokenRuleFedByteByByteFailsTheSameWay(_ testCase: WebSocketErrorCaseTests.Case) {
        var machine = WebSocketStateMachine(role: testCase.role, configuration: Self.configuration)
        var written: [WebSocketFrame] = []
        for byte in testCase.wire where !machine.isEnded {
            machine.receive([byte])
            for case .write(let frame) in machine.nextDelivery(as: .messages) { written.append(frame) }
        }
        #expect(written == [.close(code: testCase.error.closeCode, reason: testCase.error.description)])
        #expect(machine.protocolFailure == testCase.error)
    }
}
