import HTTPWire
import Testing

/// `HTTPClientConnection` reading every framing a server may use (RFC 9112 §6.3), against our
/// server and against a scripted raw peer for what our server never sends.
@Suite(.timeLimit(.minutes(2))) struct ClientConnectionTests {
    /// Reads one request head (the scripted peers below never get a body).
    static func readRequestHead(_ connection: RawConnection) throws -> String {
        try connection.read(through: [13, 10, 13, 10], what: "a request head").text
    }

    // RFC 9112 §6.3 item 6: Content-Length delimits the body; the connection stays reusable.
    @Test func clientReadsContentLengthResponsesOnOneConnection() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
        defer { client.close() }
        let first = try client.send(HTTPRequest(method: .get, target: "/one"))
        let second = try client.send(HTTPRequest(method: .post, target: "/two", body: Array("hi".utf8)))
        #expect(first.bodyBytes?.text.hasPrefix("GET /one request=0 ") == true)
        #expect(second.bodyBytes?.text.hasPrefix("POST /two request=1 ") == true)
        #expect(second.bodyBytes?.text.hasSuffix("body=hi") == true)
        #expect(client.isReusable)
    }

    // RFC 9112 §6.3 item 4 / §7.1: a chunked response is decoded.
    @Test func clientReadsChunkedResponse() throws {
        let server = try TestServer(routes: ["/stream": Routes.stream])
        defer { server.stop() }
        let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
        defer { client.close() }
        let response = try client.send(HTTPRequest(method: .get, target: "/stream"))
        #expect(response.headers["Transfer-Encoding"] == "chunked")
        #expect(response.bodyBytes?.text == "one two three")
        #expect(client.isReusable)
    }

    // RFC 9112 §6.3 item 8: no length and no chunking: the body runs until the server closes.
    @Test func clientReadsResponseDelimitedByConnectionClose() throws {
        let peer = try RawPeerServer { connection in
            _ = try Self.readRequestHead(connection)
            try connection.send("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nread until ")
            try connection.send("the server closes")
        }
        let client = try HTTPClientConnection(host: "127.0.0.1", port: peer.port)
        defer { client.close() }
        let response = try client.send(HTTPRequest(method: .get, target: "/"))
        #expect(response.bodyBytes?.text == "read until the server closes")
        #expect(!client.isReusable)
        try peer.waitForScript()
    }

    // RFC 9110 §15.2: interim 1xx responses precede the final one and are skipped.
    @Test func clientSkipsInterim100ContinueResponse() throws {
        let peer = try RawPeerServer { connection in
            _ = try Self.readRequestHead(connection)
            try connection.send("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 4\r\n\r\ndone")
        }
        let client = try HTTPClientConnection(host: "127.0.0.1", port: peer.port)
        defer { client.close() }
        let response = try client.send(HTTPRequest(method: .get, target: "/"))
        #expect(response.status.code == 201)
        #expect(response.bodyBytes?.text == "done")
        try peer.waitForScript()
    }

    // RFC 9110 §9.3.2: a HEAD response's Content-Length describes GET's body; none follows.
    @Test func clientReadsNoBodyForHeadDespiteContentLengthAndKeepsTheConnection() throws {
        let peer = try RawPeerServer { connection in
            let head = try Self.readRequestHead(connection)
            guard head.hasPrefix("HEAD / ") else { throw RawConnectionError.malformed("expected HEAD, got \(head)") }
            try connection.send("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n")
            _ = try Self.readRequestHead(connection)
            try connection.send("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n0123456789")
        }
        let client = try HTTPClientConnection(host: "127.0.0.1", port: peer.port)
        defer { client.close() }
        let head = try client.send(HTTPRequest(method: .head, target: "/"))
        #expect(head.headers["Content-Length"] == "10")
        #expect(head.bodyBytes == [])
        let get = try client.send(HTTPRequest(method: .get, target: "/"))
        #expect(get.bodyBytes?.text == "0123456789")
        try peer.waitForScript()
    }

    // RFC 9112 §6.3 item 1 / RFC 9110 §6.4.1: 204 has no body even if a length is (wrongly) sent.
    @Test func clientReadsNoBodyFor204() throws {
        let peer = try RawPeerServer { connection in
            _ = try Self.readRequestHead(connection)
            try connection.send("HTTP/1.1 204 No Content\r\n\r\n")
            _ = try Self.readRequestHead(connection)
            try connection.send("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        }
        let client = try HTTPClientConnection(host: "127.0.0.1", port: peer.port)
        defer { client.close() }
        #expect(try client.send(HTTPRequest(method: .delete, target: "/a")).status.code == 204)
        #expect(try client.send(HTTPRequest(method: .get, target: "/b")).bodyBytes?.text == "ok")
        try peer.waitForScript()
    }

    // RFC 9112 §6.3 item 3: a response with both Content-Length and Transfer-Encoding is refused.
    @Test func clientRefusesResponseWithContentLengthAndTransferEncoding() throws {
        let peer = try RawPeerServer { connection in
            _ = try Self.readRequestHead(connection)
            try connection.send("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n")
        }
        let client = try HTTPClientConnection(host: "127.0.0.1", port: peer.port)
        defer { client.close() }
        #expect(throws: HTTPClientError.parse(.contentLengthWithTransferEncoding)) {
            try client.send(HTTPRequest(method: .get, target: "/"))
        }
        try peer.waitForScript()
    }

    // RFC 9112 §6.3 / RFC 9110 §8.6: the client is as strict about framing as the server.
    @Test(arguments: [
        ("Content-Length: +2\r\n", HTTPParseError.invalidContentLength("+2")),
        ("Content-Length: 2\r\nContent-Length: 2\r\n", .multipleContentLength),
        ("Transfer-Encoding: gzip\r\n", .unsupportedTransferCoding("gzip")),
        ("X-Folded: a\r\n b\r\nContent-Length: 2\r\n", .obsoleteLineFolding),
    ])
    func clientRefusesResponseWithAmbiguousFraming(fields: String, error: HTTPParseError) throws {
        let peer = try RawPeerServer { connection in
            _ = try Self.readRequestHead(connection)
            try connection.send("HTTP/1.1 200 OK\r\n\(fields)\r\nok")
        }
        let client = try HTTPClientConnection(host: "127.0.0.1", port: peer.port)
        defer { client.close() }
        #expect(throws: HTTPClientError.parse(error)) { try client.send(HTTPRequest(method: .get, target: "/")) }
        try peer.waitForScript()
    }
}
