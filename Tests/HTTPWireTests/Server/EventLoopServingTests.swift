@testable import HTTPWire
import KitchenTestSupport
import Testing

/// Over real sockets: every connection waits on an event loop until its whole request has
/// arrived, so heads trickling in hold no thread, and the loop answers late and broken heads
/// itself, written without blocking. The test responder may block, so each whole request is
/// answered on a thread of its own, and the connection then returns to its loop. The blocking
/// exchanges run off the cooperative pool (``offThePool(_:)``) and are checked afterwards.
@Suite(.timeLimit(.minutes(2))) struct EventLoopServingTests {
    /// What the trickling clients met.
    struct TrickleRun: Sendable {
        var mostThreadsWhileTrickling = 0
        var threadsStayedWithinTheLimit = false
        var threadsAfterASecond = 0
        var reachedTheLoop = false
        var onTheLoop = 0
        var normalAnswer = ""
        var mostThreadsAroundTheNormalRequest = 0
        var answers: [(status: Int, body: String)] = []
    }

    @Test func threeHundredTricklingHeadsHoldNoThreadAndEachIsAnsweredOnceFinished() async throws {
        let limit = 0
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
                run.mostThreadsWhileTrickling = max(run.mostThreadsWhileTrickling, server.server.connectionThreadCount)
            }
            // A bounded wait on a condition that must not come true: no trickling head gets a thread.
            run.threadsStayedWithinTheLimit = !waitUntil(seconds: 1) { server.server.connectionThreadCount > limit }
            run.threadsAfterASecond = server.server.connectionThreadCount
            run.reachedTheLoop = waitUntil(seconds: 10) { server.server.parkedConnectionCount >= count - limit }
            run.onTheLoop = server.server.parkedConnectionCount

            let normal = try RawConnection(port: server.port, readTimeoutMilliseconds: 5_000)
            try normal.send("GET /normal HTTP/1.1\r\nHost: a\r\n\r\n")
            run.normalAnswer = try normal.readResponse().body.text
            _ = waitUntil(seconds: 0.2) {
                run.mostThreadsAroundTheNormalRequest = max(run.mostThreadsAroundTheNormalRequest, server.server.connectionThreadCount)
                return false
            }

            // Every head, finished, gets its own answer: no byte the loop read was lost.
            for client in clients { try client.send("\r\n") }
            run.answers = try clients.map { client in
                let response = try client.readResponse()
                return (response.status, response.body.text)
            }
            return run
        }
        #expect(run.mostThreadsWhileTrickling <= limit, "\(run.mostThreadsWhileTrickling) threads while heads trickled")
        #expect(run.threadsStayedWithinTheLimit, "\(run.threadsAfterASecond) threads for \(count) unfinished heads")
        #expect(run.reachedTheLoop, "\(run.onTheLoop) on the loop")
        #expect(run.normalAnswer.hasPrefix("GET /normal request=0"), "\(run.normalAnswer)")
        #expect(run.mostThreadsAroundTheNormalRequest <= limit + 1)
        #expect(run.answers.count == count)
        for (index, answer) in run.answers.enumerated() {
            #expect(answer.status == 200, "client \(index)")
            #expect(answer.body.hasPrefix("GET /late-\(index) request=0"), "client \(index): \(answer.body)")
        }
    }

    @Test func aHeadTricklingOnTheLoopIsAnswered408AtItsDeadlineAndItsSlotFreed() async throws {
        let server = try TestServer(configuration: HTTPServerConfiguration(requestHeadTimeout: .milliseconds(300)))
        defer { server.stop() }
        let (answer, ending, threads, freed) = try await offThePool { () throws -> ([UInt8], RawConnection.StreamEnding?, Int, Bool) in
            let client = try RawConnection(port: server.port, readTimeoutMilliseconds: 10_000)
            for byte in Array("GET / HTTP/1.1\r\nHost: a\r\nX-Slow: ".utf8) {
                try client.send([byte])
                guard client.staysSilent(milliseconds: 5) else { break }
            }
            let answer = try client.readUntilClosed()
            let threads = server.server.connectionThreadCount
            let freed = waitUntil(seconds: 10) { server.server.connectionCount == 0 && server.server.parkedConnectionCount == 0 }
            return (answer, client.ending, threads, freed)
        }
        #expect(answer.text.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "\(answer.debugText)")
        #expect(answer.text.lowercased().contains("\r\nconnection: close\r\n"))
        #expect(ending == .endOfStream)
        #expect(threads == 0, "a thread was given to a trickling head")
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

    // The body and a pipelined request that came with the head go along to the thread.
    @Test func aBodyAndAPipelinedRequestReadWithTheHeadOnTheLoopAreServedInOrder() async throws {
        let server = try TestServer(configuration: HTTPServerConfiguration())
        defer { server.stop() }
        let (onTheLoop, first, second) = try await offThePool { () throws -> (Bool, String, String) in
            let client = try RawConnection(port: server.port, readTimeoutMilliseconds: 10_000)
            let onTheLoop = waitUntil(seconds: 10) { server.server.parkedConnectionCount == 1 }
            try client.send("POST /first HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhelloGET /second HTTP/1.1\r\nHost: a\r\n\r\n")
            return (onTheLoop, try client.readResponse().body.text, try client.readResponse().body.text)
        }
        #expect(onTheLoop)
        #expect(first.hasPrefix("POST /first request=0"), "\(first)")
        #expect(first.hasSuffix("body=hello"), "\(first)")
        #expect(second.hasPrefix("GET /second request=1"), "\(second)")
    }

    /// What a client reads after sending a malformed head, and the threads serving while the
    /// answer was under way.
    static func longAnswer() async throws -> (answer: [UInt8], threads: Int, freed: Bool) {
        let server = HTTPServer(configuration: HTTPServerConfiguration(port: 0), responder: LongErrorPages())
        try server.start()
        defer { server.stop() }
        let port = try #require(server.address?.port)
        return try await offThePool { () throws -> ([UInt8], Int, Bool) in
            let client = try RawConnection(port: port, readTimeoutMilliseconds: 10_000)
            try client.send("GET / HTTP/1.1\r\nHost : a\r\n\r\n")
            // The answer is more than the two sockets' buffers hold: once its first bytes are
            // here, the rest waits for the client to make room, and must not be dropped.
            _ = client.staysSilent(milliseconds: 10_000)
            let threads = server.connectionThreadCount
            let answer = try client.readUntilClosed()
            let freed = waitUntil(seconds: 10) { server.connectionCount == 0 && server.parkedConnectionCount == 0 }
            return (answer, threads, freed)
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
        #expect(fromTheLoop.threads == 0, "the loop handed the answer to a thread")
        #expect(fromTheLoop.freed)
    }

    // Several loops share the waiting connections evenly; each is served once its head is whole.
    @Test func waitingConnectionsAreSharedEvenlyAmongTheLoops() async throws {
        let server = try TestServer(configuration: HTTPServerConfiguration(eventLoopThreads: 3))
        defer { server.stop() }
        let (perLoop, answers) = try await offThePool { () throws -> ([Int], [String]) in
            let clients = try (0..<30).map { _ in try RawConnection(port: server.port, readTimeoutMilliseconds: 10_000) }
            _ = waitUntil(seconds: 10) { server.server.parkedConnectionCount == clients.count }
            let perLoop = server.server.parkedConnectionCountPerLoop
            for (index, client) in clients.enumerated() { try client.send("GET /shared-\(index) HTTP/1.1\r\nHost: a\r\n\r\n") }
            return (perLoop, try clients.map { try $0.readResponse().body.text })
        }
        #expect(perLoop == [10, 10, 10])
        for (index, answer) in answers.enumerated() {
            #expect(answer.hasPrefix("GET /shared-\(index) request=0"), "client \(index): \(answer)")
        }
    }
}
