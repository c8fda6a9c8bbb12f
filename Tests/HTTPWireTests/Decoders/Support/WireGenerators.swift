import HTTPWire
import KitchenTesting

/// A request the generator built, with the bytes that encode it and the value a decoder must
/// give back for it.
struct GeneratedRequest: Sendable, CustomStringConvertible {
    var wire: [UInt8]
    var expected: DecodedRequest
    var description: String { String(decoding: wire, as: UTF8.self).debugDescription }
}

/// A WebSocket stream the generator built: the bytes and the messages and control frames in it.
struct GeneratedFrames: Sendable, CustomStringConvertible {
    var role: WebSocketRole
    var wire: [UInt8]
    var expected: [WebSocketItem]
    var description: String { "\(role) \(wire.count) bytes: \(expected.map { "\($0)".prefix(60) })" }
}

/// Generators of valid HTTP/1.1 requests (written byte by byte from the grammar, not through
/// HTTPEncoder) and RFC 6455 frame sequences (through WebSocketFrameEncoder; the split tests use
/// the independent FrameBytes), and of ways to cut and corrupt them.
enum WireGenerators {
    static let byte = Gen.int(in: 0...255).map { UInt8($0) }

    static func string(from alphabet: [Character], count: ClosedRange<Int>) -> Gen<String> {
        Gen.array(of: Gen.element(of: alphabet), count: count).map { String($0) }
    }

