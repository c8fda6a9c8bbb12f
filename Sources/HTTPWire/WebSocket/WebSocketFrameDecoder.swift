/// Parses frames from bytes (RFC 6455 §5.2). Every rule that can be judged
/// from the header — reserved bits and opcodes, masking for our role, control
/// frame size and fragmentation, the 64-bit length's top bit, the frame size
/// cap — is checked before a payload byte is buffered.
///
/// ```swift
/// var decoder = WebSocketFrameDecoder(role: .server, maxFrameSize: 1 << 20)
/// decoder.feed(bytes)
/// while let frame = try decoder.next() { ... }
/// ```
package struct WebSocketFrameDecoder: Sendable {
    private struct Header: Sendable {
        var fin: Bool
        var reservedBits: UInt8
        var opcode: WebSocketOpcode
        var maskingKey: (UInt8, UInt8, UInt8, UInt8)?
        var length: Int
    }

    /// A frame at least this large leaves no buffer behind once it is read (1 MiB).
    static let largeFrameSize = 1 << 20

    package let role: WebSocketRole
    package let maxFrameSize: Int
    private var buffer = ByteBuffer()
    private var pendingHeader: Header?
    /// Payload bytes of the pending frame already handed out by ``takeArrivedPayload()``.
    private var payloadTaken = 0

    package init(role: WebSocketRole, maxFrameSize: Int) {
        self.role = role
        self.maxFrameSize = maxFrameSize
    }

    package mutating func feed<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
    }

    /// Reads straight into the decoder's buffer.
    package mutating func feed<Failure: Error>(
        capacity: Int, _ fill: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int
    ) throws(Failure) -> Int {
        try buffer.appendIn(capacity: capacity, fill)
    }

    /// The opcode of the frame whose header is read and whose payload is still arriving.
    var pendingOpcode: WebSocketOpcode? { pendingHeader?.opcode }

    /// The pending frame's payload bytes (unmasked) that arrived since the last call, so that a
    /// reader can judge them before the frame is complete (§8.1: UTF-8 checked as it arrives).
    /// ``next()`` still returns the whole payload once it is there.
    mutating func takeArrivedPayload() -> [UInt8] {
        guard let header = pendingHeader else { return [] }
        let arrived = min(buffer.readableCount, header.length)
        guard arrived > payloadTaken else { return [] }
        var bytes = Array(buffer.bytes(at: payloadTaken, count: arrived - payloadTaken))
        if let key = header.maskingKey { Self.applyMask(key, to: &bytes, startingAt: payloadTaken) }
        payloadTaken = arrived
        return bytes
    }

    /// The next complete frame, or `nil` when more bytes are needed.
    package mutating func next() throws(WebSocketProtocolError) -> WebSocketFrame? {
        if pendingHeader == nil {
            guard let header = try parseHeader() else { return nil }
            pendingHeader = header
        }
        guard let header = pendingHeader, buffer.readableCount >= header.length else { return nil }
        pendingHeader = nil
        payloadTaken = 0
        var payload = buffer.read(header.length)
        // The buffer grew to hold a large frame: let that storage go now rather than keep it
        // for the rest of the connection.
        if header.length >= Self.largeFrameSize, buffer.isEmpty { buffer = ByteBuffer() }
        if let key = header.maskingKey { Self.applyMask(key, to: &payload) }
        return WebSocketFrame(fin: header.fin, reservedBits: header.reservedBits, opcode: header.opcode, payload: payload)
    }

    private mutating func parseHeader() throws(WebSocketProtocolError) -> Header? {
        guard buffer.readableCount >= 2 else { return nil }
        let first = buffer[0], second = buffer[1]
        let fin = first & 0x80 != 0
        let reservedBits = (first >> 4) & 0x7
        // §5.2: RSV1-3 MUST be 0 unless an extension defining them was negotiated (none is).
        guard reservedBits == 0 else { throw .reservedBitsSet(reservedBits) }
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
            throw .reservedOpcode(first & 0x0F)
        }
        let masked = second & 0x80 != 0
        // §5.1: a server MUST close on an unmasked client frame; a client on a masked server frame.
        switch role {
        case .server where !masked: throw .unmaskedClientFrame
        case .client where masked: throw .maskedServerFrame
        default: break
        }
        let shortLength = Int(second & 0x7F)
        if opcode.isControl {
            // §5.5: control frames carry at most 125 bytes and are never fragmented.
            guard fin else { throw .fragmentedControlFrame(opcode) }
            guard shortLength <= 125 else { throw .controlFrameTooLong(length: shortLength) }
        }
        let extendedBytes = shortLength == 126 ? 2 : shortLength == 127 ? 8 : 0
        let headerSize = 2 + extendedBytes + (masked ? 4 : 0)
        guard buffer.readableCount >= headerSize else { return nil }
        var length = shortLength
        if extendedBytes == 2 {
            length = Int(buffer[2]) << 8 | Int(buffer[3])
        } else if extendedBytes == 8 {
            var wide: UInt64 = 0
            for index in 0..<8 { wide = wide << 8 | UInt64(buffer[2 + index]) }
            // §5.2: the most significant bit of a 64-bit length MUST be 0.
            guard wide & (1 << 63) == 0 else { throw .lengthTopBitSet }
            guard wide <= UInt64(maxFrameSize) else { throw .frameTooBig(limit: maxFrameSize) }
            length = Int(wide)
        }
        guard length <= maxFrameSize else { throw .frameTooBig(limit: maxFrameSize) }
        var key: (UInt8, UInt8, UInt8, UInt8)?
        if masked {
            let offset = 2 + extendedBytes
            key = (buffer[offset], buffer[offset + 1], buffer[offset + 2], buffer[offset + 3])
        }
        buffer.consume(headerSize)
        return Header(fin: fin, reservedBits: reservedBits, opcode: opcode, maskingKey: key, length: length)
    }

    /// XORs `payload` with the 4-byte masking key (§5.3), eight bytes at a time; `offset` is
    /// where `payload` starts in the frame's payload (the key's phase).
    static func applyMask(_ key: (UInt8, UInt8, UInt8, UInt8), to payload: inout [UInt8], startingAt offset: Int = 0) {
        let keyBytes = [key.0, key.1, key.2, key.3]
        payload.withUnsafeMutableBytes { raw in
            let count = raw.count
            var index = 0
            if count >= 8 {
                var wideKey: UInt64 = 0
                withUnsafeMutableBytes(of: &wideKey) { wide in
                    for position in 0..<8 { wide[position] = keyBytes[(position + offset) & 3] }
                }
                while index + 8 <= count {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ wideKey
                    raw.storeBytes(of: word, toByteOffset: index, as: UInt64.self)
                    index += 8
                }
            }
            while index < count {
                raw[index] ^= keyBytes[(index + offset) & 3]
                index += 1
            }
        }
    }
}
