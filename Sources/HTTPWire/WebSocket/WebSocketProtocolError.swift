/// A peer broke RFC 6455: one case per rule, each mapping to the close code we answer
/// with (``closeCode``) and a close reason that names the rule (``description``).
///
/// ```swift
/// var decoder = WebSocketFrameDecoder(role: .server, maxFrameSize: 1024)
/// decoder.feed([0x81, 0x00])                 // FIN text, unmasked
/// #expect(throws: WebSocketProtocolError.unmaskedClientFrame) { try decoder.next() }
/// ```
package enum WebSocketProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// §5.2: RSV1–3 set (the three bits, RSV1 = 0x4) without a negotiated extension. → 1002
    case reservedBitsSet(UInt8)
    /// §5.2: opcode 0x3–0x7 or 0xB–0xF. → 1002
    case reservedOpcode(UInt8)
    /// §5.1: a server received a frame without a mask. → 1002
    case unmaskedClientFrame
    /// §5.1: a client received a masked frame. → 1002
    case maskedServerFrame
    /// §5.5: a close, ping or pong without FIN. → 1002
    case fragmentedControlFrame(WebSocketOpcode)
    /// §5.5: a control frame announcing more than 125 payload bytes. `length` is the 7-bit length
    /// field (126 or 127: an extended length follows), judged before the extended length is read. → 1002
    case controlFrameTooLong(length: Int)
    /// §5.2: a 64-bit payload length with its most significant bit set. → 1002
    case lengthTopBitSet
    /// §5.4: a continuation frame with no fragmented message open. → 1002
    case continuationWithoutStart
    /// §5.4: a text or binary frame while a fragmented message is still open. → 1002
    case newMessageDuringFragmentedMessage(WebSocketOpcode)
    /// §5.5.1: a close payload of exactly one byte (a code needs two). → 1002
    case closePayloadOfOneByte
    /// §7.4.1, §7.4.2: a close code a peer may not send (e.g. 1005, 1006, 999, 2000). → 1002
    case invalidCloseCode(UInt16)
    /// §8.1: a text message (or a fragment of one) that is not UTF-8. → 1007
    case invalidUTF8InText
    /// §5.5.1: a close reason that is not UTF-8. → 1007
    case invalidUTF8InCloseReason
    /// §10.4: a frame header announcing more than the configured `maxFrameSize`. → 1009
    case frameTooBig(limit: Int)
    /// §10.4: fragments of one message adding up to more than `maxMessageSize`. → 1009
    case messageTooBig(limit: Int)

    /// The close code to send (§7.4.1).
    package var closeCode: WebSocketCloseCode {
        switch self {
        case .reservedBitsSet, .reservedOpcode, .unmaskedClientFrame, .maskedServerFrame, .fragmentedControlFrame,
             .controlFrameTooLong, .lengthTopBitSet, .continuationWithoutStart, .newMessageDuringFragmentedMessage,
             .closePayloadOfOneByte, .invalidCloseCode:
            .protocolError
        case .invalidUTF8InText, .invalidUTF8InCloseReason: .invalidPayloadData
        case .frameTooBig, .messageTooBig: .messageTooBig
        }
    }

    /// The RFC 6455 section of the rule that was broken.
    package var section: String {
        switch self {
        case .reservedBitsSet, .reservedOpcode, .lengthTopBitSet: "5.2"
        case .unmaskedClientFrame, .maskedServerFrame: "5.1"
        case .fragmentedControlFrame, .controlFrameTooLong: "5.5"
        case .continuationWithoutStart, .newMessageDuringFragmentedMessage: "5.4"
        case .closePayloadOfOneByte, .invalidUTF8InCloseReason: "5.5.1"
        case .invalidCloseCode: "7.4"
        case .invalidUTF8InText: "8.1"
        case .frameTooBig, .messageTooBig: "10.4"
        }
    }

    /// The rule, short enough to be a close reason (≤ 123 bytes), citing its section.
    package var description: String {
        let rule = switch self {
        case .reservedBitsSet(let bits): "reserved bits set (RSV=\(bits))"
        case .reservedOpcode(let code): "reserved opcode 0x\(String(code, radix: 16))"
        case .unmaskedClientFrame: "client frame not masked"
        case .maskedServerFrame: "server frame masked"
        case .fragmentedControlFrame(let opcode): "fragmented control frame (opcode 0x\(String(opcode.rawValue, radix: 16)))"
        case .controlFrameTooLong(let length): "control frame payload of \(length) bytes, over 125"
        case .lengthTopBitSet: "64-bit length with the top bit set"
        case .continuationWithoutStart: "continuation frame without a message to continue"
        case .newMessageDuringFragmentedMessage: "new data frame inside a fragmented message"
        case .closePayloadOfOneByte: "close payload of 1 byte"
        case .invalidCloseCode(let code): "invalid close code \(code)"
        case .invalidUTF8InText: "invalid UTF-8 in a text message"
        case .invalidUTF8InCloseReason: "invalid UTF-8 in a close reason"
        case .frameTooBig(let limit): "frame larger than \(limit) bytes"
        case .messageTooBig(let limit): "message larger than \(limit) bytes"
        }
        return "\(rule) (RFC 6455 §\(section))"
    }
}
