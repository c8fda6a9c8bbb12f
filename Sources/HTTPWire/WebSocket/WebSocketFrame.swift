/// A frame opcode (RFC 6455 §5.2). Values outside these are reserved and refused.
package enum WebSocketOpcode: UInt8, Sendable {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    /// Control frames: close, ping, pong (§5.5).
    package var isControl: Bool { rawValue & 0x8 != 0 }
}

/// Which end of the connection we are: clients mask what they send, servers do not (§5.3).
package enum WebSocketRole: Sendable {
    case client
    case server
}

/// One WebSocket frame, payload unmasked.
package struct WebSocketFrame: Sendable, Hashable {
    package var fin: Bool
    /// The three RSV bits (RSV1 is 0x4); must be zero without a negotiated extension.
    package var reservedBits: UInt8
    package var opcode: WebSocketOpcode
    package var payload: [UInt8]

    package init(fin: Bool = true, reservedBits: UInt8 = 0, opcode: WebSocketOpcode, payload: [UInt8] = []) {
        self.fin = fin
        self.reservedBits = reservedBits
        self.opcode = opcode
        self.payload = payload
    }

    /// A single-frame text message.
    package static func text(_ text: String) -> WebSocketFrame { WebSocketFrame(opcode: .text, payload: Array(text.utf8)) }

    /// A close frame carrying `code` and `reason` (§5.5.1).
    package static func close(code: WebSocketCloseCode?, reason: String = "") -> WebSocketFrame {
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
package struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    package let rawValue: UInt16
    package init(rawValue: UInt16) { self.rawValue = rawValue }
    package init(integerLiteral value: UInt16) { self.rawValue = value }

    package static let normalClosure: WebSocketCloseCode = 1000
    package static let goingAway: WebSocketCloseCode = 1001
    package static let protocolError: WebSocketCloseCode = 1002
    package static let unsupportedData: WebSocketCloseCode = 1003
    /// Never sent; reported locally when a close frame had no code.
    package static let noStatusReceived: WebSocketCloseCode = 1005
    /// Never sent; reported locally when the TCP connection ended without a close frame.
    package static let abnormalClosure: WebSocketCloseCode = 1006
    package static let invalidPayloadData: WebSocketCloseCode = 1007
    package static let policyViolation: WebSocketCloseCode = 1008
    package static let messageTooBig: WebSocketCloseCode = 1009
    package static let internalError: WebSocketCloseCode = 1011

    /// Whether a peer may put this code in a close frame (§7.4.1, §7.4.2 and the IANA registry):
    /// 1000–1003, 1007–1014 and the 3000–4999 range for libraries and applications.
    package var isValidOnWire: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    package var description: String { String(rawValue) }
}
