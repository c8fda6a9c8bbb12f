@testable import HTTPWire
import Testing

/// The frame decoder and message assembler fed raw bytes with no socket, cut at every byte
/// boundary: every cut decodes to exactly the frames and messages the whole does.
@Suite struct WebSocketSplitTests {
    static let key: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]

    /// A header with the 64-bit length form for a short payload: not what a sender may write
    /// (§5.2 wants the minimal form) but what the decoder must parse, cheap enough to cut everywhere.
    static func wideHeader(opcode: UInt8, length: UInt64, mask: [UInt8]?) -> [UInt8] {
        [0x80 | opcode, (mask == nil ? 0 : 0x80) | 127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: length >> (8 * UInt64($0))) }
            + (mask ?? [])
    }

    static func masked(_ payload: [UInt8], with mask: [UInt8]) -> [UInt8] {
        payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var role: WebSocketRole
        var wire: [UInt8]
        var expected: [WebSocketItem]
        var testDescription: String { name }
    }

    static var cases: [Case] {
        let fragmented = FrameBytes.frame(fin: false, opcode: FrameBytes.text, payload: "Hél".bytes)
            + FrameBytes.frame(opcode: FrameBytes.ping, payload: "are you there".bytes)
            + FrameBytes.frame(fin: false, opcode: FrameBytes.continuation, payload: "lo, ".bytes)
            + FrameBytes.frame(opcode: FrameBytes.pong, payload: [])
            + FrameBytes.frame(opcode: FrameBytes.continuation, payload: "kitchen ✓".bytes)
        let medium = (0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let unmasked = FrameBytes.frame(opcode: FrameBytes.text, payload: "hi".bytes, mask: nil)
            + FrameBytes.frame(opcode: FrameBytes.binary, payload: medium, mask: nil)
            + FrameBytes.frame(opcode: FrameBytes.close, payload: [0x03, 0xE8] + "bye".bytes, mask: nil)
        return [
            Case(name: "masked 7-bit text", role: .server, wire: FrameBytes.frame(opcode: FrameBytes.text, payload: "hello".bytes),
                 expected: [.message(.text("hello"))]),
            Case(name: "masked empty binary", role: .server, wire: FrameBytes.frame(opcode: FrameBytes.binary, payload: []),
                 expected: [.message(.binary([]))]),
            Case(name: "masked 16-bit binary", role: .server, wire: FrameBytes.frame(opcode: FrameBytes.binary, payload: medium),
                 expected: [.message(.binary(medium))]),
            Case(name: "masked 64-bit length form", role: .server,
                 wire: wideHeader(opcode: FrameBytes.binary, length: 5, mask: key) + masked([1, 2, 3, 4, 5], with: key),
                 expected: [.message(.binary([1, 2, 3, 4, 5]))]),
            Case(name: "unmasked 64-bit length form", role: .client,
                 wire: wideHeader(opcode: FrameBytes.text, length: 3, mask: nil) + "abc".bytes,
                 expected: [.message(.text("abc"))]),
            Case(name: "unmasked 7-bit, 16-bit and close", role: .client, wire: unmasked,
                 expected: [.message(.text("hi")), .message(.binary(medium)),
                            .control(WebSocketFrame(opcode: .close, payload: [0x03, 0xE8] + "bye".bytes))]),
            Case(name: "fragmented text with interleaved ping and pong", role: .server, wire: fragmented,
                 expected: [.control(WebSocketFrame(opcode: .ping, payload: "are you there".bytes)),
                            .control(WebSocketFrame(opcode: .pong)),
                            .message(.text("Héllo, kitchen ✓"))]),
        ]
    }

    @Test(arguments: cases)
    func framesCutAtEveryBoundaryDecodeLikeTheWholeStream(_ testCase: Case) {
        let whole = DecoderRuns.webSocket([testCase.wire], role: testCase.role)
        #expect(whole == DecodeRun(values: testCase.expected))
        var cuts = Splits.everyBoundary(testCase.wire) + [Splits.bytewise(testCase.wire)]
        if testCase.wire.count <= 80 { cuts += Splits.everyPairOfBoundaries(testCase.wire) }
        for chunks in cuts {
            let split = DecoderRuns.webSocket(chunks, role: testCase.role)
            #expect(split == whole, "cut as \(chunks.map(\.count))")
            if split != whole { return }
        }
    }

    // A real 64-bit length (65,536 bytes, the smallest that needs it). Cutting a 64 KiB frame at
    // all 65,547 boundaries would copy gigabytes; cut everywhere in the header and the payload's
    // first and last 32 bytes, and every 1,021st byte between.
    @Test(arguments: [WebSocketRole.server, .client])
    func sixtyFourBitFrameCutAcrossItsHeaderAndPayloadDecodesWhole(role: WebSocketRole) {
        let payload = (0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let wire = FrameBytes.frame(opcode: FrameBytes.binary, payload: payload, mask: role == .server ? Self.key : nil)
        #expect(wire[1] & 0x7F == 127)
        let boundaries = Set(Array(0...48) + Array(stride(from: 48, to: wire.count, by: 1_021)) + Array((wire.count - 32)...wire.count))
        for chunks in Splits.everyBoundary(wire, at: boundaries.sorted()) {
            let split = DecoderRuns.webSocket(chunks, role: role)
            #expect(split == DecodeRun(values: [.message(.binary(payload))]), "cut as \(chunks.map(\.count))")
        }
    }
}
