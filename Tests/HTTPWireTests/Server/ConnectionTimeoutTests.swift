import HTTPWire
import Testing

/// The idle keep-alive timeout and the body-progress timeout, each separate from the
/// request-head deadline, over real sockets. These wait only for what must happen, with reads
/// that give up after 5 s; when each timeout fires, to the millisecond, and that it does not
/// fire earlier, is ServerConnectionTimingTests' and ServerConnectionMachineTests' job, on
/// given instants.
@Suite(.timeLimit(.minutes(2))) struct ConnectionTimeoutTests {
    static let short = Duration.milliseconds(300)

    // RFC 9112 §9.5: an idle connection is closed without a response.
    @Test func keptAliveConnectionIsClosedSilentlyAfterTheIdleTimeout() throws {
        let server = try TestServer(configuration: HTTPServerConfiguration(
            idleTimeout: Self.short, requestHeadTimeout: .seconds(20), bodyProgressTimeout: .seconds(20)))
        defer { server.stop() }
        let connection = try RawConnection(port: server.port, readTimeoutMilliseconds: 5_000)
        try connection.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try connection.readResponse().status == 200)
        #expect(try connection.readUntilClosed().isEmpty)
        #expect(connection.ending == .endOfStream)
    }

    @Test func newConnectionThatNeverSendsIsClosedSilentlyAfterTheIdleTimeout() throws {
        let server = try TestServer(configuration: HTTPServerConfiguration(
            idleTimeout: Self.short, requestHeadTimeout: .seconds(20)))
        defer { server.stop() }
        let connection = try RawConnection(port: server.port, readTimeoutMilliseconds: 5_000)
        #expect(try connection.readUntilClosed().isEmpty)
        #expect(connection.ending == .endOfStream)
    }

    // The short head deadline does not apply between requests.
    @Test func idleKeptAliveConnectionOutlivesTheHeadDeadlineAndIsServedAgain() throws {
        let server = try TestServer(configuration: HTTPServerConfiguration(
            idleTimeout: .seconds(20), requestHeadTimeout: Self.short))
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /first HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try connection.readResponse().status == 200)
        #expect(connection.staysSilent(milliseconds: 700))
        try connection.send("GET /second HTTP/1.1\r\nHost: a\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.body.text.hasPrefix("GET /second request=1"))
    }

    // A head that stalls after its first bytes gets 408 and the close (RFC 9110 §15.5.9).
    @Test func stalledHeadGets408WithConnectionClose() throws {
        let server = try TestServer(configuration: HTTPServerConfiguration(
            idleTimeout: .seconds(20), requestHeadTimeout: Self.short))
        defer { server.stop() }
        let connection = try RawConnection(port: server.port, readTimeoutMilliseconds: 5_000)
        try connection.send("GET / HTTP/1.1\r\nHost: a\r\n")
        let response = try connection.readResponse()
        #expect(response.statusLine == "HTTP/1.1 408 Request Timeout")
        #expect(response.header("Connection") == "close")
        #expect(response.body.text == "request head not complete within 0.3 seconds\n")
        #expect(try connection.readUntilClosed().isEmpty)
    }

    // Bytes of the next request pipelined behind the first start its head deadline once the
    // first response is written.
    @Test func pipelinedPartialHeadGets408AfterThePreviousResponse() throws {
        let server = try TestServer(configuration: HTTPServerConfiguration(
            idleTimeout: .seconds(20), requestHeadTimeout: Self.short))
        defer { server.stop() }
        let connection = try RawConnection(port: server.port, readTimeoutMilliseconds: 5_000)
        try connection.send("GET /first HTTP/1.1\r\nHost: a\r\n\r\nGET /second HTTP/1.1\r\n")
        #expect(try connection.readResponse().status == 200)
        let response = try connection.readResponse()
        #expect(response.statusLine == "HTTP/1.1 408 Request Timeout")
        #expect(response.header("Connection") == "close")
    }

    @Test func bodyThatStopsArrivingGets408WithConnectionClose() throws {
        let server = try TestServer(configuration: HTTPServerConfiguration(
            idleTimeout: .seconds(20), requestHeadTimeout: .seconds(20), bodyProgressTimeout: Self.short))
        defer { server.stop() }
        let connection = try RawConnection(port: server.port, readTimeoutMilliseconds: 5_000)
        try connection.send("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nabc")
        let response = try connection.readResponse()
        #expect(response.statusLine == "HTTP/1.1 408 Request Timeout")
        #expect(response.header("Connection") == "close")
        #expect(response.body.text == "no body bytes for 0.3 seconds\n")
        #expect(try connection.readUntilClosed().isEmpty)
    }

    // Progress, not total time: a body taking longer than the timeout in all is never cut
    // while each piece arrives in time. Each pause is 300 ms against a 2 s timeout, so a slow
    // test thread has 1.7 s to spare; together the pauses last longer than the timeout.
    @Test func bodyThatKeepsArrivingIsServedHoweverLongItTakesInAll() throws {
        let server = try TestServer(configuration: HTTPServerConfiguration(
            idleTimeout: .seconds(20), requestHeadTimeout: .seconds(20), bodyProgressTimeout: .seconds(2)))
        defer { server.stop() }
        let connection = try RawConnection(port: server.port, readTimeoutMilliseconds: 5_000)
        try connection.send("POST /upload HTTP/1.1\r\nHost: a\r\nContent-Length: 8\r\n\r\n")
        for piece in "abcdefgh" {
            #expect(connection.staysSilent(milliseconds: 300))
            try connection.send(String(piece))
        }
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.body.text.hasSuffix("body=abcdefgh"))
    }
}
