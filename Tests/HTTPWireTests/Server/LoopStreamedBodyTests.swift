import Foundation
@testable import HTTPWire
import KitchenTestSupport
import Testing

/// A responder on the event loop that takes each body as it arrives (``HTTPRequestBodyStream``):
/// counts its bytes and checksums them, and answers once it ended, later, from the loop.
/// `pausesEachPiece`: pauses after every piece and resumes on a later turn of the loop.
/// `answersEarlyAfter`: answers `early` as soon as that many bytes arrived.
struct CountingLoopResponder: HTTPResponder {
    /// What one body's callbacks saw, written on the loop and read by the test.
    final class Tally: @unchecked Sendable {
        // Unchecked: written on the connection's loop only, read by the test after the answer.
        var count = 0
        var checksum = 0
        var pieces = 0
    }

    var pausesEachPiece = false
    var answersEarlyAfter: Int?
    let failures = Log<HTTPRequestBodyError>()
    /// One entry per callback or call that ran off the connection's loop.
    let offTheLoop = Log<String>()
    let tallies = Log<Tally>()

    func bodyDelivery(for head: HTTPRequest) -> HTTPBodyDelivery { .streamed }

    func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
        let loop = context.eventLoop
        if !loop.inEventLoop { offTheLoop.append("respond") }
        guard let body = context.bodyStream else { return .response(.text(.ok, "\(request.path): buffered \(request.body.count)")) }
        let reply = HTTPDeferredReply()
        let tally = Tally()
        tallies.append(tally)
        let (pauses, early, failures, offTheLoop) = (pausesEachPiece, answersEarlyAfter, failures, offTheLoop)
        body.start(onPiece: { piece in
            if !loop.inEventLoop { offTheLoop.append("piece") }
            tally.count += piece.count
            tally.pieces += 1
            for byte in piece { tally.checksum = (tally.checksum &* 31 &+ Int(byte)) & 0xFFFF_FFFF }
            if let early, tally.count >= early { reply.complete(.response(.text(.ok, "early after \(tally.count)"))) }
            if pauses {
                body.pause()
                loop.execute { body.resume() }
            }
        }, onEnd: {
            if !loop.inEventLoop { offTheLoop.append("end") }
            reply.complete(.response(.text(.ok, "\(request.path): \(tally.count) bytes, checksum \(tally.checksum)")))
        }, onFailure: { error in
            if !loop.inEventLoop { offTheLoop.append("failure") }
            failures.append(error)
        })
        return .deferred(reply)
    }

    static func checksum(_ bytes: [UInt8]) -> Int { bytes.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF_FFFF } }
}

