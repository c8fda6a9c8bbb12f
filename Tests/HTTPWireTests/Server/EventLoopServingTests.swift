@testable import HTTPWire
import KitchenTestSupport
import Testing

/// Over real sockets: every connection waits on an event loop until its whole request has
/// arrived, so heads trickling in cost a socket each, and the loop answers late and broken heads
/// itself, written without blocking. The blocking exchanges run off the cooperative pool
/// (``offThePool(_:)``) and are checked afterwards.
@Suite(.timeLimit(.minutes(2))) struct EventLoopServingTests {
    /// What the trickling clients met.
    struct TrickleRun: Sendable {
        var reachedTheLoop = false
        var onTheLoop = 0
        var normalAnswer = ""
        var answers: [(status: Int, body: String)] = []
    }

    @Test func threeHundredTricklingHeadsWaitOnTheLoopsAndEachIsAnsweredOnceFinished() async throws {
        let count = 300
        let server = try TestServer(configuration: HTTPServerConfiguration(requestHeadTimeout: .seconds(100)))
        defer { server.stop() }
        let run = try await offThePool { () throws -> TrickleRun in
            var run = TrickleRun()
            let clients = try (0..<count).map { _ in try RawConnection(port: server.port, readTimeoutMilliseconds: 10_000) }
            let heads = clients.indices.map { Array("GET /late-\($0) HTTP/1.1\r\nHost: a\r\nX-Slow: zzzz\r\n".utf8) }
            for index in 0..<(heads.map(\.count).max() ?? 0) {
                for (client, head) in zip(clients, heads) where index < head.count {
                    try client.send([head[index]])
                }
            }
            run.reachedTheLoop = waitUntil(seconds: 10) { server.server.httpConnectionCount == count }
            run.onTheLoop = server.server.httpConnectionCount

            let normal = try RawConnection(port: server.port, readTimeoutMilliseconds: 5_000)
            try normal.send("GET /normal HTTP/1.1\r\nHost: a\r\n\r\n")
            run.normalAnswer = try normal.readResponse().body.text

            // Every head, finished, gets its own answer: no byte the loop read was lost.
            for client in clients { try client.send("\r\n") }
            run.answers = try clients.map { client in
                let response = try client.readResponse()
                return (response.status, response.body.text)
            }
            return run
        }
        #expect(run.reachedTheLoop, "\(run.onTheLoop) on the loop")
        #expect(run.normalAnswer.hasPrefix("GET /normal request=0"), "\(run.normalAnswer)")
        #expect(run.answers.count == count)
        for (index, answer) in run.answers.enumerated() {
            #expect(answer.status == 200, "client \(index)")
            #expect(answer.body.hasPrefix("GET /late-\(index) request=0"), "client \(index): \(answer.body)")
        }
    }

    @Test func aHeadTricklingOnTheLoopIsAnswered408AtItsDeadlineAndItsSlotFreed() async throws {
        let server = try TestServer(configuration: HTTPServerConfiguration(requestHeadTimeout: .milliseconds(300)))
        defer { server.stop() }
        let (answer, ending, freed) = try await offThePool { () throws -> ([UInt8], RawConnection.StreamEnding?, Bool) in
            let client = try RawConnection(port: server.port, readTimeoutMilliseconds: 10_000)
            for byte in Array("GET / HTTP/1.1\r\nHost: a\r\nX-Slow: ".utf8) {
                try client.send([byte])
                guard client.staysSilent(milliseconds: 5) else { break }
            }
            let answer = try client.readUntilClosed()
            let freed = waitUntil(seconds: 10) { server.server.connectionCount == 0 && server.server.httpConnectionCount == 0 }
            return (answer, client.ending, freed)
        }
        #expect(answer.text.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "\(answer.debugText)")
        #expect(answer.text.lowercased().contains("\r\nconnection: close\r\n"))
        #expect(ending == .endOfStream)
        #expect(freed)
    }

    /// Everything a client reads from a fresh server after sending `request`, until the server
    /// closes.
    static func answer(to request: String, limits: HTTPLimits = HTTPLimits(),
                       requestHeadTimeout: Duration = .seconds(30)) async throws -> [UInt8] {
        let server = try TestServer(configuration: HTTPServerConfiguration(limits: limits, requestHeadTimeout: requestHeadTimeout))
        defer { server.stop() }
        return try await offThePool {
            let client = try RawConnection(port: server.port, readTimeoutMilliseconds: 10_000)
            try client.send(request)
            return try client.readUntilClosed()
        }
    }

    // The loop's answer to a timed-out head, byte for byte as a connection thread wrote it
    // before requests were read on the loop (fa09cbc; its thread and this loop gave the same
    // bytes for the same broken heads, checked side by side with `kitchen replay`).
    @Test func theLoopsRefusalIsByteForByteWhatAThreadWrote() async throws {
        let head = "GET / HTTP/1.1\r\nHost: a\r\n"
        let fromTheLoop = try await Self.answer(to: head, requestHeadTimeout: .milliseconds(200))
        let fromAThread = "HTTP/1.1 408 Request Timeout\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 45\r\n"
            + "Connection: close\r\n\r\nrequest head not complete within 0.2 seconds\n"
        #expect(fromTheLoop.text == fromAThread, "loop: \(fromTheLoop.debugText)")
    }

    // A malformed or oversized head found on the loop gets the parse error's answer, byte for
    // byte as a connection thread wrote it before requests were read on the loop (fa09cbc).
    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: 49\r\nConnection: close\r\n\r\nwhitespace between header name \"Host \" and colon\n"),
        ("GET / HTTP/1.1\r\nX-Big: \(String(repeating: "b", count: 200))\r\n\r\n", "HTTP/1.1 431 Request Header Fields Too Large\r\n"
            + "Content-Type: text/plain; charset=utf-8\r\nContent-Length: 37\r\nConnection: close\r\n\r\n"
            + "header section larger than 100 bytes\n"),
        ("GET /\(String(repeating: "u", count: 200)) HTTP/1.1\r\nHost: a\r\n\r\n", "HTTP/1.1 414 URI Too Long\r\n"
            + "Content-Type: text/plain; charset=utf-8\r\nContent-Length: 35\r\nConnection: close\r\n\r\n"
            + "request line longer than 100 bytes\n"),
    ])
    func aBrokenHeadOnTheLoopIsAnsweredAsAThreadAnsweredIt(head: String, fromAThread: String) async throws {
        let limits = HTTPLimits(maxStartLineBytes: 100, maxHeaderBytes: 100)
        let fromTheLoop = try await Self.answer(to: head, limits: limits)
        #expect(fromTheLoop.text == fromAThread, "loop: \(fromTheLoop.debugText)")
    }

    // A body and a pipelined request that came with the head are served in order.
    @Test func aBodyAndAPipelinedRequestReadWithTheHeadOnTheLoopAreServedInOrder() async throws {
        let server = try TestServer(configuration: HTTPServerConfiguration())
        defer { server.stop() }
        let (onTheLoop, first, second) = try await offThePool { () throws -> (Bool, String, String) in
            let client = try RawConnection(port: server.port, readTimeoutMilliseconds: 10_000)
            let onTheLoop = waitUntil(seconds: 10) { server.server.httpConnectionCount == 1 }
            try client.send("POST /first HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhelloGET /second HTTP/1.1\r\nHost: a\r\n\r\n")
            return (onTheLoop, try client.readResponse().body.text, try client.readResponse().body.text)
        }
        #expect(onTheLoop)
        #expect(first.hasPrefix("POST /first request=0"), "\(first)")
        #expect(first.hasSuffix("body=hello"), "\(first)")
        #expect(second.hasPrefix("GET /second request=1"), "\(second)")
    }

    /// What a client reads after sending a malformed head, and whether its connection was freed.
    static func longAnswer() async throws -> (answer: [UInt8], freed: Bool) {
        let server = HTTPServer(configuration: HTTPServerConfiguration(port: 0), responder: LongErrorPages())
        try server.start()
        defer { server.stop() }
        let port = try #require(server.address?.port)
        return try await offThePool { () throws -> ([UInt8], Bool) in
            let client = try RawConnection(port: port, readTimeoutMilliseconds: 10_000)
            try client.send("GET / HTTP/1.1\r\nHost : a\r\n\r\n")
            // The answer is more than the two sockets' buffers hold: once its first bytes are
            // here, the rest waits for the client to make room, and must not be dropped.
            _ = client.staysSilent(milliseconds: 10_000)
            let answer = try client.readUntilClosed()
            let freed = waitUntil(seconds: 10) { server.connectionCount == 0 && server.httpConnectionCount == 0 }
            return (answer, freed)
        }
    }

    // Written without blocking, an answer bigger than the socket takes is sent whole, the rest
    // as the client makes room: byte for byte the page, framed, then the close.
    @Test func anAnswerBiggerThanTheSocketTakesIsWrittenWholeFromTheLoop() async throws {
        let fromTheLoop = try await Self.longAnswer()
        let count = fromTheLoop.answer.count
        #expect(count > LongErrorPages.pageBytes, "\(count) bytes")
        let head = "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(LongErrorPages.pageBytes)\r\nConnection: close\r\n\r\n"
        let expected = Array(head.utf8) + [UInt8](repeating: UInt8(ascii: "e"), count: LongErrorPages.pageBytes)
        // Compared first: Swift Testing would diff 16 MiB arrays element by element.
        let same = fromTheLoop.answer == expected
        #expect(same, "loop: \(fromTheLoop.answer.count) bytes, expected \(expected.count): \(fromTheLoop.answer.prefix(200).text)")
        #expect(fromTheLoop.freed)
    }

    // Several loops share the waiting connections evenly; each is served once its head is whole.
    @Test func waitingConnectionsAreSharedEvenlyAmongTheLoops() async throws {
        let server = try TestServer(configuration: HTTPServerConfiguration(eventLoopThreads: 3))
        defer { server.stop() }
        let (perLoop, answers) = try await offThePool { () throws -> ([Int], [String]) in
            let clients = try (0..<30).map { _ in try RawConnection(port: server.port, readTimeoutMilliseconds: 10_000) }
            _ = waitUntil(seconds: 10) { server.server.httpConnectionCount == clients.count }
            let perLoop = server.server.httpConnectionCountPerLoop
            for (index, client) in clients.enumerated() { try client.send("GET /shared-\(index) HTTP/1.1\r\nHost: a\r\n\r\n") }
            return (perLoop, try clients.map { try $0.readResponse().body.text })
        }
        #expect(perLoop == [10, 10, 10])
        for (index, answer) in answers.enumerated() {
            #expect(answer.hasPrefix("GET /shared-\(index) request=0"), "client \(index): \(answer)")
        }
    }
}
