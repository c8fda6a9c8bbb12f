import HTTPWire
import Testing

/// RFC 9110 §15.6.4: past `maxConnections` a client is accepted, told 503 with
/// `Connection: close`, and closed cleanly — not reset, not left hanging.
@Suite(.timeLimit(.minutes(2))) struct ConnectionCapTests {
    static let cap = 8

    /// `cap` kept-alive connections, each proven admitted by one answered request.
    static func fill(_ server: TestServer) throws -> [RawConnection] {
        try (0..<cap).map { index in
            let connection = try RawConnection(port: server.port)
            try connection.send("GET /held/\(index) HTTP/1.1\r\nHost: a\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 200)
            return connection
        }
    }

    static func expectServiceUnavailable(_ connection: RawConnection) throws {
        let response = try connection.readResponse()
        #expect(response.statusLine == "HTTP/1.1 503 Service Unavailable")
        #expect(response.header("Connection") == "close")
        #expect(response.header("Retry-After") == "1")
        #expect(response.body.text == "server busy: \(cap) connections already open\n")
        #expect(try connection.readUntilClosed().isEmpty)
        #expect(connection.ending == .endOfStream)
    }

    @Test func connectionPastTheCapGets503AndIsClosedAndAFreedSlotServesTheNextClient() throws {
        let server = try TestServer(configuration: HTTPServerConfiguration(maxConnections: Self.cap))
        defer { server.stop() }
        let held = try Self.fill(server)
        #expect(server.server.connectionCount == Self.cap)

        let ninth = try RawConnection(port: server.port)
        try Self.expectServiceUnavailable(ninth)

        // One held client leaves; its slot is free by the time it sees the close.
        try held[0].send("GET /leaving HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        #expect(try held[0].readResponse().status == 200)
        #expect(try held[0].readUntilClosed().isEmpty)

        let next = try RawConnection(port: server.port)
        try next.send("GET /next HTTP/1.1\r\nHost: a\r\n\r\n")
        let response = try next.readResponse()
        #expect(response.status == 200)
        #expect(response.body.text.hasPrefix("GET /next request=0"))
    }

    // A client that sends its request at once still reads the whole 503 (no reset destroys it).
    @Test func clientThatSendsItsRequestAtOnceStillReadsTheWhole503() throws {
        let server = try TestServer(configuration: HTTPServerConfiguration(maxConnections: Self.cap))
        defer { server.stop() }
        let held = try Self.fill(server)
        for _ in 0..<20 {
            let eager = try RawConnection(port: server.port)
            try? eager.send("GET /eager HTTP/1.1\r\nHost: a\r\n\r\n")
            let response = try eager.readResponse()
            #expect(response.status == 503)
            #expect(response.header("Connection") == "close")
        }
        #expect(held.count == Self.cap)
    }
}
