import HTTPWire
import Testing

/// Every limit is checked on the bytes seen so far, so an oversized request is answered
/// before it is buffered whole (RFC 9112 §3, RFC 6585 §5, RFC 9110 §15.5.14).
@Suite(.timeLimit(.minutes(2))) struct LimitTests {
    static let limits = HTTPLimits(maxStartLineBytes: 64, maxHeaderBytes: 256, maxHeaderCount: 5, maxBodyBytes: 16)

    /// A request line of exactly `length` bytes (CRLF excluded).
    static func requestLine(length: Int) -> String {
        let fixed = "GET / HTTP/1.1".utf8.count
        return "GET /" + String(repeating: "a", count: length - fixed) + " HTTP/1.1"
    }

    /// A header section whose field lines and their CRLFs total exactly `bytes`.
    static func headerSection(bytes: Int) -> String {
        "Host: a\r\nX-Pad: " + String(repeating: "p", count: bytes - 18) + "\r\n"
    }

    // RFC 9112 §3: a server that receives a request-target longer than it wishes to parse → 414.
    @Test(arguments: [(64, StatusLine.ok), (65, StatusLine.uriTooLong)])
    func requestLineIsAcceptedUpToMaxStartLineBytesAndRefusedWith414Beyond(length: Int, statusLine: String) throws {
        let server = try TestServer(limits: Self.limits)
        defer { server.stop() }
        let (response, _) = try exchange(Self.requestLine(length: length) + "\r\nHost: a\r\n\r\n", port: server.port)
        #expect(response.statusLine == statusLine)
    }

    // The line is refused while it is still arriving, not after it was buffered whole.
    @Test func endlessRequestLineIsRefusedWith414BeforeItEnds() throws {
        let server = try TestServer(limits: Self.limits)
        defer { server.stop() }
        try expectRefusal("GET /" + String(repeating: "a", count: 200), statusLine: StatusLine.uriTooLong,
                          port: server.port)
    }

    // RFC 6585 §5: 431 when the header section is too large.
    @Test(arguments: [(256, StatusLine.ok), (257, StatusLine.fieldsTooLarge)])
    func headerSectionIsAcceptedUpToMaxHeaderBytesAndRefusedWith431Beyond(bytes: Int, statusLine: String) throws {
        let server = try TestServer(limits: Self.limits)
        defer { server.stop() }
        let (response, _) = try exchange("GET / HTTP/1.1\r\n" + Self.headerSection(bytes: bytes) + "\r\n", port: server.port)
        #expect(response.statusLine == statusLine)
    }

    // The limit must not depend on how the bytes are split into packets: the final CRLF
    // arriving on its own after exactly maxHeaderBytes of fields is still within the limit.
    @Test func headerSectionAtTheLimitIsAcceptedWhenItsFinalLineArrivesSeparately() throws {
        let server = try TestServer(limits: Self.limits)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        try connection.send("GET / HTTP/1.1\r\n" + Self.headerSection(bytes: 256) + "\r")
        #expect(connection.staysSilent(milliseconds: 100), "answered before the head was complete")
        try connection.send("\n")
        #expect(try connection.readResponse().statusLine == StatusLine.ok)
    }

    @Test func endlessHeaderSectionIsRefusedWith431BeforeItEnds() throws {
        let server = try TestServer(limits: Self.limits)
        defer { server.stop() }
        try expectRefusal("GET / HTTP/1.1\r\nHost: a\r\nX-Pad: " + String(repeating: "p", count: 400),
                          statusLine: StatusLine.fieldsTooLarge, port: server.port)
    }

    // RFC 6585 §5: too many fields is also a header section too large.
    @Test(arguments: [(5, StatusLine.ok), (6, StatusLine.fieldsTooLarge)])
    func headerFieldsAreAcceptedUpToMaxHeaderCountAndRefusedWith431Beyond(count: Int, statusLine: String) throws {
        let server = try TestServer(limits: Self.limits)
        defer { server.stop() }
        let fields = (1..<count).map { "X-\($0): v\r\n" }.joined()
        let (response, _) = try exchange("GET / HTTP/1.1\r\nHost: a\r\n\(fields)\r\n", port: server.port)
        #expect(response.statusLine == statusLine)
    }

    // RFC 9110 §15.5.14: 413, decided from Content-Length in the head: the client has sent
    // no body byte when the answer arrives.
    @Test(arguments: ["17", "1000000000"])
    func contentLengthOverMaxBodyBytesIsRefusedWith413BeforeTheBodyIsSent(length: String) throws {
        let server = try TestServer(limits: Self.limits)
        defer { server.stop() }
        try expectRefusal("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: \(length)\r\n\r\n",
                          statusLine: StatusLine.contentTooLarge, port: server.port)
    }

    @Test func bodyOfExactlyMaxBodyBytesIsAccepted() throws {
        let server = try TestServer(limits: Self.limits)
        defer { server.stop() }
        let body = try expectAccepted("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 16\r\n\r\n0123456789abcdef",
                                      port: server.port)
        #expect(body.hasSuffix("body=0123456789abcdef"))
    }

    // A chunked body has no length up front: it is refused with 413 as soon as the chunk
    // sizes announced so far pass the limit, before that chunk's data is sent.
    @Test func chunkedBodyGrowingOverMaxBodyBytesIsRefusedWith413() throws {
        let server = try TestServer(limits: Self.limits)
        defer { server.stop() }
        try expectRefusal("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\na\r\n0123456789\r\n7\r\n",
                          statusLine: StatusLine.contentTooLarge, port: server.port)
    }

    @Test func chunkedBodyOfExactlyMaxBodyBytesIsAccepted() throws {
        let server = try TestServer(limits: Self.limits)
        defer { server.stop() }
        let body = try expectAccepted(
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\na\r\n0123456789\r\n6\r\nabcdef\r\n0\r\n\r\n",
            port: server.port)
        #expect(body.hasSuffix("body=0123456789abcdef"))
    }

    // Chunk-size lines (extensions included) are bounded too → 400.
    @Test func chunkSizeLineOverMaxChunkLineBytesIsRefusedWith400() throws {
        let server = try TestServer(limits: HTTPLimits(maxChunkLineBytes: 32))
        defer { server.stop() }
        try expectRefusal("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n1;ext=" + String(repeating: "e", count: 40),
                          statusLine: StatusLine.badRequest, port: server.port)
    }

    // RFC 9110 §10.1.1: a server that will refuse the body answers with the final status and
    // never invites it with 100 Continue.
    @Test func expectContinueWithOversizedContentLengthGets413AndNo100() throws {
        let server = try TestServer(limits: Self.limits)
        defer { server.stop() }
        try expectRefusal("PUT / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 1000\r\n\r\n",
                          statusLine: StatusLine.contentTooLarge, port: server.port)
    }
}
