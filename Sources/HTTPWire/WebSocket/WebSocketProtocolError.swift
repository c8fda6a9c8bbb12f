/// A peer broke RFC 6455; each case maps to the close code we answer with.
public enum WebSocketProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// §5.2/§5.5: reserved bits, reserved opcode, bad masking, oversized or fragmented control
    /// frame, a 64-bit length with the top bit set, broken fragmentation, a malformed close.
    case protocolViolation(String)
    /// §8.1: a text message or close reason that is not UTF-8.
    case invalidUTF8
    /// A frame or message over the configured limit, detected from the header.
    case tooBig(limit: Int)

    /// The close code to send.
    public var closeCode: WebSocketCloseCode {
        switch self {
        case .protocolViolation: .protocolError
        case .invalidUTF8: .invalidPayloadData
        case .tooBig: .messageTooBig
        }
    }

    public var description: String {
        switch self {
        case .protocolViolation(let why): "protocol error: \(why)"
        case .invalidUTF8: "invalid UTF-8 in a text message or close reason"
        case .tooBig(let limit): "frame or message larger than \(limit) bytes"
        }
    }
}
