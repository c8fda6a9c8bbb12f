@testable import HTTPWire
import KitchenTestSupport
import Testing

/// Over real sockets: a connection past `idleConnectionThreads` waits on the head-reading loop
/// until its whole request head has arrived, so heads trickling in hold no thread; it is
/// answered as a connection served on its own thread would be.
@Suite(.timeLimit(.minutes(2))) struct RequestHeadLoopTests {
    @Test func threeHundredTricklingHeadsHoldNoMoreThreadsThanTheLimitAndEachIsAnsweredOnceFinished() throws {
        let limit = 4
        let server = try TestServer(configuration: HTTPServerConfiguration(
            idleConnectionThreads: limit, requestHeadTimeout: .seconds(100)))
        defer { server.stop() }
        let clients = try (0..<300).map { _ in try RawConnection(port: server.port, readTimeoutMilliseconds: 10_000) }
        let heads = clients.indices.map { Array("GET /late-\($0) HTTP/1.1\r\nHost: a\r\nX-Slow: zzzz\r\n".utf8) }
        var mostThreads = 0
        for index in 0..<(heads.map(\.count).max() ?? 0) {
            for (client, head) in zip(clients, heads) where index < head.count {
                try client.send([head[index]])
            }
            mostThreads = max(mostThreads, server.server.connectionThreadCount)
        }
        #expect(mostThreads <= limit, "\(mostThreads) threads while heads trickled")
        // A bounded wait on a condition that must not come true: no trickling head gets a thread.
        #expect(!waitUntil(seconds: 1) { server.server.connectionThreadCount > limit },
                "\(server.server.connectionThreadCount) threads for \(clients.count) unfinished heads")
        #expect(waitUntil(seconds: 10) { server.server.parkedConnectionCount >= clients.count - limit },
                "\(server.server.parkedConnectionCount) on the loop")

        let normal = try RawConnection(port: server.port, readTimeoutMilliseconds: 5_000)
        try normal.send("GET /normal HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try normal.readResponse().body.text.hasPrefix("GET /normal request=0"))
        #expect(!waitUntil(seconds: 0.2) { server.server.connectionThreadCount > limit + 1 })

        // Every head, finished, gets its own answer: no byte the loop read was lost.
        for client in clients { try client.send("\r\n") }
        for (index, client) in clients.enumerated() {
            let response = try client.readResponse()
            #expect(response.status == 200, "client \(index)")
            #expect(response.body.text.hasPrefix("GET /late-\(index) request=0"), "client \(index): \(response.body.text)")
        }
    }

    @Test func aHeadTricklingOnTheLoopIsAnswered408AtItsDeadlineAndItsSlotFreed() throws {
        let server = try TestServer(configuration: HTTPServerConfiguration(
            idleConnectionThreads: 0, requestHeadTimeout: .milliseconds(300)))
        defer { server.stop() }
        let client = try RawConnection(port: server.port, readTimeoutMilliseconds: 10_000)
        let head = Array("GET / HTTP/1.1\r\nHost: a\r\nX-Slow: ".utf8)
        for byte in head {
            try client.send([byte])
            guard client.staysSilent(milliseconds: 5) else { break }
        }
        let answer = try client.readUntilClosed()
        #expect(answer.text.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "\(answer.debugText)")
        #expect(answer.text.lowercased().contains("\r\nconnection: close\r\n"))
        #expect(client.ending == .endOfStream)
        #expect(server.server.connectionThreadCount == 0, "a thread was given to a trickling head")
        #expect(waitUntil(seconds: 10) { server.server.connectionCount == 0 && server.server.parkedConnectionCount == 0 })
    }

    // The loop answers a timed-out head; a thread answers one it was reading: the same bytes.
    @Test func theLoopsRefusalIsByteForByteTheThreadsRefusal() throws {
        func refusal(idleConnectionThreads: Int) throws -> [UInt8] {
            let server = try TestServer(configuration: HTTPServerConfiguration(
                idleConnectionThreads: idleConnectionThreads, requestHeadTimeout: .milliseconds(200)))
            defer { server.stop() }
            let client = try RawConnection(port: server.port, readTimeoutMilliseconds: 10_000)
            try client.send("GET / HTTP/1.1\r\nHost: a\r\n")
            return try client.readUntilClosed()
        }
        let fromTheLoop = try refusal(idleConnectionThreads: 0)
        let fromAThread = try refusal(idleConnectionThreads: 8)
        #expect(fromTheLoop.text.hasPrefix("HTTP/1.1 408 "))
        #expect(fromTheLoop == fromAThread, "loop: \(fromTheLoop.debugText)\nthread: \(fromAThread.debugText)")
    }

    // A malformed or oversized head found on the loop gets the parse error's answer, as on a thread.
    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nX-Big: \(String(repeating: "b", count: 200))\r\n\r\n", 431),
        ("GET /\(String(repeating: "u", count: 200)) HTTP/1.1\r\nHost: a\r\n\r\n", 414),
    ])
    func aBrokenHeadOnTheLoopIsAnsweredAsOnAThread(head: String, status: Int) throws {
        func answer(idleConnectionThreads: Int) throws -> [UInt8] {
            let server = try TestServer(configuration: HTTPServerConfiguration(
                limits: HTTPLimits(maxStartLineBytes: 100, maxHeaderBytes: 100), idleConnectionThreads: idleConnectionThreads))
            defer { server.stop() }
            let client = try RawConnection(port: server.port, readTimeoutMilliseconds: 10_000)
            try client.send(head)
            return try client.readUntilClosed()
        }
        let fromTheLoop = try answer(idleConnectionThreads: 0)
        let fromAThread = try answer(idleConnectionThreads: 8)
        #expect(fromTheLoop.text.hasPrefix("HTTP/1.1 \(status) "), "\(fromTheLoop.debugText)")
        #expect(fromTheLoop == fromAThread, "loop: \(fromTheLoop.debugText)\nthread: \(fromAThread.debugText)")
    }

    // The body and a pipelined request that came with the head go along to the thread.
    @Test func aBodyAndAPipelinedRequestReadWithTheHeadOnTheLoopAreServedInOrder() throws {
        let server = try TestServer(configuration: HTTPServerConfiguration(idleConnectionThreads: 0))
        defer { server.stop() }
        let client = try RawConnection(port: server.port, readTimeoutMilliseconds: 10_000)
        #expect(waitUntil(seconds: 10) { server.server.parkedConnectionCount == 1 })
        try client.send("POST /first HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhelloGET /second HTTP/1.1\r\nHost: a\r\n\r\n")
        let first = try client.readResponse()
        #expect(first.body.text.hasPrefix("POST /first request=0"), "\(first.body.text)")
        #expect(first.body.text.hasSuffix("body=hello"), "\(first.body.text)")
        #expect(try client.readResponse().body.text.hasPrefix("GET /second request=1"))
    }
}
