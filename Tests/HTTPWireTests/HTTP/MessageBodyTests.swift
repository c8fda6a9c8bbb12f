import HTTPWire
import Testing

/// Bodies in both directions: chunked requests, streamed responses, and the responses that
/// never have a body (RFC 9112 §6–§7, RFC 9110 §6.4.1).
@Suite(.timeLimit(.minutes(2))) struct MessageBodyTests {
    static let routes: [String: Route] = [
        "/fixed": { _, _ in .response(HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain"],
                                                   body: Array("exactly this".utf8))) },
        "/stream": Routes.stream,
        "/no-content": { _, _ in .response(HTTPResponse(status: .noContent, headers: ["Content-Length": "4"],
                                                        body: Array("oops".utf8))) },
        "/not-modified": { _, _ in .response(HTTPResponse(status: 304,
                                                          headers: ["ETag": "\"v1\"", "Content-Length": "12"],
                                                          body: Array("exactly this".utf8))) },
    ]

    // RFC 9112 §7.1.1–§7.1.2: chunk extensions are ignored, trailer fields are read and dropped.
    @Test func chunkedRequestBodyWithExtensionsAndTrailerIsDecoded() throws {
        let server = try TestServer()
        defer { server.stop() }
        let body = try expectAccepted("POST /chunks HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;name=value\r\nhello\r\n6 ; flag\r\n world\r\n0;last=\"yes\"\r\nX-Checksum: 42\r\nX-Other: b\r\n\r\n",
            port: server.port)
        #expect(body.hasSuffix("body=hello world"))
    }

    // RFC 9112 §7.1: a body of unknown length goes out chunked to an HTTP/1.1 client.
    @Test func streamedResponseWithoutLengthIsChunkedForHTTP11() throws {
        let server = try TestServer(routes: Self.routes)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /stream HTTP/1.1\r\nHost: a\r\n\r\nGET /fixed HTTP/1.1\r\nHost: a\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.header("Transfer-Encoding") == "chunked")
        #expect(response.header("Content-Length") == nil)
        #expect(response.wire.text.hasSuffix("\r\n\r\n4\r\none \r\n4\r\ntwo \r\n5\r\nthree\r\n0\r\n\r\n"))
        #expect(try connection.readResponse().body.text == "exactly this", "the connection stays usable")
    }

    // RFC 9112 §6.3 item 8: an HTTP/1.0 client cannot read chunked, so the body runs to the close.
    @Test func streamedResponseWithoutLengthIsReadToCloseForHTTP10() throws {
        let server = try TestServer(routes: Self.routes)
        defer { server.stop() }
        let (response, connection) = try exchange("GET /stream HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", port: server.port)
        #expect(response.header("Transfer-Encoding") == nil)
        #expect(response.header("Content-Length") == nil)
        #expect(response.header("Connection") == "close")
        #expect(response.body.text == "one two three")
        #expect(connection.ending == .endOfStream)
    }

    // RFC 9110 §9.3.2: HEAD gets the headers GET would get, Content-Length included, and no body.
    @Test func headResponseHasTheContentLengthOfGetAndNoBody() throws {
        let server = try TestServer(routes: Self.routes)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        try connection.send("HEAD /fixed HTTP/1.1\r\nHost: a\r\n\r\nGET /fixed HTTP/1.1\r\nHost: a\r\n\r\n")
        let head = try connection.readResponse(to: "HEAD")
        let get = try connection.readResponse()
        #expect(head.statusLine == StatusLine.ok)
        #expect(head.header("Content-Length") == "12")
        #expect(get.header("Content-Length") == "12")
        #expect(get.statusLine == StatusLine.ok, "a HEAD body would have run into this status line")
        #expect(get.body.text == "exactly this")
    }

    // RFC 9110 §15.3.5 and §8.6: a 204 has no body and no Content-Length.
    @Test func noContentResponseHasNoBodyAndNoContentLength() throws {
        let server = try TestServer(routes: Self.routes)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /no-content HTTP/1.1\r\nHost: a\r\n\r\nGET /fixed HTTP/1.1\r\nHost: a\r\n\r\n")
        let noContent = try connection.readResponse()
        #expect(noContent.statusLine == "HTTP/1.1 204 No Content")
        #expect(noContent.header("Content-Length") == nil)
        #expect(noContent.header("Transfer-Encoding") == nil)
        #expect(try connection.readResponse().statusLine == StatusLine.ok, "no body bytes after the 204 head")
    }

    // RFC 9110 §15.4.5: a 304 has no body (it may carry the Content-Length a 200 would have).
    @Test func notModifiedResponseHasNoBody() throws {
        let server = try TestServer(routes: Self.routes)
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /not-modified HTTP/1.1\r\nHost: a\r\n\r\nGET /fixed HTTP/1.1\r\nHost: a\r\n\r\n")
        let notModified = try connection.readResponse()
        #expect(notModified.statusLine == "HTTP/1.1 304 Not Modified")
        #expect(notModified.header("ETag") == "\"v1\"")
        #expect(try connection.readResponse().statusLine == StatusLine.ok, "no body bytes after the 304 head")
    }

    // RFC 9110 §10.1.1: a client that sent Expect: 100-continue waits for 100 before the body.
    @Test func expectContinueIsAnsweredWith100BeforeTheBodyIsSent() throws {
        let server = try TestServer()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        try connection.send("PUT /upload HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
        let interim = try connection.readResponse()
        #expect(interim.wire.text == "HTTP/1.1 100 Continue\r\n\r\n")
        try connection.send("hello")
        let final = try connection.readResponse()
        #expect(final.statusLine == StatusLine.ok)
        #expect(final.body.text.hasSuffix("body=hello"))
    }
}
