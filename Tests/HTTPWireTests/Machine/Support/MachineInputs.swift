@testable import HTTPWire
import KitchenTesting

/// One input in a generated run of the WebSocket state machine.
enum MachineInput: Sendable, CustomStringConvertible {
    /// Bytes from the peer, in one read or cut in two at `cut` (a read after each part).
    case peer([UInt8], cut: Int?, what: String)
    /// The app reads once (in the case's mode).
    case read
    /// The app sends a frame (a close frame among them).
    case send(WebSocketFrame)
    /// The app closes with this code.
    case close(UInt16?)
    /// Time passes; the alarm armed last fires if its time has come.
    case advance(Duration)
    /// A heartbeat's tick at the current time.
    case tick
    /// The peer ends TCP.
    case endOfStream

    var description: String {
        switch self {
        case .peer(let bytes, let cut, let what): "peer \(what) (\(bytes.count) B\(cut.map { ", cut at \($0)" } ?? ""))"
        case .read: "read"
        case .send(let frame): "send \(frame.opcode) \(frame.payload)"
        case .close(let code): "close \(code.map { String($0) } ?? "without a code")"
        case .advance(let duration): "advance \(duration)"
        case .tick: "tick"
        case .endOfStream: "end of stream"
        }
    }
}

/// A generated connection: its settings and the inputs it meets.
struct MachineCase: Sendable, CustomStringConvertible {
    var role: WebSocketRole
    var mode: WebSocketReceiveMode
    var configuration: WebSocketConfiguration
    var hostile: Bool
    var inputs: [MachineInput]

    var description: String {
        "\(role), \(mode), answers=\(configuration.answersControlFrames), keepAlive=\(configuration.pingInterval != nil), "
            + "\(hostile ? "hostile" : "polite") peer\n"
            + inputs.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
    }
}

/// Generators of machine runs: peers that mostly follow RFC 6455 and sometimes break a rule,
/// apps that send, ping and close (with forbidden codes too), and time that jumps past the
/// deadlines.
enum MachineGenerators {
    typealias PeerFrame = (opcode: UInt8, fin: Bool, payload: [UInt8], what: String)

    /// Valid and invalid UTF-8, a code point cut short, and one payload over the 64-byte frame cap.
    static let payload = Gen.element(of: [
        [], Array("hi".utf8), [0xFF], [0xE2], [0xE2, 0x98, 0x83], [UInt8](repeating: 0x61, count: 70),
    ] as [[UInt8]])

    /// The keep-alive's pings carry 0,0,0,n: such pongs sometimes answer one. 126 bytes is too long.
    static let controlPayload = Gen.frequency([
        (3, Gen.int(in: 0...3).map { [0, 0, 0, UInt8($0)] }),
        (1, Gen.constant([UInt8](repeating: 1, count: 126))),
        (1, Gen.constant([UInt8]())),
    ])

    /// Empty, 1000, 1001 "bye", 4000, then the broken ones: 1005, 999, one byte, a non-UTF-8 reason.
    static let closePayload = Gen.element(of: [
        [], [0x03, 0xE8], [0x03, 0xE9] + Array("bye".utf8), [0x0F, 0xA0], [0x03, 0xED], [0x03, 0xE7], [0x03],
        [0x03, 0xE8, 0xC0, 0xAF],
    ] as [[UInt8]])

    static let peerFrame: Gen<PeerFrame> = Gen.frequency([
        (6, Gen.zip(Gen.element(of: [FrameBytes.text, FrameBytes.binary, FrameBytes.continuation]), Gen.bool, payload)
            .map { opcode, fin, payload in (opcode, fin, payload, "data 0x\(String(opcode, radix: 16)) fin=\(fin) \(payload)") }),
        (3, Gen.zip(Gen.element(of: [FrameBytes.ping, FrameBytes.pong]), controlPayload)
            .map { opcode, payload in (opcode, true, payload, "\(opcode == FrameBytes.ping ? "ping" : "pong") \(payload.prefix(4))") }),
        (2, closePayload.map { (FrameBytes.close, true, $0, "close \($0)") }),
        (1, Gen.element(of: [UInt8(0x3), 0xB]).map { ($0, true, [], "reserved opcode 0x\(String($0, radix: 16))") }),
    ])