    static let tchars = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-.^_`|~")
    /// Visible ASCII (RFC 9110 §5.5 field-vchar without obs-text, which decodes lossily).
    static let vchars = (0x21...0x7E).map { Character(UnicodeScalar(UInt8($0))) }
    static let targetChars = vchars

    static let method = Gen.frequency([
        (3, Gen.element(of: ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"])),
        (1, string(from: tchars, count: 1...8)),
    ])

    static let target = Gen.frequency([
        (4, string(from: targetChars, count: 0...24).map { "/" + $0 }),
        (1, Gen.constant("*")),
        (1, string(from: Array("abcdefghijklmnop0123456789."), count: 1...12).map { "http://\($0):8080/x" }),
    ])

    /// A field name outside the framing fields the generator writes itself.
    static let fieldName = string(from: tchars, count: 1...12).filter("not a framing field") { name in
        !["content-length", "transfer-encoding", "host"].contains(name.lowercased())
    }

    /// A value: visible characters with inner spaces and tabs; `padding` is OWS the decoder trims.
    static let fieldValue = Gen.zip(
        Gen.array(of: Gen.frequency([(6, Gen.element(of: vchars)), (1, Gen.element(of: [" ", "\t"] as [Character]))]), count: 0...20),
        Gen.element(of: ["", " ", "  ", "\t", " \t "]),
        Gen.element(of: ["", " ", "\t"])
    ).map { characters, leading, trailing in
        let value = String(String(characters).trimmingOWS())
        return (value: value, wire: leading + value + trailing)
    }

    static func bytes(count: ClosedRange<Int>) -> Gen<[UInt8]> { Gen.array(of: byte, count: count) }

    enum Framing: Sendable { case none, contentLength, chunked }

    /// One valid request: 1.1 (with Host) or 1.0, 0–6 other fields, a body framed by
    /// Content-Length or chunked (1.1 only) with extensions, upper- or lower-case sizes with
    /// leading zeros, and trailers.
    static let request: Gen<GeneratedRequest> = Gen.zip(
        method, target, Gen.bool, Gen.array(of: Gen.zip(fieldName, fieldValue), count: 0...6),
        Gen.int(in: 0...6), bytes(count: 0...80), Gen.element(of: [Framing.contentLength, .chunked, .none]),
        Gen.array(of: Gen.zip(Gen.int(in: 1...40), Gen.bool, Gen.bool, Gen.int(in: 0...2)), count: 1...6),
        Gen.array(of: Gen.zip(fieldName, fieldValue), count: 0...2)
    ).map { method, target, http10, fields, hostPosition, body, framingChoice, chunking, trailers in
        var headers: [(name: String, value: String, wire: String)] = fields.map { ($0.0, $0.1.value, $0.1.wire) }
        if !http10 { headers.insert(("Host", "kitchen.local", " kitchen.local"), at: min(hostPosition, headers.count)) }
        var framing = framingChoice
        if framing == .chunked, http10 { framing = .contentLength }
        if framing == .none, !body.isEmpty { framing = .contentLength }
        switch framing {
        case .none: break
        case .contentLength: headers.append(("Content-Length", String(body.count), " \(body.count)"))
        case .chunked: headers.append(("Transfer-Encoding", "chunked", " chunked"))
        }
        var wire = "\(method) \(target) HTTP/1.\(http10 ? 0 : 1)\r\n".bytes
        for header in headers { wire += "\(header.name):\(header.wire)\r\n".bytes }
        wire += "\r\n".bytes
        if framing == .chunked {
            var rest = body[...]
            var index = 0
            while !rest.isEmpty {
                let (size, upper, withExtension, zeros) = chunking[index % chunking.count]
                let piece = rest.prefix(size)
                rest = rest.dropFirst(piece.count)
                let hex = String(repeating: "0", count: zeros) + String(piece.count, radix: 16, uppercase: upper)
                wire += "\(hex)\(withExtension ? " ; sig=\"a b\"" : "")\r\n".bytes + piece + "\r\n".bytes
                index += 1
            }
            wire += "0\r\n".bytes
            for trailer in trailers { wire += "\(trailer.0):\(trailer.1.wire)\r\n".bytes }
            wire += "\r\n".bytes
        } else {
            wire += body
        }
        let head = HTTPRequest(method: HTTPMethod(rawValue: method), target: target, version: http10 ? .http1_0 : .http1_1,
                               headers: HTTPHeaders(headers.map { HTTPHeaders.Field(name: $0.name, value: $0.value) }))
        return GeneratedRequest(wire: wire, expected: DecodedRequest(head: head, body: body))
    }

    /// 1–4 pipelined requests.
    static let pipeline = Gen.array(of: request, count: 1...4)

    /// Chunk sizes to cut with (cycled); empty means "whole". Small sizes are favoured.
    static let cuts = Gen.array(of: Gen.frequency([(4, Gen.int(in: 1...8)), (1, Gen.int(in: 1...512))]), count: 0...12)

    // MARK: WebSocket

    static let textScalars: [Character] = Array("abc xyz09") + ["é", "ß", "✓", "€", "中", "😀", "\u{10FFFF}"]

    /// A payload length drawn to hit all three length forms: 7-bit, 16-bit, and (rarely) 64-bit.
    static let payloadLength = Gen.frequency([(12, Gen.int(in: 0...125)), (3, Gen.int(in: 126...1_000)), (1, Gen.int(in: 65_536...66_000))])

    static func patterned(_ count: Int, seed: UInt8) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) &+ seed }
    }

    enum Part: Sendable { case message(WebSocketMessage, fragments: [Int]), ping([UInt8]), pong([UInt8]) }

    static let message: Gen<WebSocketMessage> = Gen.oneOf(
        Gen.zip(payloadLength, byte).map { WebSocketMessage.binary(patterned($0, seed: $1)) },
        string(from: textScalars, count: 0...40).map { WebSocketMessage.text($0) },
        payloadLength.map { WebSocketMessage.text(String(repeating: "k", count: $0)) }
    )

    static let part: Gen<Part> = Gen.frequency([
        (4, Gen.zip(message, Gen.array(of: Gen.int(in: 0...100), count: 0...3)).map { Part.message($0, fragments: $1) }),
        (1, bytes(count: 0...125).map { Part.ping($0) }),
        (1, bytes(count: 0...125).map { Part.pong($0) }),
    ])

    /// A valid stream: messages (some fragmented, cut inside multi-byte characters too) with pings
    /// and pongs between messages and between fragments, optionally ending with a close frame.
    /// Server role: every frame masked with its own key; client role: none masked.
    static let frames: Gen<GeneratedFrames> = Gen.zip(
        Gen.element(of: [WebSocketRole.server, .client]), Gen.array(of: part, count: 1...6),
        Gen.array(of: Gen.zip(byte, byte, byte, byte), count: 1...4), Gen.array(of: bytes(count: 0...20), count: 0...3),
        Gen.element(of: [nil, 1000, 1001, 3000, 4999] as [UInt16?])
    ).map { role, parts, keys, interleaved, closeCode in
        var wire: [UInt8] = []
        var expected: [WebSocketItem] = []
        var keyIndex = 0
        func frame(_ frame: WebSocketFrame) {
            let key = keys[keyIndex % keys.count]
            keyIndex += 1
            wire += WebSocketFrameEncoder.encode(frame, maskingKey: role == .server ? key : nil)
        }
        var pingIndex = 0
        for part in parts {
            switch part {
            case .ping(let payload):
                frame(WebSocketFrame(opcode: .ping, payload: payload))
                expected.append(.control(WebSocketFrame(opcode: .ping, payload: payload)))
            case .pong(let payload):
                frame(WebSocketFrame(opcode: .pong, payload: payload))
                expected.append(.control(WebSocketFrame(opcode: .pong, payload: payload)))
            case .message(let message, let fragments):
                let (opcode, payload): (WebSocketOpcode, [UInt8]) = switch message {
                case .text(let text): (.text, Array(text.utf8))
                case .binary(let bytes): (.binary, bytes)
                }
                var rest = payload[...]
                var first = true
                for cut in fragments {
                    let piece = rest.prefix(cut * max(1, payload.count) / 100)
                    rest = rest.dropFirst(piece.count)
                    frame(WebSocketFrame(fin: false, opcode: first ? opcode : .continuation, payload: Array(piece)))
                    first = false
                    if !interleaved.isEmpty {
                        let ping = interleaved[pingIndex % interleaved.count]
                        pingIndex += 1
                        frame(WebSocketFrame(opcode: .ping, payload: ping))
                        expected.append(.control(WebSocketFrame(opcode: .ping, payload: ping)))
                    }
                }
                frame(WebSocketFrame(fin: true, opcode: first ? opcode : .continuation, payload: Array(rest)))
                expected.append(.message(message))
            }
        }
        if let closeCode {
            let close = WebSocketFrame.close(code: WebSocketCloseCode(rawValue: closeCode), reason: "done ✓")
            frame(close)
            expected.append(.control(close))
        }
        return GeneratedFrames(role: role, wire: wire, expected: expected)
    }

    // MARK: Mutations

    enum Mutation: Sendable, CustomStringConvertible {
        case flip(position: Int, bit: Int)
        case insert(position: Int, byte: UInt8)
        case delete(position: Int)
        case replace(position: Int, byte: UInt8)

        var description: String {
            switch self {
            case .flip(let position, let bit): "flip bit \(bit) at \(position)"
            case .insert(let position, let byte): "insert 0x\(String(byte, radix: 16)) at \(position)"
            case .delete(let position): "delete at \(position)"
            case .replace(let position, let byte): "replace with 0x\(String(byte, radix: 16)) at \(position)"
            }
        }
    }

    /// Bytes that matter to the grammars: CR, LF, SP, HTAB, ':', ';', '0', 'f', NUL, DEL, 0x80, 0xFF.
    static let interestingByte = Gen.frequency([
        (2, byte),
        (3, Gen.element(of: [0x0D, 0x0A, 0x20, 0x09, 0x3A, 0x3B, 0x30, 0x66, 0x00, 0x7F, 0x80, 0xFF, 0x7E, 0x7F] as [UInt8])),
    ])

    /// 1–8 mutations at positions taken modulo the length of what they apply to.
    static let mutations = Gen.array(of: Gen.oneOf(
        Gen.zip(Gen.int(in: 0...100_000), Gen.int(in: 0...7)).map { Mutation.flip(position: $0, bit: $1) },
        Gen.zip(Gen.int(in: 0...100_000), interestingByte).map { Mutation.insert(position: $0, byte: $1) },
        Gen.int(in: 0...100_000).map { Mutation.delete(position: $0) },
        Gen.zip(Gen.int(in: 0...100_000), interestingByte).map { Mutation.replace(position: $0, byte: $1) }
    ), count: 1...8)

    static func apply(_ mutations: [Mutation], to bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for mutation in mutations {
            switch mutation {
            case .flip(let position, let bit):
                guard !bytes.isEmpty else { continue }
                bytes[position % bytes.count] ^= 1 << UInt8(bit)
            case .insert(let position, let byte):
                bytes.insert(byte, at: position % (bytes.count + 1))
            case .delete(let position):
                guard !bytes.isEmpty else { continue }
                bytes.remove(at: position % bytes.count)
            case .replace(let position, let byte):
                guard !bytes.isEmpty else { continue }
                bytes[position % bytes.count] = byte
            }
        }
        return bytes
    }
}

