/// A frame as read off the wire by the test, decoded here rather than by HTTPWire.
struct RawFrame: Equatable, CustomStringConvertible {
    var fin: Bool
    var reservedBits: UInt8
    var opcode: UInt8
    var masked: Bool
    var payload: [UInt8]

    /// The status code of a close frame (§5.5.1), if it carries one.
    var closeCode: UInt16? {
        guard opcode == 0x8, payload.count >= 2 else { return nil }
        return UInt16(payload[0]) << 8 | UInt16(payload[1])
    }

    var description: String {
        "frame(fin: \(fin), rsv: \(reservedBits), opcode: 0x\(String(opcode, radix: 16)), masked: \(masked), "
            + "payload: \(payload.count <= 64 ? payload.debugText : "\(payload.count) bytes"))"
    }
}

/// Builds frames byte by byte (RFC 6455 §5.2), including ones no encoder should produce.
enum FrameBytes {
    static let text: UInt8 = 0x1, binary: UInt8 = 0x2, continuation: UInt8 = 0x0
    static let close: UInt8 = 0x8, ping: UInt8 = 0x9, pong: UInt8 = 0xA

    /// A whole frame; masked with `mask` unless it is nil (§5.3).
    static func frame(fin: Bool = true, reservedBits: UInt8 = 0, opcode: UInt8, payload: [UInt8],
                      mask: [UInt8]? = [0x37, 0xFA, 0x21, 0x3D]) -> [UInt8] {
        var bytes = header(fin: fin, reservedBits: reservedBits, opcode: opcode,
                           length: UInt64(payload.count), mask: mask)
        if let mask {
            bytes += payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
        } else {
            bytes += payload
        }
        return bytes
    }

    /// Only the header: announces `length` payload bytes that the test may never send.
    static func header(fin: Bool = true, reservedBits: UInt8 = 0, opcode: UInt8, length: UInt64,
                       mask: [UInt8]? = [0x37, 0xFA, 0x21, 0x3D]) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | reservedBits << 4 | opcode]
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        if length <= 125 {
            bytes.append(maskBit | UInt8(length))
        } else if length <= 0xFFFF {
            bytes += [maskBit | 126, UInt8(length >> 8), UInt8(length & 0xFF)]
        } else {
            bytes.append(maskBit | 127)
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: length >> (8 * UInt64($0))) }
        }
        return bytes + (mask ?? [])
    }

    /// A masked close frame with `code` and `reason` bytes.
    static func close(code: UInt16, reason: [UInt8] = []) -> [UInt8] {
        frame(opcode: close, payload: [UInt8(code >> 8), UInt8(code & 0xFF)] + reason)
    }
}

extension RawConnection {
    /// The RFC 6455 §1.3 example key, so the expected accept value is the RFC's own.
    static let sampleKey = "dGhlIHNhbXBsZSBub25jZQ=="
    static let sampleAccept = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="

    /// The upgrade request for `path` with the RFC's sample key.
    static func upgradeRequest(path: String = "/ws", port: Int) -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(sampleKey)\r\nSec-WebSocket-Version: 13\r\n\r\n"
    }

    /// Connects and completes the opening handshake (optionally writing `trailing` bytes in the
    /// same write as the request); throws unless the answer is a proper 101.
    static func webSocket(port: Int, path: String = "/ws", trailing: [UInt8] = [],
                          readTimeoutMilliseconds: Int = 10_000) throws -> RawConnection {
        let connection = try RawConnection(port: port, readTimeoutMilliseconds: readTimeoutMilliseconds)
        try connection.send(Array(upgradeRequest(path: path, port: port).utf8) + trailing)
        let response = try connection.readResponse()
        guard response.status == 101, response.header("Sec-WebSocket-Accept") == sampleAccept else {
            throw RawConnectionError.malformed("not a valid 101: \(response)")
        }
        return connection
    }

    /// Reads one frame (either role: unmasks if masked).
    func readFrame() throws -> RawFrame {
        let start = try read(exactly: 2, what: "a frame header")
        var length = UInt64(start[1] & 0x7F)
        if length == 126 {
            length = try read(exactly: 2, what: "a 16-bit length").reduce(0) { $0 << 8 | UInt64($1) }
        } else if length == 127 {
            length = try read(exactly: 8, what: "a 64-bit length").reduce(0) { $0 << 8 | UInt64($1) }
        }
        let masked = start[1] & 0x80 != 0
        let mask = masked ? try read(exactly: 4, what: "a masking key") : []
        var payload = try read(exactly: Int(length), what: "a payload of \(length) bytes")
        if masked { payload = payload.enumerated().map { $0.element ^ mask[$0.offset & 3] } }
        return RawFrame(fin: start[0] & 0x80 != 0, reservedBits: (start[0] >> 4) & 0x7, opcode: start[0] & 0x0F,
                        masked: masked, payload: payload)
    }

    /// Reads frames until a close frame, skipping pings (keep-alive may interleave them).
    func readCloseFrame() throws -> RawFrame {
        while true {
            let frame = try readFrame()
            if frame.opcode != FrameBytes.ping { return frame }
        }
    }
}