    /// A peer that keeps every rule: whole valid messages, pings and pongs, valid closes.
    static let politeFrame: Gen<PeerFrame> = Gen.frequency([
        (6, Gen.zip(Gen.element(of: [FrameBytes.text, FrameBytes.binary]), Gen.element(of: [Array("hi".utf8), [0xE2, 0x98, 0x83]]))
            .map { opcode, payload in (opcode, true, payload, "message 0x\(String(opcode, radix: 16)) \(payload)") }),
        (3, Gen.zip(Gen.element(of: [FrameBytes.ping, FrameBytes.pong]), Gen.int(in: 0...3))
            .map { opcode, counter in (opcode, true, [0, 0, 0, UInt8(counter)], "\(opcode == FrameBytes.ping ? "ping" : "pong") \(counter)") }),
        (2, Gen.element(of: [[], [0x03, 0xE8], [0x03, 0xE9] + Array("bye".utf8), [0x0F, 0xA0]] as [[UInt8]])
            .map { (FrameBytes.close, true, $0, "close \($0)") }),
    ])

    /// One frame from the peer, masked as its role requires (a hostile peer rarely not), sometimes
    /// cut in two.
    static func peer(role: WebSocketRole, hostile: Bool) -> Gen<MachineInput> {
        let peerFrame = hostile ? peerFrame : politeFrame
        let maskFlipped = hostile ? Gen.frequency([(20, Gen.constant(false)), (1, Gen.constant(true))]) : Gen.constant(false)
        let cut = Gen.frequency([(3, Gen.constant(Int?.none)), (1, Gen.int(in: 1...6).map { Int?.some($0) })])
        return Gen.zip(peerFrame, maskFlipped, cut).map { frame, flipped, cut in
            let masked = (role == .server) != flipped
            let bytes = FrameBytes.frame(fin: frame.fin, opcode: frame.opcode, payload: frame.payload,
                                         mask: masked ? [0x37, 0xFA, 0x21, 0x3D] : nil)
            return .peer(bytes, cut: cut.map { min($0, bytes.count) }, what: frame.what + (flipped ? " (mask flipped)" : ""))
        }
    }

    static let appFrame = Gen.frequency([
        (3, payload.map { WebSocketFrame(opcode: .binary, payload: $0) }),
        (1, Gen.constant(WebSocketFrame(opcode: .ping, payload: [4]))),
        (1, closePayload.map { WebSocketFrame(opcode: .close, payload: $0) }),
    ])

    static let time = Gen.duration(in: .zero ... .seconds(3), resolution: .milliseconds(100),
                                   around: [.milliseconds(500), .seconds(1), .seconds(2)])

    static func input(role: WebSocketRole, hostile: Bool) -> Gen<MachineInput> {
        Gen.frequency([
            (6, peer(role: role, hostile: hostile)),
            (6, Gen.constant(.read)),
            (2, appFrame.map { .send($0) }),
            (1, Gen.element(of: [1000, 1001, 4000, 1005, 1006, 1015, 999, nil] as [UInt16?]).map { .close($0) }),
            (3, time.map { .advance($0) }),
            (1, Gen.constant(.tick)),
            (1, Gen.constant(.endOfStream)),
        ])
    }

    /// A role, a reading mode, whether control frames are answered, keep-alive or not, a polite or
    /// hostile peer, and up to 60 inputs.
    static let machineCase: Gen<MachineCase> = Gen.zip(
        Gen.element(of: [WebSocketRole.server, .client]), Gen.bool, Gen.bool, Gen.bool, Gen.bool
    ).flatMap { role, frames, answers, keepAlive, hostile in
        let configuration = WebSocketConfiguration(
            maxFrameSize: 64, maxMessageSize: 100, closeTimeout: .seconds(2),
            pingInterval: keepAlive ? .seconds(1) : nil, pongTimeout: .milliseconds(500), answersControlFrames: answers)
        return Gen.array(of: input(role: role, hostile: hostile), count: 0...60).map {
            MachineCase(role: role, mode: frames ? .frames : .messages, configuration: configuration, hostile: hostile, inputs: $0)
        }
    }
}
