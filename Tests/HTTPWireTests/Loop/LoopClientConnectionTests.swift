import Dispatch
@testable import HTTPWire
import KitchenTestSupport
import Testing

/// A client connection driven by an event loop, against a real server (``TestServer``) or a
/// hand-scripted peer (``RawPeerServer``). Each exchange's events are recorded on the loop in
/// an ``ExchangeLog`` and checked from the test's thread; blocking waits run off the pool.
@Suite(.timeLimit(.minutes(2))) struct LoopClientConnectionTests {
    /// The events one exchange heard, in order, and whether each came on the loop's thread.
    final class ExchangeLog: Sendable {
        let events = Log<HTTPClientConnection.LoopEvent>()
        let offTheLoop = Log<Bool>()

        func record(_ event: HTTPClientConnection.LoopEvent, on loop: EventLoop) {
            if !loop.inEventLoop { offTheLoop.append(true) }
            events.append(event)
        }

        var head: HTTPResponse? {
            events.all.lazy.compactMap { if case .head(let response) = $0 { response } else { nil } }.first
        }
        var body: String {
            events.all.map { if case .body(let bytes) = $0 { bytes.text } else { "" } }.joined()
        }
        var bodyPieces: Int { events.all.filter { if case .body = $0 { true } else { false } }.count }
        var ended: Bool { events.all.contains { if case .end = $0 { true } else { false } } }
        var failure: HTTPClientError? {
            events.all.lazy.compactMap { if case .failed(let error) = $0 { error } else { nil } }.first
        }

        /// Waits for the end or a failure.
        func waitForOutcome(seconds: Double = 10) -> Bool { waitUntil(seconds: seconds) { self.ended || self.failure != nil } }
    }

    /// Opens a connection from `loop` to 127.0.0.1:`port` and attaches it.
    static func open(port: Int, on loop: EventLoop, responseTimeout: Duration? = .seconds(10),
                     onClosedWhileIdle: @escaping @Sendable () -> Void = {}) throws -> HTTPClientConnection {
        let opened = Log<Result<HTTPClientConnection, HTTPClientError>>()
        loop.execute {
            HTTPClientConnection.open(host: "127.0.0.1", port: port, responseTimeout: responseTimeout, on: loop) { result in
                if case .success(let connection) = result {
                    do throws(HTTPClientError) { try connection.attach(to: loop, onClosedWhileIdle: onClosedWhileIdle) } catch {
                        return opened.append(.failure(error))
                    }
                }
                opened.append(result)
            }
        }
        guard opened.waitFor(count: 1) else { throw LoopTestError("open never finished") }
        return try opened.all[0].get()
    }

    /// Starts `request` on `connection` from the loop's thread; its events go to the log returned.
    @discardableResult
    static func exchange(_ target: String, on connection: HTTPClientConnection, loop: EventLoop, into log: ExchangeLog = ExchangeLog(),
                         then next: (@Sendable (HTTPClientConnection.LoopEvent) -> Void)? = nil) -> ExchangeLog {
        loop.execute {
            connection.exchange(HTTPRequest(method: .get, target: target)) { event in
                log.record(event, on: loop)
                next?(event)
            }
        }
        return log
    }

    @Test func twoExchangesInTurnShareOneKeptAliveConnection() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let loop = try EventLoop(name: "test-client-keepalive")
        defer { loop.stop() }
        let (first, second, reusable) = try await offThePool { () throws -> (ExchangeLog, ExchangeLog, Bool) in
            let connection = try Self.open(port: server.port, on: loop)
            let second = ExchangeLog()
            // The second exchange starts from the first one's end, on the loop's thread.
            let first = Self.exchange("/first", on: connection, loop: loop) { event in
                guard case .end = event else { return }
                connection.exchange(HTTPRequest(method: .get, target: "/second")) { second.record($0, on: loop) }
            }
            _ = second.waitForOutcome()
            return (first, second, try loop.runAndWait { connection.isReusable })
        }
        #expect(first.head?.status == .ok)
        #expect(first.body.hasPrefix("GET /first request=0 "), "\(first.body)")
        #expect(second.head?.status == .ok)
        #expect(second.body.hasPrefix("GET /second request=1 "), "\(second.body)")
        let connectionOf = { (log: ExchangeLog) in log.body.split(separator: " ").dropFirst(3).first }
        #expect(connectionOf(first) != nil && connectionOf(first) == connectionOf(second), "\(first.body) / \(second.body)")
        #expect(first.ended && second.ended)
        #expect(first.events.all.count == first.bodyPieces + 2, "the first exchange heard more than its own events")
        #expect(first.offTheLoop.count + second.offTheLoop.count == 0, "an event came off the loop's thread")
        #expect(reusable)
    }

    // The idle timeout also runs before the first request: it is long enough that a slow test
    // thread sends the request well within it.
    @Test func aServerClosingTheIdleConnectionCallsOnClosedWhileIdleOnTheLoop() async throws {
        let server = try TestServer(configuration: HTTPServerConfiguration(idleTimeout: .seconds(1)))
        defer { server.stop() }
        let loop = try EventLoop(name: "test-client-idle-close")
        defer { loop.stop() }
        let closed = Log<Bool>()
        let (exchange, noticed, after) = try await offThePool { () throws -> (ExchangeLog, Bool, (Bool, Bool, Int)) in
            let connection = try Self.open(port: server.port, on: loop) { closed.append(loop.inEventLoop) }
            let exchange = Self.exchange("/before-idle", on: connection, loop: loop)
            _ = exchange.waitForOutcome()
            let noticed = closed.waitFor(count: 1)
            let after = try loop.runAndWait { (connection.isReusable, connection.attachedLoop == nil, loop.registeredCount) }
            return (exchange, noticed, after)
        }
        #expect(exchange.ended)
        #expect(noticed, "onClosedWhileIdle was not called")
        #expect(closed.all == [true], "called on the loop's thread, once")
        #expect(!after.0, "a connection the server closed is not reusable")
        #expect(after.1, "still attached to the loop")
        #expect(after.2 == 0, "the loop still watches the closed connection")
    }

    @Test func aServerThatNeverAnswersFailsTheExchangeWithTimedOutAfterTheResponseTimeout() async throws {
        let requestRead = Signal()
        let giveUp = Signal()
        let peer = try RawPeerServer { connection in
            _ = try connection.read(through: [13, 10, 13, 10], what: "the request")
            requestRead.fire()
            _ = giveUp.wait(seconds: 15)
        }
        let loop = try EventLoop(name: "test-client-timeout")
        defer { loop.stop() }
        let (log, waited, reusable) = try await offThePool { () throws -> (ExchangeLog, Duration, Bool) in
            defer { giveUp.fire() }
            let connection = try Self.open(port: peer.port, on: loop, responseTimeout: .milliseconds(300))
            let started = try loop.runAndWait { loop.now }
            let log = Self.exchange("/silence", on: connection, loop: loop)
            _ = log.waitForOutcome()
            let waited = try loop.runAndWait { loop.now } - started
            return (log, waited, try loop.runAndWait { connection.isReusable })
        }
        try await peer.waitForScript()
        #expect(await requestRead.wait(seconds: 1), "the request never reached the peer")
        guard case .socket(let error)? = log.failure else {
            Issue.record("expected a socket failure, heard \(log.events.all)")
            return
        }
        #expect(error.kind == .timedOut, "\(error)")
        #expect(waited >= .milliseconds(300), "failed after \(waited)")
        #expect(log.head == nil && !log.ended)
        #expect(!reusable)
    }

    @Test func aResponseWrittenInManySmallPiecesArrivesWhole() async throws {
        let chunks = (0..<40).map { "piece-\($0);" }
        let log = ExchangeLog()
        let done = Signal()
        let peer = try RawPeerServer { connection in
            _ = try connection.read(through: [13, 10, 13, 10], what: "the request")
            for byte in Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-Split: yes\r\n\r\n".utf8) {
                try connection.send([byte])
            }
            var sent = 0
            for chunk in chunks {
                // Byte by byte, the framing split everywhere; then wait until the client has
                // the chunk, so the next one comes in reads of its own.
                for byte in Array((String(chunk.utf8.count, radix: 16) + "\r\n" + chunk + "\r\n").utf8) {
                    try connection.send([byte])
                }
                sent += chunk.utf8.count
                guard waitUntil(seconds: 10, { log.body.utf8.count >= sent }) else {
                    throw LoopTestError("the client stopped at \(log.body.utf8.count) of \(sent) bytes")
                }
            }
            for byte in Array("0\r\n\r\n".utf8) { try connection.send([byte]) }
            _ = done.wait(seconds: 15)  // open until the client has looked at its connection
        }
        let loop = try EventLoop(name: "test-client-pieces")
        defer { loop.stop() }
        let reusable = try await offThePool { () throws -> Bool in
            defer { done.fire() }
            let connection = try Self.open(port: peer.port, on: loop)
            Self.exchange("/pieces", on: connection, loop: loop, into: log)
            _ = log.waitForOutcome()
            return try loop.runAndWait { connection.isReusable }
        }
        try await peer.waitForScript()
        #expect(log.head?.status == .ok)
        #expect(log.head?.headers["X-Split"] == "yes")
        #expect(log.body == chunks.joined())
        #expect(log.bodyPieces >= chunks.count, "\(log.bodyPieces) pieces: the body did not come in pieces")
        #expect(log.ended, "\(String(describing: log.failure))")
        #expect(reusable, "a chunked response read to its end leaves the connection reusable")
    }

    // Paused longer than the response timeout: the timer is paused too, so no `.timedOut`. The
    // timeout (1 s) also bounds the wait for the head, so it leaves a slow peer thread room.
    @Test func pauseReadingHoldsTheBodyBackUntilResumeReading() async throws {
        let log = ExchangeLog()
        let paused = Signal()
        let bodySent = Signal()
        let done = Signal()
        let peer = try RawPeerServer { connection in
            _ = try connection.read(through: [13, 10, 13, 10], what: "the request")
            try connection.send("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n")
            guard paused.wait(seconds: 10) else { throw LoopTestError("the client never paused") }
            try connection.send("0123456789")
            bodySent.fire()
            _ = done.wait(seconds: 15)
        }
        let loop = try EventLoop(name: "test-client-pause")
        defer { loop.stop() }
        let heardWhilePaused = try await offThePool { () throws -> Int in
            defer { done.fire() }
            let connection = try Self.open(port: peer.port, on: loop, responseTimeout: .seconds(1))
            loop.execute {
                connection.exchange(HTTPRequest(method: .get, target: "/paused")) { event in
                    log.record(event, on: loop)
                    if case .head = event {
                        connection.pauseReading()
                        paused.fire()
                    }
                }
            }
            guard bodySent.wait(seconds: 10) else { throw LoopTestError("the peer never sent the body") }
            try loop.waitForLoopTime(.milliseconds(1_500))
            let heardWhilePaused = log.events.count
            loop.execute { connection.resumeReading() }
            _ = log.waitForOutcome()
            return heardWhilePaused
        }
        try await peer.waitForScript()
        #expect(heardWhilePaused == 1, "heard \(heardWhilePaused) events while paused: \(log.events.all)")
        #expect(log.body == "0123456789")
        #expect(log.ended, "\(String(describing: log.failure))")
    }

    // Bigger than the two sockets' buffers: the rest is written as the socket makes room.
    @Test func aRequestBiggerThanTheSocketTakesIsWrittenWholeWithoutBlockingTheLoop() async throws {
        let size = 6 * 1024 * 1024
        let server = try TestServer(limits: HTTPLimits(maxBodyBytes: size), routes: [
            "/count": { request, _ in .response(.text(.ok, "\(request.body.count) \(request.body.last ?? 0)")) },
        ])
        defer { server.stop() }
        let loop = try EventLoop(name: "test-client-big-request")
        defer { loop.stop() }
        let log = ExchangeLog()
        let loopAnswered = try await offThePool { () throws -> Bool in
            let connection = try Self.open(port: server.port, on: loop)
            var body = [UInt8](repeating: 1, count: size)
            body[size - 1] = 7
            let request = HTTPRequest(method: .post, target: "/count", body: body)
            loop.execute { connection.exchange(request) { log.record($0, on: loop) } }
            // The loop goes on with other work while the request is being written.
            let loopAnswered = (try? loop.runAndWait(seconds: 5) { true }) ?? false
            _ = log.waitForOutcome(seconds: 30)
            return loopAnswered
        }
        #expect(loopAnswered)
        #expect(log.ended, "\(String(describing: log.failure))")
        #expect(log.body == "\(size) 7")
    }

    @Test func aServerThatClosesBeforeAnsweringFailsTheExchangeWithClosedBeforeResponse() async throws {
        let peer = try RawPeerServer { connection in
            _ = try connection.read(through: [13, 10, 13, 10], what: "the request")
        }
        let loop = try EventLoop(name: "test-client-closed")
        defer { loop.stop() }
        let log = try await offThePool { () throws -> ExchangeLog in
            let connection = try Self.open(port: peer.port, on: loop)
            let log = Self.exchange("/closing", on: connection, loop: loop)
            _ = log.waitForOutcome()
            return log
        }
        try await peer.waitForScript()
        #expect(log.failure == .closedBeforeResponse, "\(log.events.all)")
    }

    @Test func anExchangeOnAConnectionNoLoopDrivesFailsAtOnce() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let loop = try EventLoop(name: "test-client-detached")
        defer { loop.stop() }
        let log = try await offThePool { () throws -> ExchangeLog in
            let connection = try Self.open(port: server.port, on: loop)
            try loop.runAndWait { connection.detach() }
            let log = Self.exchange("/detached", on: connection, loop: loop)
            _ = log.waitForOutcome()
            connection.close()
            return log
        }
        guard case .socket(let error)? = log.failure else {
            Issue.record("expected a socket failure, heard \(log.events.all)")
            return
        }
        #expect(error.kind == .closed)
    }
}
