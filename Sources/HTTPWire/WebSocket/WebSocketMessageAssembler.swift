/// A complete data message.
package enum WebSocketMessage: Sendable, Hashable {
    case text(String)
    case binary([UInt8])
}

/// Reassembles fragmented data messages and checks the sequencing rules
/// (RFC 6455 §5.4): a continuation needs an open message, a new data frame
/// may not start inside one, control frames may be interleaved. Text is
/// validated as UTF-8 fragment by fragment (§8.1), and the message size cap
/// applies to the whole message.
package struct WebSocketMessageAssembler: Sendable {
    package let maxMessageSize: Int
    private var openOpcode: WebSocketOpcode?
    /// The open message's payload so far (assembling only).
    private var parts: [UInt8] = []
    /// The open message's size so far, for the cap.
    private var size = 0
    private var validator = UTF8Validator()
    /// Payload bytes of the frame still arriving that ``validate(arrivedPayload:of:)`` has
    /// already checked (not checked again when the frame completes).
    private var validatedPrefix = 0

    package init(maxMessageSize: Int) { self.maxMessageSize = maxMessageSize }

    /// Whether a fragmented message is in progress.
    package var isMidMessage: Bool { openOpcode != nil }

    /// Checks the first bytes of a data frame that is still arriving (`opcode` its header's),
    /// so that invalid UTF-8 fails as soon as it arrives (§8.1), before the frame is complete.
    /// Pass each arrived byte once, in order; ``push(_:)`` then checks only the rest.
    package mutating func validate(arrivedPayload bytes: [UInt8], of opcode: WebSocketOpcode) throws(WebSocketProtocolError) {
        guard carriesText(opcode) else { return }
        if opcode == .text, validatedPrefix == 0 { validator = UTF8Validator() }
        guard validator.consume(bytes) else { throw .invalidUTF8InText }
        validatedPrefix += bytes.count
    }

    /// Whether a data frame with `opcode`, arriving now, carries text: it starts a text message,
    /// or continues one. (A frame that breaks the sequencing rules does not; ``push(_:)``
    /// reports it when it completes.)
    package func carriesText(_ opcode: WebSocketOpcode) -> Bool {
        switch opcode {
        case .text: openOpcode == nil
        case .continuation: openOpcode == .text
        default: false
        }
    }

    /// Takes a data frame (text, binary or continuation); returns the message when `frame`
    /// completes it. Control frames must not be passed here. With `assembling` false (a relay,
    /// which passes each frame on as it comes) the rules, the cap and the UTF-8 are checked the
    /// same, but no payload is kept and nothing is returned; keep one way for a whole message.
    package mutating func push(_ frame: WebSocketFrame, assembling: Bool = true) throws(WebSocketProtocolError) -> WebSocketMessage? {
        switch frame.opcode {
        case .text, .binary:
            guard openOpcode == nil else { throw .newMessageDuringFragmentedMessage(frame.opcode) }
            openOpcode = frame.opcode
            // A fresh buffer, not the last one's capacity: one large message must not leave
            // every later message of the connection that large.
            parts = []
            size = 0
            if validatedPrefix == 0 { validator = UTF8Validator() }
        case .continuation:
            guard openOpcode != nil else { throw .continuationWithoutStart }
        default:
            preconditionFailure("control frames are handled by the connection, not the assembler")
        }
        guard frame.payload.count <= maxMessageSize - size else { throw .messageTooBig(limit: maxMessageSize) }
        let checked = validatedPrefix
        validatedPrefix = 0
        if openOpcode == .text, !validator.consume(frame.payload[checked...]) { throw .invalidUTF8InText }
        size += frame.payload.count
        if assembling {
            // A message of one frame is that frame's payload, not a copy of it.
            if parts.isEmpty { parts = frame.payload } else { parts.append(contentsOf: frame.payload) }
        }
        guard frame.fin else { return nil }
        let opcode = exchange(&openOpcode, with: nil)
        let payload = exchange(&parts, with: [])
        if opcode == .text, !validator.isComplete { throw .invalidUTF8InText }
        guard assembling else { return nil }
        return opcode == .text ? .text(String(decoding: payload, as: UTF8.self)) : .binary(payload)
    }
}

/// A received close frame, decoded and checked (§5.5.1, §7.4).
struct WebSocketClosePayload: Sendable, Equatable {
    var code: WebSocketCloseCode?
    var reason: String

    init(_ payload: [UInt8]) throws(WebSocketProtocolError) {
        guard !payload.isEmpty else {
            code = nil
            reason = ""
            return
        }
        guard payload.count >= 2 else { throw .closePayloadOfOneByte }
        let value = WebSocketCloseCode(rawValue: UInt16(payload[0]) << 8 | UInt16(payload[1]))
        guard value.isValidOnWire else { throw .invalidCloseCode(value.rawValue) }
        var validator = UTF8Validator()
        let reasonBytes = payload[2...]
        guard validator.consume(reasonBytes), validator.isComplete else { throw .invalidUTF8InCloseReason }
        code = value
        reason = String(decoding: reasonBytes, as: UTF8.self)
    }
}
