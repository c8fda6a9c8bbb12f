@testable import HTTPWire
import Foundation
import KitchenTestSupport
import Synchronization
import Testing

/// The shell around the engine, with a stand-in engine (XOR, no handshake) so the paths that
/// a fast loopback peer never exercises — ciphertext the kernel will not take yet — run
/// deterministically: the peer simply does not read until the test says so.
@Suite(.timeLimit(.minutes(2)))
struct TLSChannelTests {
    /// Far more than the pair's socket buffers (capped at 64 KB each) hold, so a send
    /// without blocking stops short.
    static let large = 4 << 20

    /// (our socket over the XOR engine, the plain peer's side), with small fixed buffers.
    static func pair(_ listener: Listener) throws -> (Socket, Socket) {
        let fd = Platform.makeStreamSocket(family: listener.address.family)
        Platform.setOption(fd, level: SOL_SOCKET, name: SO_SNDBUF, value: 64 << 10)
        #expect(Platform.connect(fd, listener.address, timeoutMilliseconds: nil) == 0)
        let socket = Socket(descriptor: fd, peer: nil, tls: TLSChannel(engine: XOREngine(), server: "test"))
        let peer = try #require(listener.accept())
        Platform.setOption(peer.descriptor, level: SOL_SOCKET, name: SO_RCVBUF, value: 64 << 10)
        socket.setReadTimeout(milliseconds: 20_000)
        peer.setReadTimeout(milliseconds: 20_000)
        return (socket, peer)
    }

    static func pattern(_ count: Int, seed: UInt8) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7) &+ seed }
    }

    /// Reads exactly `count` bytes from the plain peer and undoes the XOR.
    static func receive(_ count: Int, from peer: Socket) throws -> [UInt8] {
        var received: [UInt8] = []
        received.reserveCapacity(count)
        while received.count < count {
            guard try peer.read(appendingTo: &received, maximum: min(1 << 20, count - received.count)) > 0 else { break }
        }
        return received.map { $0 ^ XOREngine.key }
    }

    @Test func ciphertextTheKernelDoesNotTakeWaitsAndGoesOutFirstInOrder() throws {
        let listener = try Listener(host: "127.0.0.1", port: 0)
        defer { listener.close() }
        let (socket, peer) = try Self.pair(listener)
        let first = Self.pattern(Self.large, seed: 1)

        #expect(try socket.writeWithoutBlocking(first[...]) == first.count, "all of the plaintext is accepted")
        #expect(socket.hasUnsentBytes, "but not all of its ciphertext could be sent yet")
        #expect(try socket.writeWithoutBlocking([9, 9, 9]) == 0, "nothing more is accepted while ciphertext waits")

        let received = Mutex<Result<[UInt8], any Error>?>(nil)
        let done = Signal()
        let tail = Array("tail".utf8)
        Thread {
            received.withLock { $0 = Result { try Self.receive(Self.large + tail.count, from: peer) } }
            done.fire()
        }.start()
        try socket.write([])
        #expect(!socket.hasUnsentBytes, "an empty write sends what waited")
        try socket.write(tail)
        #expect(done.wait(seconds: 30))
        let bytes = try #require(received.withLock { $0 }).get()
        #expect(bytes.count == first.count + tail.count)
        #expect(bytes == first + tail, "bytes arrive whole and in the order they were accepted")
        socket.close()
        peer.close()
    }

    // A WebSocket's loop writes ciphertext the socket held back once it has room: a message
    // far bigger than the buffers arrives whole, with nothing left waiting.
    @Test func aWebSocketsLoopSendsTheCiphertextTheSocketHeldBack() throws {
        let listener = try Listener(host: "127.0.0.1", port: 0)
        defer { listener.close() }
        let (socket, peer) = try Self.pair(listener)
        let loop = try EventLoop(name: "tls-test")
        defer { loop.stop() }
        let connection = WebSocketConnection(socket: socket, role: .server,
                                             configuration: WebSocketConfiguration(maxQueuedBytes: 2 * Self.large),
                                             bufferedBytes: [], loop: loop)
        let message = Self.pattern(Self.large, seed: 3)
        try connection.send(.binary(message))
        let frame = WebSocketFrameEncoder.encode(WebSocketFrame(opcode: .binary, payload: message), maskingKey: nil)
        // Without the loop sending the held-back ciphertext, this read would time out.
        #expect(try Self.receive(frame.count, from: peer) == frame)
        #expect(waitUntil(seconds: 20) { connection.outboundProgress.handedToKernel == frame.count && !socket.hasUnsentBytes })
        connection.dropWithoutClosing()
        peer.close()
    }

    @Test func readDecryptsThroughTheEngineAndEndOfStreamReadsAsZero() throws {
        let listener = try Listener(host: "127.0.0.1", port: 0)
        defer { listener.close() }
        let (socket, peer) = try Self.pair(listener)
        try peer.write(Array("hello".utf8).map { $0 ^ XOREngine.key })
        peer.shutdownWrite()
        var received: [UInt8] = []
        while try socket.read(appendingTo: &received) > 0 {}
        #expect(received.text == "hello")
        #expect(try socket.read(appendingTo: &received) == 0, "still the end on the next read")
        socket.close()
        peer.close()
    }
}

/// A stand-in engine: "encrypts" by XOR with `key`, needs no handshake, never closes.
final class XOREngine: TLSEngine {
    static let key: UInt8 = 0x5A
    /// The most a read gives out, as a TLS record would (unbounded by default).
    let record: Int
    private var input: [UInt8] = []
    private var output: [UInt8] = []

    init(record: Int = .max) { self.record = record }

    func handshake() throws(TLSError) -> TLSHandshakeProgress { .done }

    func feed(ciphertext: UnsafeRawBufferPointer) { input.append(contentsOf: ciphertext) }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(TLSError) -> TLSReadOutcome {
        guard !input.isEmpty else { return .needsInput }
        let count = min(buffer.count, input.count, record)
        for index in 0..<count { buffer[index] = input[index] ^ Self.key }
        input.removeFirst(count)
        return .plaintext(count)
    }

    func write(plaintext: UnsafeRawBufferPointer) throws(TLSError) {
        output.append(contentsOf: plaintext.map { $0 ^ Self.key })
    }

    func takeOutput(appendingTo output: inout [UInt8]) {
        output.append(contentsOf: self.output)
        self.output.removeAll()
    }

    var hasOutput: Bool { !output.isEmpty }

    var hasBufferedInput: Bool { !input.isEmpty }

    func queueCloseNotify() {}
}
