import HTTPWire
import Testing

/// Persistent connections and pipelining (RFC 9112 §9.3).
@Suite(.timeLimit(.minutes(2))) struct ConnectionReuseTests {
    // RFC 9112 §9.3: HTTP/1.1 connections persist by default.
    @Test func http11ConnectionServesSeveralRequestsInTurn() throws {
        let server = try TestServer()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        var connectionIDs: Set<String> = []
        for index in 0..<3 {
            try connection.send("GET /turn/\(index) HTTP/1.1\r\nHost: a\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.statusLine == StatusLine.ok)
            #expect(response.header("Connection") == nil)
            let body = response.body.text
            #expect(body.hasPrefix("GET /turn/\(index) request=\(index) "))
            connectionIDs.insert(String(body.split(separator: " ")[3]))
        }
        #expect(connectionIDs.count == 1)
    }

    // RFC 9112 §9.3.2: a server MUST send responses to pipelined requests in the order received.
    @Test func pipelinedRequestsInOneWriteAreAnsweredInOrder() throws {
        let server = try TestServer()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /first HTTP/1.1\r\nHost: a\r\n\r\n"
            + "POST /second HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello"
            + "POST /third HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
        let bodies = try (0..<3).map { _ in try connection.readResponse().body.text }
        #expect(bodies[0].hasPrefix("GET /first request=0 ") && bodies[0].hasSuffix("body="))
        #expect(bodies[1].hasPrefix("POST /second request=1 ") && bodies[1].hasSuffix("body=hello"))
        #expect(bodies[2].hasPrefix("POST /third request=2 ") && bodies[2].hasSuffix("body=abc"))
    }

    // RFC 9112 §9.3: an HTTP/1.0 connection closes after the response unless keep-alive was asked for.
    @Test func http10RequestWithoutKeepAliveIsAnsweredWithConnectionCloseThenClosed() throws {
        let server = try TestServer()
        defer { server.stop() }
        let (response, connection) = try exchange("GET /old HTTP/1.0\r\n\r\n", port: server.port)
        #expect(response.statusLine == StatusLine.ok)
        #expect(response.header("Connection") == "close")
        #expect(try connection.readUntilClosed().isEmpty)
    }

    // RFC 9112 Appendix C.2.2: HTTP/1.0 keep-alive is honoured and confirmed in the response.
    @Test func http10RequestWithKeepAliveKeepsTheConnectionOpen() throws {
        let server = try TestServer()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        for index in 0..<2 {
            try connection.send("GET /old/\(index) HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.header("Connection") == "keep-alive")
            #expect(response.body.text.hasPrefix("GET /old/\(index) request=\(index) "))
        }
    }

    // RFC 9112 §9.6: after "Connection: close" the server closes once it has responded, and
    // ignores anything pipelined behind that request.
    @Test func connectionCloseRequestIsAnsweredThenTheConnectionIsClosed() throws {
        let server = try TestServer()
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /last HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\nGET /ignored HTTP/1.1\r\nHost: a\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.body.text.hasPrefix("GET /last request=0 "))
        #expect(response.header("Connection") == "close")
        #expect(try connection.readUntilClosed().isEmpty)
    }
}
