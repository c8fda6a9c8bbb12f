/// A frame opcode (RFC 6455 §5.2). Values outside these are reserved and refused.
public enum WebSocketOpcode: UInt8, Sendable {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    /// Control frames: close, ping, pong (§5.5).
    public var isControl: Bool { rawValue & 0x8 != 0 }
}

/// Which end of the connection we are: clients mask what they send, servers do not (§5.3).
public enum WebSocketRole: Sendable {
    case client
    case server
}

/// One WebSocket frame, payload unmasked.
public struct WebSocketFrame: Sendable, Equatable {
    public var fin: Bool
    /// The three RSV bits (RSV1 is 0x4); must be zero without a negotiated extension.
    public var reservedBits: UInt8
    public var opcode: WebSocketOpcode
    public var payload: [UInt8]

    public init(fin: Bool = true, reservedBits: UInt8 = 0, opcode: WebSocketOpcode, payload: [UInt8] = []) {
        self.fin = fin
        self.reservedBits = reservedBits
        self.opcode = opcode
        self.payload = payload
    }

    /// A single-frame text message.
    public static func text(_ text: String) -> WebSocketFrame { WebSocketFrame(opcode: .text, payload: Array(text.utf8)) }

    /// A close frame carrying `code` and `reason` (§5.5.1).
    public static func close(code: WebSocketCloseCode?, reason: String = "") -> WebSocketFrame {
        guard let code else { return WebSocketFrame(opcode: .close) }
        var payload = [UInt8(code.rawValue >> 8), UInt8(code.rawValue & 0xFF)]
        // §5.5: a control payload is at most 125 bytes; cut the reason on a character boundary.
        var reasonBytes: [UInt8] = []
        for character in reason {
            let bytes = Array(character.utf8)
            guard reasonBytes.count + bytes.count <= 123 else { break }
            reasonBytes.append(contentsOf: bytes)
        }
        payload.append(contentsOf: reasonBytes)
        return WebSocketFrame(opcode: .close, payload: payload)
    }
}

/// A close status code (RFC 6455 §7.4).
public struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public init(integerLiteral value: UInt16) { self.rawValue = value }

    public static let normalClosure: WebSocketCloseCode = 1000
    public static let goingAway: WebSocketCloseCode = 1001
    public static let protocolError: WebSocketCloseCode = 1002
    public static let unsupportedData: WebSocketCloseCode = 1003
    /// Never sent; reported locally when a close frame had no code.
    public static let noStatusReceived: WebSocketCloseCode = 1005
    /// Never sent; reported locally when the TCP connection ended without a close frame.
    public static let abnormalClosure: WebSocketCloseCode = 1006
    public static let invalidPayloadData: WebSocketCloseCode = 1007
    public static let policyViolation: WebSocketCloseCode = 1008
    public static let messageTooBig: WebSocketCloseCode = 1009
    public static let internalError: WebSocketCloseCode = 1011

    /// Whether a peer may put this code in a close frame (§7.4.1, §7.4.2 and the IANA registry):
    /// 1000–1003, 1007–1014 and the 3000–4999 range for libraries and applications.
    public var isValidOnWire: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    public var description: String { String(rawValue) }
}
