/// Writes frames (RFC 6455 §5.2), masking them when we are the client.
package enum WebSocketFrameEncoder {
    /// The wire bytes of `frame`; `maskingKey` must be given for client frames (§5.3) and be
    /// fresh and unpredictable for each frame.
    package static func encode(_ frame: WebSocketFrame, maskingKey: (UInt8, UInt8, UInt8, UInt8)? = nil) -> [UInt8] {
        var output: [UInt8] = []
        let count = frame.payload.count
        output.reserveCapacity(count + 14)
        output.append((frame.fin ? 0x80 : 0) | (frame.reservedBits & 0x7) << 4 | frame.opcode.rawValue)
        let maskBit: UInt8 = maskingKey == nil ? 0 : 0x80
        // §5.2: the minimal length encoding.
        if count <= 125 {
            output.append(maskBit | UInt8(count))
        } else if count <= 0xFFFF {
            output.append(maskBit | 126)
            output.append(UInt8(count >> 8))
            output.append(UInt8(count & 0xFF))
        } else {
            output.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { output.append(UInt8(truncatingIfNeeded: count >> shift)) }
        }
        guard let key = maskingKey else {
            output.append(contentsOf: frame.payload)
            return output
        }
        output.append(contentsOf: [key.0, key.1, key.2, key.3])
        var payload = frame.payload
        WebSocketFrameDecoder.applyMask(key, to: &payload)
        output.append(contentsOf: payload)
        return output
    }

    /// A fresh masking key from the system's random source.
    package static func randomMaskingKey() -> (UInt8, UInt8, UInt8, UInt8) {
        var random = SystemRandomNumberGenerator()
        let value = random.next() as UInt32
        return (UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
                UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 24))
    }
}
