import Dispatch
@testable import HTTPWire
import KitchenTestSupport
import Testing

/// A request body written piece by piece by a client connection an event loop drives
/// (``HTTPClientConnection/exchangeStreaming(_:bodyLength:_:)``), against a real server or a
/// hand-scripted peer. The body comes from a ``BodyProducer`` on the loop that heeds the
/// writer's back-pressure.
@Suite(.timeLimit(.minutes(2))) struct LoopStreamingRequestTests {
    typealias ExchangeLog = LoopClientConnectionTests.ExchangeLog

    /// Writes `total` bytes of ``byte(at:)`` in pieces of `piece` on the loop, as long as the
    /// writer has room; waits for room otherwise; stops early once the body goes nowhere; then
    /// finishes. Records the most ever queued and whether it was ever held back.
    final class BodyProducer: @unchecked Sendable {
        // Unchecked: used on the loop's thread only; the test reads it after the exchange.
        let writer: HTTPRequestBodyWriter
        let total: Int
        let piece: Int
        private(set) var sent = 0
        private(set) var heldBack = 0
        /// The most ever queued for the server right after a write.
        private(set) var mostQueued = 0
        private(set) var stoppedAsDiscarded = false
        private(set) var finished = false

        init(writer: HTTPRequestBodyWriter, total: Int, piece: Int = 64 * 1024) {
            self.writer = writer
            self.total = total
            self.piece = piece
        }

        static func byte(at index: Int) -> UInt8 { UInt8(truncatingIfNeeded: index &* 13 &+ index >> 10) }

        /// `count` bytes of ``byte(at:)`` from `start`, written in place: the loop makes every
        /// piece, and a debug build mapping a closure over each byte kept it busy for seconds
        /// per 8 MiB on a loaded machine.
        static func bytes(from start: Int, count: Int) -> [UInt8] {
            [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                for offset in 0..<count { buffer[offset] = byte(at: start + offset) }
                initialized = count
            }
        }

        /// Writes up to `limit` bytes in all (the whole body by default).
        func pump(upTo limit: Int? = nil) {
            let end = min(limit ?? total, total)
            while sent < end {
                if writer.isDiscarding {
                    stoppedAsDiscarded = true
                    break
                }
                guard writer.hasRoom else {
                    heldBack += 1
                    writer.whenRoom { [self] in pump(upTo: limit) }
                    return
                }
                let count = min(piece, end - sent)
                writer.write(Self.bytes(from: sent, count: count))
                sent += count
                mostQueued = max(mostQueued, writer.queuedBytes)
            }
            guard sent == total || stoppedAsDiscarded else { return }
            finished = true
            writer.finish()
        }
    }

    static func checksum(count: Int) -> UInt32 {
        (0..<count).reduce(UInt32(0)) { ($0 &* 31) &+ UInt32(BodyProducer.byte(at: $1)) }
    }

    /// Answers with the body's length, its checksum and the request's framing.
    static let digest: Route = { request, _ in
        let sum = request.body.reduce(UInt32(0)) { ($0 &* 31) &+ UInt32($1) }
        let framing = request.headers["Transfer-Encoding"] ?? "length=\(request.headers["Content-Length"] ?? "none")"
        return .response(.text(.ok, "\(request.body.count) sum=\(sum) \(framing)"))
    }

    /// Opens a connection to `port` on `loop`, starts a streamed exchange of `total` bytes
    /// (chunked when `bodyLength` is nil) and pumps its body; returns the log and the producer.
    static func upload(_ total: Int, bodyLength: Int?, port: Int, loop: EventLoop, responseTimeout: Duration = .seconds(10),
                       firstPart: Int? = nil) throws -> (ExchangeLog, BodyProducer, HTTPClientConnection) {
        let connection = try LoopClientConnectionTests.open(port: port, on: loop, responseTimeout: responseTimeout)
        let log = ExchangeLog()
        let producer = try loop.runAndWait { () -> BodyProducer in
            let writer = connection.exchangeStreaming(HTTPRequest(method: .post, target: "/digest"), bodyLength: bodyLength) {
                log.record($0, on: loop)
            }
            let producer = BodyProducer(writer: writer, total: total)
            producer.pump(upTo: firstPart)
            return producer
        }
        return (log, producer, connection)
    }

    @Test(arguments: [true, false])
    func anEightMebibyteBodyWrittenPieceByPieceReachesTheServerWholeInItsFraming(withLength: Bool) async throws {
        let size = 8 << 20
        let server = try TestServer(limits: HTTPLimits(maxBodyBytes: size), routes: ["/digest": Self.digest])
        defer { server.stop() }
        let loop = try EventLoop(name: "test-streaming-request")
        defer { loop.stop() }
        let (log, reusable) = try await offThePool { () throws -> (ExchangeLog, Bool) in
            let (log, _, connection) = try Self.upload(size, bodyLength: withLength ? size : nil, port: server.port, loop: loop)
            _ = log.waitForOutcome(seconds: 60)
            return (log, try loop.runAndWait { connection.isReusable })
        }
        #expect(log.ended, "\(String(describing: log.failure))")
        let framing = withLength ? "length=\(size)" : "chunked"
        #expect(log.body == "\(size) sum=\(Self.checksum(count: size)) \(framing)")
        #expect(reusable, "a body sent whole and answered leaves the connection reusable")
        #expect(log.offTheLoop.count == 0)
    }

    // Back-pressure: a server that reads nothing yet fills the sockets; the producer is held back
    // at the high-water mark instead of queueing the whole body, and goes on once the server reads.
    @Test func aProducerThatOutrunsTheServerIsHeldBackThenFinishesOnceTheServerReads() async throws {
        let size = 48 << 20
        let read = Signal()
        let peer = try RawPeerServer { connection in
            _ = try connection.read(through: [13, 10, 13, 10], what: "the head")
            guard read.wait(seconds: 30) else { throw LoopTestError("the client was never held back") }
            for _ in 0..<(size >> 20) { _ = try connection.read(exactly: 1 << 20, what: "the body") }
            try connection.send("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        }
        let loop = try EventLoop(name: "test-streaming-pressure")
        defer { loop.stop() }
        let (log, heldBack, mostQueued, finished) = try await offThePool { () throws -> (ExchangeLog, Int, Int, Bool) in
            defer { read.fire() }
            let (log, producer, _) = try Self.upload(size, bodyLength: size, port: peer.port, loop: loop)
            guard waitUntil(seconds: 30, { (try? loop.runAndWait { producer.heldBack > 0 }) ?? false }) else {
                throw LoopTestError("the producer was never held back")
            }
            read.fire()
            _ = log.waitForOutcome(seconds: 60)
            return try loop.runAndWait { (log, producer.heldBack, producer.mostQueued, producer.finished) }
        }
        try await peer.waitForScript(timeoutSeconds: 60)
        #expect(heldBack > 0)
        #expect(mostQueued <= HTTPRequestBodyWriter.highWater + 64 * 1024, "\(mostQueued) bytes queued at once")
        #expect(finished)
        #expect(log.head?.status == .ok)
        #expect(log.ended, "\(String(describing: log.failure))")
    }

    // A server that refuses the body from its head (413) and stops reading: the exchange hears the
    // answer and ends, it does not fail; what the producer still writes is dropped.
    @Test func aServerThatAnswers413BeforeTheBodyIsSentEndsTheExchangeWithItsAnswer() async throws {
        let size = 8 << 20
        let server = try TestServer(limits: HTTPLimits(maxBodyBytes: 1000), routes: ["/digest": Self.digest])
        defer { server.stop() }
        let loop = try EventLoop(name: "test-streaming-413")
        defer { loop.stop() }
        let (log, discarded, reusable) = try await offThePool { () throws -> (ExchangeLog, Bool, Bool) in
            let (log, producer, connection) = try Self.upload(size, bodyLength: size, port: server.port, loop: loop)
            _ = log.waitForOutcome(seconds: 60)
            let discarded = waitUntil(seconds: 10) { (try? loop.runAndWait { producer.finished }) ?? false }
            return (log, try loop.runAndWait { producer.stoppedAsDiscarded } && discarded, try loop.runAndWait { connection.isReusable })
        }
        #expect(log.head?.status.code == 413)
        #expect(log.ended, "\(String(describing: log.failure))")
        #expect(log.failure == nil)
        #expect(discarded, "the producer was not told that its body goes nowhere")
        #expect(!reusable, "a connection whose request was cut short carries no other")
    }

    // The same from a peer that answers early and then neither reads nor closes: the response is
    // heard whole, and the producer waiting for room is released.
    @Test func aServerThatAnswersEarlyAndStopsReadingReleasesTheWaitingProducer() async throws {
        let size = 16 << 20
        let done = Signal()
        let peer = try RawPeerServer { connection in
            _ = try connection.read(through: [13, 10, 13, 10], what: "the head")
            try connection.send("HTTP/1.1 413 Content Too Large\r\nContent-Length: 4\r\nConnection: close\r\n\r\nnope")
            _ = done.wait(seconds: 30)
        }
        let loop = try EventLoop(name: "test-streaming-early")
        defer { loop.stop() }
        let (log, stopped) = try await offThePool { () throws -> (ExchangeLog, Bool) in
            defer { done.fire() }
            let (log, producer, _) = try Self.upload(size, bodyLength: size, port: peer.port, loop: loop)
            _ = log.waitForOutcome(seconds: 30)
            let stopped = waitUntil(seconds: 10) { (try? loop.runAndWait { producer.stoppedAsDiscarded }) ?? false }
            return (log, stopped)
        }
        try await peer.waitForScript()
        #expect(log.head?.status.code == 413)
        #expect(log.body == "nope")
        #expect(log.ended, "\(String(describing: log.failure))")
        #expect(stopped, "the producer kept waiting for room")
    }

    // Waiting for its own producer is not the server's delay: no `.timedOut` meanwhile. The
    // producer pauses for 2.5 times the timeout, which leaves a slow server 2 s between bytes.
    @Test func theResponseTimeoutDoesNotRunWhileTheExchangeWaitsForItsProducer() async throws {
        let size = 256 << 10
        let server = try TestServer(limits: HTTPLimits(maxBodyBytes: size), routes: ["/digest": Self.digest])
        defer { server.stop() }
        let loop = try EventLoop(name: "test-streaming-idle-producer")
        defer { loop.stop() }
        let log = try await offThePool { () throws -> ExchangeLog in
            let (log, producer, _) = try Self.upload(size, bodyLength: size, port: server.port, loop: loop,
                                                     responseTimeout: .seconds(2), firstPart: size / 2)
            try loop.waitForLoopTime(.seconds(5))
            try loop.runAndWait { producer.pump() }
            _ = log.waitForOutcome()
            return log
        }
        #expect(log.failure == nil, "\(String(describing: log.failure))")
        #expect(log.body == "\(size) sum=\(Self.checksum(count: size)) length=\(size)")
    }
}
