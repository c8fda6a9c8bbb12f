import HTTPWire
import Synchronization
import Testing

/// The body errors a responder heard.
final class ErrorsSeen: Sendable {
    private let errors = Mutex<[String]>([])
    func add(_ error: String) { errors.withLock { $0.append(error) } }
    var all: [String] { errors.withLock { $0 } }
}

/// A responder that asks for every body streamed and takes it on the loop as `reads` says:
/// answers once it ended with its size, largest piece and checksum, or at once without starting it.
struct StreamingResponder: HTTPResponder {
    /// Whether to take the body at all.
    let reads: Bool
    let seen: ErrorsSeen

    /// What one body's callbacks saw. Unchecked: written on the connection's loop only.
    final class Tally: @unchecked Sendable {
        var total = 0, largest = 0, checksum = 0
    }

    func bodyDelivery(for head: HTTPRequest) -> HTTPBodyDelivery { .streamed }

    func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
        guard let body = context.bodyStream else { return .response(.text(.ok, "\(request.target): buffered \(request.body.count)\n")) }
        guard reads else { return .response(.text(.ok, "not read\n")) }
        let reply = HTTPDeferredReply()
        let tally = Tally()
        body.start(onPiece: { piece in
            tally.total += piece.count
            tally.largest = max(tally.largest, piece.count)
            for byte in piece { tally.checksum = (tally.checksum &* 31 &+ Int(byte)) & 0xFFFF_FFFF }
        }, onEnd: {
            reply.complete(.response(.text(.ok, "\(request.target): \(tally.total) bytes, largest piece \(tally.largest), "
                + "checksum \(tally.checksum)\n")))
        }, onFailure: { error in seen.add("\(error)") })  // the server answers the client
        return .deferred(reply)
    }
}

extension HTTPServer {
    static func streaming(reads: Bool, limits: HTTPLimits = HTTPLimits()) throws -> (HTTPServer, Int, StreamingResponder) {
        let responder = StreamingResponder(reads: reads, seen: ErrorsSeen())
        let server = HTTPServer(configuration: .init(port: 0, limits: limits), responder: responder)
        try server.start()
        return (server, server.address?.port ?? 0, responder)
    }
}

@Suite(.timeLimit(.minutes(2))) struct StreamedRequestBodyTests {
    static func checksum(_ bytes: [UInt8]) -> Int {
        bytes.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF_FFFF }
    }

    @Test func aStreamedBodyArrivesInPiecesOfAtMostOneReadAndTheConnectionServesTheNextRequest() throws {
        let (server, port, _) = try HTTPServer.streaming(reads: true)
        defer { server.stop() }
        let body = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }
        let connection = try RawConnection(port: port)
        try connection.send("POST /big HTTP/1.1\r\nHost: a\r\nContent-Length: \(body.count)\r\n\r\n")
        try connection.send(body)
        try connection.send("POST /chunked HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n")
        let first = try connection.readResponse()
        #expect(first.body.text == "/big: \(body.count) bytes, largest piece 16384, checksum \(Self.checksum(body))\n")
        #expect(first.header("Connection") == nil)
        let second = try connection.readResponse()
        #expect(second.body.text == "/chunked: 11 bytes, largest piece 6, checksum \(Self.checksum(Array("hello world".utf8)))\n")
    }

    @Test func aBodyTheResponderLeavesUnreadClosesTheConnectionAfterTheResponse() throws {
        let (server, port, _) = try HTTPServer.streaming(reads: false)
        defer { server.stop() }
        let connection = try RawConnection(port: port)
        try connection.send("POST /ignored HTTP/1.1\r\nHost: a\r\nContent-Length: 100000\r\n\r\n")
        try connection.send([UInt8](repeating: 0x41, count: 100_000))
        // Bytes that would be a second request if the body were mistaken for the next message.
        try connection.send("GET /smuggled HTTP/1.1\r\nHost: a\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.body.text == "not read\n")
        #expect(response.header("Connection") == "close")
        #expect(!(try connection.readUntilClosed()).text.contains("HTTP/1.1"))
    }

    @Test func aChunkedBodyOverTheLimitIs413AndTheResponderHearsWhy() throws {
        let (server, port, responder) = try HTTPServer.streaming(reads: true, limits: HTTPLimits(maxBodyBytes: 1000))
        defer { server.stop() }
        let connection = try RawConnection(port: port)
        try connection.send("POST /over HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n")
        for _ in 0..<3 { try connection.send("190\r\n" + String(repeating: "x", count: 400) + "\r\n") }
        let response = try connection.readResponse()
        #expect(response.status == 413)
        #expect(response.header("Connection") == "close")
        #expect(responder.seen.all == ["\(HTTPRequestBodyError.invalid(.bodyTooLarge(limit: 1000)))"])
    }

    @Test func aClientExpecting100ContinueGetsItBeforeSendingAStreamedBody() throws {
        let (server, port, _) = try HTTPServer.streaming(reads: true)
        defer { server.stop() }
        let connection = try RawConnection(port: port)
        try connection.send("PUT /wait HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
        let interim = try connection.read(through: Array("\r\n\r\n".utf8), what: "100 Continue")
        #expect(interim.text == "HTTP/1.1 100 Continue\r\n\r\n")
        try connection.send("hello")
        #expect(try connection.readResponse().body.text == "/wait: 5 bytes, largest piece 5, checksum \(Self.checksum(Array("hello".utf8)))\n")
    }
}
