import HTTPWire
import Testing

/// RFC 9110 §15.5.9: a request head that trickles in is cut at `requestHeadTimeout`, however
/// often its bytes arrive, and it does not hold the server up for anyone else.
@Suite(.timeLimit(.minutes(2))) struct SlowlorisTests {
    /// Long enough that a slow test thread still serves the normal request, and sends each
    /// client's first byte, well before any head is cut.
    static let headTimeout = Duration.seconds(2)
    static let clients = 200
    /// Each trickling client sends one byte per round; a round lasts this long at most.
    static let roundMilliseconds = 50
    /// Bytes of a head that never ends.
    static let endlessHead = Array("GET / HTTP/1.1\r\nHost: a\r\nX-Slow: ".utf8) + Array(repeating: UInt8(ascii: "z"), count: 4096)

    /// One trickling client, as the test drives it. Times are counted in rounds, not read from a clock.
    final class Trickle {
        let socket: Socket
        var sent = 0
        var received: [UInt8] = []
        var firstByteRound: Int?
        var closedRound: Int?

        init(port: Int) throws {
            socket = try Socket.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 5_000)
            socket.setReadTimeout(milliseconds: 1_000)
        }

        /// Reads what has arrived without waiting; notes when the server closed.
        func collect(round: Int) {
            while closedRound == nil, socket.waitUntilReadable(milliseconds: 0) {
                let count = (try? socket.read(appendingTo: &received)) ?? 0
                if count == 0 { closedRound = round }
            }
        }

        /// Sends the next byte of the endless head.
        func trickle(round: Int) {
            guard closedRound == nil, sent < SlowlorisTests.endlessHead.count else { return }
            let written = (try? socket.writeWithoutBlocking([SlowlorisTests.endlessHead[sent]])) ?? 0
            if written == 1, firstByteRound == nil { firstByteRound = round }
            sent += written
        }
    }

    /// Each open client sends a byte every round, and a round lasts at most `roundMilliseconds`: a
    /// server whose deadline each byte extended would keep them all until they ran out of bytes
    /// (4,000 rounds). Being cut long before that, after several bytes each, shows the bytes did not
    /// extend it; the deadline's arithmetic is RequestReadTimeoutsTests' job, on given instants.
    @Test func headsTricklingOneBytePerRoundAreAllClosedAtTheHeadDeadlineWhileANormalRequestIsServed() throws {
        let server = try TestServer(configuration: HTTPServerConfiguration(
            maxConnections: 1024, idleTimeout: .seconds(30), requestHeadTimeout: Self.headTimeout))
        defer { server.stop() }
        let trickles = try (0..<Self.clients).map { _ in try Trickle(port: server.port) }
        let lastRound = 1_000
        var openWhenTheNormalRequestWasAnswered: Int?
        var round = 0
        while trickles.contains(where: { $0.closedRound == nil }), round < lastRound {
            for trickle in trickles {
                trickle.trickle(round: round)
            }
            if round == 1 {
                // Meanwhile, an ordinary client is served at once.
                let normal = try RawConnection(port: server.port, readTimeoutMilliseconds: 5_000)
                try normal.send("GET /normal HTTP/1.1\r\nHost: a\r\n\r\n")
                let response = try normal.readResponse()
                #expect(response.status == 200)
                for trickle in trickles { trickle.collect(round: round) }
                openWhenTheNormalRequestWasAnswered = trickles.count(where: { $0.closedRound == nil })
            }
            // Pace the round by waiting for the server to answer someone, at most one round.
            if let open = trickles.first(where: { $0.closedRound == nil }) {
                _ = open.socket.waitUntilReadable(milliseconds: Self.roundMilliseconds)
            }
            for trickle in trickles { trickle.collect(round: round) }
            round += 1
        }

        let open = try #require(openWhenTheNormalRequestWasAnswered, "the normal request was never sent")
        #expect(open > 0, "the normal request was answered only after every trickling client was cut")
        for (index, trickle) in trickles.enumerated() {
            let first = try #require(trickle.firstByteRound, "client \(index) never sent a byte")
            let closed = try #require(trickle.closedRound, "client \(index) still open after \(trickle.sent) bytes and \(round) rounds")
            #expect(closed > first, "client \(index) was cut in the round of its first byte")
            #expect(trickle.sent < Self.endlessHead.count)
            // Each got a 408 with Connection: close, or nothing before the end of the stream.
            if !trickle.received.isEmpty {
                let head = trickle.received.text
                #expect(head.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "client \(index): \(trickle.received.debugText)")
                #expect(head.lowercased().contains("\r\nconnection: close\r\n"))
            }
        }
    }
}
