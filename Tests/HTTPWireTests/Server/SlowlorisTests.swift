import HTTPWire
import Testing

/// RFC 9110 §15.5.9: a request head that trickles in is cut at `requestHeadTimeout`, however
/// often its bytes arrive, and it does not hold the server up for anyone else.
@Suite(.timeLimit(.minutes(1))) struct SlowlorisTests {
    static let headTimeout = Duration.milliseconds(300)
    static let clients = 200
    /// Each trickling client sends one byte per round; a round lasts this long at most.
    static let roundMilliseconds = 50
    /// Bytes of a head that never ends.
    static let endlessHead = Array("GET / HTTP/1.1\r\nHost: a\r\nX-Slow: ".utf8) + Array(repeating: UInt8(ascii: "z"), count: 4096)

    /// One trickling client, as the test drives it.
    final class Trickle {
        let socket: Socket
        var sent = 0
        var received: [UInt8] = []
        var firstByteAt: ContinuousClock.Instant?
        var closedAt: ContinuousClock.Instant?

        init(port: Int) throws {
            socket = try Socket.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 5_000)
            socket.setReadTimeout(milliseconds: 1_000)
        }

        /// Reads what has arrived without waiting; notes when the server closed.
        func collect(now: ContinuousClock.Instant) {
            while closedAt == nil, socket.waitUntilReadable(milliseconds: 0) {
                let count = (try? socket.read(appendingTo: &received)) ?? 0
                if count == 0 { closedAt = now }
            }
        }

        /// Sends the next byte of the endless head.
        func trickle(now: ContinuousClock.Instant) {
            guard closedAt == nil, sent < SlowlorisTests.endlessHead.count else { return }
            let written = (try? socket.writeWithoutBlocking([SlowlorisTests.endlessHead[sent]])) ?? 0
            if written == 1, firstByteAt == nil { firstByteAt = now }
            sent += written
        }
    }

    @Test func headsTricklingOneBytePerRoundAreAllClosedAtTheHeadDeadlineWhileANormalRequestIsServed() throws {
        let server = try TestServer(configuration: HTTPServerConfiguration(
            maxConnections: 1024, idleTimeout: .seconds(30), requestHeadTimeout: Self.headTimeout))
        defer { server.stop() }
        let trickles = try (0..<Self.clients).map { _ in try Trickle(port: server.port) }
        let clock = ContinuousClock()
        let giveUp = clock.now + .seconds(20)
        var normalElapsed: Duration?
        var round = 0
        while trickles.contains(where: { $0.closedAt == nil }), clock.now < giveUp {
            for trickle in trickles {
                trickle.trickle(now: clock.now)
            }
            if round == 2 {
                // Meanwhile, an ordinary client is served at once.
                let started = clock.now
                let normal = try RawConnection(port: server.port, readTimeoutMilliseconds: 5_000)
                try normal.send("GET /normal HTTP/1.1\r\nHost: a\r\n\r\n")
                let response = try normal.readResponse()
                normalElapsed = started.duration(to: clock.now)
                #expect(response.status == 200)
            }
            // Pace the round by waiting for the server to answer someone, at most one round.
            if let open = trickles.first(where: { $0.closedAt == nil }) {
                _ = open.socket.waitUntilReadable(milliseconds: Self.roundMilliseconds)
            }
            let now = clock.now
            for trickle in trickles { trickle.collect(now: now) }
            round += 1
        }

        let normal = try #require(normalElapsed)
        #expect(normal < .seconds(2), "a normal request took \(normal) while \(Self.clients) heads trickled")
        var lifetimes: [Duration] = []
        for (index, trickle) in trickles.enumerated() {
            let first = try #require(trickle.firstByteAt, "client \(index) never sent a byte")
            let closed = try #require(trickle.closedAt, "client \(index) still open after \(trickle.sent) bytes")
            lifetimes.append(first.duration(to: closed))
            // Each got a 408 with Connection: close, or nothing before the end of the stream.
            if !trickle.received.isEmpty {
                let head = trickle.received.text
                #expect(head.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "client \(index): \(trickle.received.debugText)")
                #expect(head.lowercased().contains("\r\nconnection: close\r\n"))
            }
        }
        // Closed at the deadline: not before it, and not long after (the bytes never extended it).
        let earliest = lifetimes.min() ?? .zero, latest = lifetimes.max() ?? .zero
        #expect(earliest >= Self.headTimeout - .milliseconds(Self.roundMilliseconds), "earliest close \(earliest)")
        #expect(latest < Self.headTimeout + .seconds(3), "latest close \(latest)")
    }
}
