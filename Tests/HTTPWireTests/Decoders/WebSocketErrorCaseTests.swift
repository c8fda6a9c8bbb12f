@testable import HTTPWire
import Testing

/// Hostile frames written as raw bytes, each refused with the one case for the rule it breaks,
/// the close code that rule maps to, and a close reason naming the rule.
@Suite struct WebSocketErrorCaseTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var rule: String
        var role: WebSocketRole = .server
        var wire: [UInt8]
        var error: WebSocketProtocolError
        var closeCode: UInt16
        var testDescription: String { rule }
    }

    static let cases: [Case] = [
        // §5.2
        Case(rule: "RSV1 set", wire: FrameBytes.frame(reservedBits: 0b100, opcode: FrameBytes.text, payload: []),
             error: .reservedBitsSet(0b100), closeCode: 1002),
        Case(rule: "RSV3 set", wire: FrameBytes.frame(reservedBits: 0b001, opcode: FrameBytes.text, payload: []),
             error: .reservedBitsSet(0b001), closeCode: 1002),
        Case(rule: "reserved data opcode", wire: FrameBytes.frame(opcode: 0x3, payload: []), error: .reservedOpcode(0x3), closeCode: 1002),
        Case(rule: "reserved control opcode", wire: FrameBytes.frame(opcode: 0xB, payload: []), error: .reservedOpcode(0xB), closeCode: 1002),
        Case(rule: "64-bit length top bit", wire: FrameBytes.header(opcode: FrameBytes.binary, length: 1 << 63),
             error: .lengthTopBitSet, closeCode: 1002),
        // §5.1
        Case(rule: "unmasked client frame", wire: FrameBytes.frame(opcode: FrameBytes.text, payload: [], mask: nil),
             error: .unmaskedClientFrame, closeCode: 1002),
        Case(rule: "masked server frame", role: .client, wire: FrameBytes.frame(opcode: FrameBytes.text, payload: []),
             error: .maskedServerFrame, closeCode: 1002),
        // §5.5
        Case(rule: "fragmented ping", wire: FrameBytes.frame(fin: false, opcode: FrameBytes.ping, payload: []),
             error: .fragmentedControlFrame(.ping), closeCode: 1002),
        Case(rule: "126-byte pong", wire: FrameBytes.frame(opcode: FrameBytes.pong, payload: [UInt8](repeating: 0, count: 126)),
             error: .controlFrameTooLong(length: 126), closeCode: 1002),
        Case(rule: "close with 64-bit length", wire: FrameBytes.header(opcode: FrameBytes.close, length: 70_000),
             error: .controlFrameTooLong(length: 127), closeCode: 1002),
        // §5.4
        Case(rule: "continuation first", wire: FrameBytes.frame(opcode: FrameBytes.continuation, payload: "x".bytes),
             error: .continuationWithoutStart, closeCode: 1002),
        Case(rule: "text inside fragmented binary",
             wire: FrameBytes.frame(fin: false, opcode: FrameBytes.binary, payload: [1]) + FrameBytes.frame(opcode: FrameBytes.text, payload: []),
             error: .newMessageDuringFragmentedMessage(.text), closeCode: 1002),
        // §5.5.1, §7.4
        Case(rule: "one-byte close", wire: FrameBytes.frame(opcode: FrameBytes.close, payload: [0x03]),
             error: .closePayloadOfOneByte, closeCode: 1002),
        Case(rule: "close code 1005", wire: FrameBytes.close(code: 1005), error: .invalidCloseCode(1005), closeCode: 1002),
        Case(rule: "close code 999", wire: FrameBytes.close(code: 999), error: .invalidCloseCode(999), closeCode: 1002),
        Case(rule: "close code 5000", wire: FrameBytes.close(code: 5000), error: .invalidCloseCode(5000), closeCode: 1002),
        Case(rule: "close reason not UTF-8", wire: FrameBytes.close(code: 1000, reason: [0xC0, 0xAF]),
             error: .invalidUTF8InCloseReason, closeCode: 1007),
        // §8.1
        Case(rule: "text not UTF-8", wire: FrameBytes.frame(opcode: FrameBytes.text, payload: [0xED, 0xA0, 0x80]),
             error: .invalidUTF8InText, closeCode: 1007),
        Case(rule: "text fragment ending mid code point",
             wire: FrameBytes.frame(opcode: FrameBytes.text, payload: [0xE2, 0x9C]), error: .invalidUTF8InText, closeCode: 1007),
        Case(rule: "bad UTF-8 in the first fragment",
             wire: FrameBytes.frame(fin: false, opcode: FrameBytes.text, payload: [0x61, 0xFF]), error: .invalidUTF8InText, closeCode: 1007),
        // §10.4
        Case(rule: "frame over maxFrameSize", wire: FrameBytes.header(opcode: FrameBytes.binary, length: 1025),
             error: .frameTooBig(limit: 1024), closeCode: 1009),
        Case(rule: "64-bit frame over maxFrameSize", wire: FrameBytes.header(opcode: FrameBytes.binary, length: 1 << 40),
             error: .frameTooBig(limit: 1024), closeCode: 1009),
        Case(rule: "message over maxMessageSize",
             wire: FrameBytes.frame(fin: false, opcode: FrameBytes.binary, payload: [UInt8](repeating: 1, count: 1000))
                + FrameBytes.frame(fin: false, opcode: FrameBytes.continuation, payload: [UInt8](repeating: 1, count: 1000))
                + FrameBytes.frame(opcode: FrameBytes.continuation, payload: [UInt8](repeating: 1, count: 1000)),
             error: .messageTooBig(limit: 2048), closeCode: 1009),
    ]

    @Test(arguments: cases)
    func hostileBytesAreRefusedWithTheCaseForTheirRule(_ testCase: Case) {
        let run = DecoderRuns.webSocket([testCase.wire], role: testCase.role, maxFrameSize: 1024, maxMessageSize: 2048)
        #expect(run.error == testCase.error)
        #expect(run.error?.closeCode.rawValue == testCase.closeCode)
    }

    // The error is the same however the bytes arrive.
    @Test(arguments: cases)
    func hostileBytesCutAtEveryBoundaryAreRefusedTheSameWay(_ testCase: Case) {
        for chunks in Splits.everyBoundary(testCase.wire) + [Splits.bytewise(testCase.wire)] {
            let run = DecoderRuns.webSocket(chunks, role: testCase.role, maxFrameSize: 1024, maxMessageSize: 2048)
            #expect(run.error == testCase.error, "cut as \(chunks.map(\.count))")
        }
    }

    // The close reason sent is the description: it names the rule and its section, and fits a close frame.
    @Test(arguments: cases)
    func closeReasonNamesTheRuleAndFitsAControlFrame(_ testCase: Case) {
        let reason = testCase.error.description
        #expect(reason.hasSuffix("(RFC 6455 §\(testCase.error.section))"))
        #expect(reason.utf8.count <= 120)
    }

    @Test func closeReasonsAreDistinctPerRule() {
        let reasons = Set(Self.cases.map(\.error.description))
        #expect(reasons.count == Set(Self.cases.map(\.error)).count)
    }
}