@Suite(.timeLimit(.minutes(2))) struct LoopStreamedBodyTests {
    static func serve(_ responder: CountingLoopResponder, limits: HTTPLimits = HTTPLimits(maxBodyBytes: 64 << 20),
                      bodyProgressTimeout: Duration = .seconds(30)) throws -> (HTTPServer, Int) {
        let configuration = HTTPServerConfiguration(port: 0, limits: limits, eventLoopThreads: 1,
                                                    bodyProgressTimeout: bodyProgressTimeout)
        let server = HTTPServer(configuration: configuration, responder: responder)
        try server.start()
        guard let port = server.address?.port else { throw LoopTestError("the server has no address") }
        return (server, port)
    }

    static let body = (0..<(8 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) }

    static func uploadWithCurl(_ body: [UInt8], port: Int, headers: [String] = []) async throws -> ExternalProcess.Outcome {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("loop-upload-\(UUID().uuidString)")
        try Data(body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await ExternalProcess.run(Curl.path, ["-sS", "--max-time", "60", "--data-binary", "@\(file.path)",
                                                         "-H", "Content-Type: application/octet-stream"]
            + headers.flatMap { ["-H", $0] } + ["http://127.0.0.1:\(port)/count"])
    }

    // The whole body reaches the responder on the loop, piece by piece.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: Curl.path)),
          arguments: [[], ["Transfer-Encoding: chunked"]])
    func anEightMebibyteUploadFromCurlIsCountedOnTheLoopPieceByPiece(headers: [String]) async throws {
        let responder = CountingLoopResponder()
        let (server, port) = try Self.serve(responder)
        defer { server.stop() }
        let outcome = try await Self.uploadWithCurl(Self.body, port: port, headers: headers)
        #expect(outcome.stdout == "/count: \(Self.body.count) bytes, checksum \(CountingLoopResponder.checksum(Self.body))",
                "\(outcome)")
        #expect(responder.offTheLoop.all.isEmpty, "\(responder.offTheLoop.all)")
        #expect((responder.tallies.all.first?.pieces ?? 0) > 16, "the body did not come in pieces")
        #expect(responder.failures.all.isEmpty)
    }

    // Back-pressure across turns of the loop: every piece pauses the body until the next turn.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: Curl.path)))
    func aResponderThatPausesAfterEveryPieceStillGetsTheWholeUpload() async throws {
        let responder = CountingLoopResponder(pausesEachPiece: true)
        let (server, port) = try Self.serve(responder)
        defer { server.stop() }
        let outcome = try await Self.uploadWithCurl(Self.body, port: port)
        #expect(outcome.stdout == "/count: \(Self.body.count) bytes, checksum \(CountingLoopResponder.checksum(Self.body))",
                "\(outcome)")
        #expect(responder.offTheLoop.all.isEmpty, "\(responder.offTheLoop.all)")
    }

    @Test func aStreamedBodyThenAPipelinedRequestAreAnsweredInOrderOnOneConnection() async throws {
        let responder = CountingLoopResponder()
        let (server, port) = try Self.serve(responder)
        defer { server.stop() }
        let answers = try await offThePool { () throws -> [String] in
            let connection = try RawConnection(port: port)
            try connection.send("POST /first HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\nhello world"
                + "GET /second HTTP/1.1\r\nHost: a\r\n\r\n")
            return try (0..<2).map { _ in try connection.readResponse().body.text }
        }
        let checksum = CountingLoopResponder.checksum(Array("hello world".utf8))
        #expect(answers == ["/first: 11 bytes, checksum \(checksum)", "/second: buffered 0"])
    }

    // An answer before the body's end closes the connection after it: the rest of the body, and
    // what looks like a request behind it, are never read as a request.
    @Test func anAnswerBeforeTheBodysEndIsSentThenTheConnectionClosesUnread() async throws {
        let responder = CountingLoopResponder(answersEarlyAfter: 1)
        let (server, port) = try Self.serve(responder)
        defer { server.stop() }
        let (answer, after) = try await offThePool { () throws -> (RawResponse, [UInt8]) in
            let connection = try RawConnection(port: port)
            try connection.send("POST /early HTTP/1.1\r\nHost: a\r\nContent-Length: 100000\r\n\r\n")
            try connection.send([UInt8](repeating: 0x61, count: 1000))
            let answer = try connection.readResponse()
            try connection.send([UInt8](repeating: 0x61, count: 99_000))
            try connection.send("GET /smuggled HTTP/1.1\r\nHost: a\r\n\r\n")
            return (answer, try connection.readUntilClosed())
        }
        #expect(answer.body.text.hasPrefix("early after "))
        #expect(answer.header("Connection") == "close")
        #expect(!after.text.contains("HTTP/1.1"), "\(after.text)")
        #expect((responder.tallies.all.first?.count ?? 0) < 100_000, "the body went on after the answer")
        #expect(responder.failures.all.isEmpty, "\(responder.failures.all)")
    }

    // RFC 9110 §15.5.9, on the loop: the responder hears why, the client gets 408.
    @Test func aStreamedBodyThatStopsArrivingIsAnswered408AndTheResponderHearsStalled() async throws {
        let responder = CountingLoopResponder()
        let (server, port) = try Self.serve(responder, bodyProgressTimeout: .milliseconds(300))
        defer { server.stop() }
        let answer = try await offThePool { () throws -> RawResponse in
            let connection = try RawConnection(port: port)
            try connection.send("POST /stalls HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\nonly ten b")
            return try connection.readResponse()
        }
        #expect(answer.status == 408)
        #expect(answer.header("Connection") == "close")
        #expect(responder.failures.all == [.stalled(limit: .milliseconds(300))])
    }

    @Test(arguments: [
        ("zz\r\nabc\r\n0\r\n\r\n", HTTPParseError.chunkSizeNotHex, 400),
        ("400\r\n" + String(repeating: "x", count: 1024) + "\r\n0\r\n\r\n", .bodyTooLarge(limit: 1000), 413),
    ])
    func aBrokenChunkedBodyOnTheLoopGetsTheServersAnswerAndTheResponderHearsWhy(
        body: String, expected: HTTPParseError, status: Int
    ) async throws {
        let responder = CountingLoopResponder()
        let (server, port) = try Self.serve(responder, limits: HTTPLimits(maxBodyBytes: 1000))
        defer { server.stop() }
        let answer = try await offThePool { () throws -> RawResponse in
            let connection = try RawConnection(port: port)
            try connection.send("POST /broken HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n" + body)
            return try connection.readResponse()
        }
        #expect(answer.status == status)
        #expect(answer.header("Connection") == "close")
        #expect(responder.failures.all == [.invalid(expected)])
    }
}
