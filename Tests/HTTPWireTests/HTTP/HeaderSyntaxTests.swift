import HTTPWire
import Testing

/// The request line and field syntax (RFC 9112 §2–§5): whatever is ambiguous is refused.
@Suite(.timeLimit(.minutes(2))) struct HeaderSyntaxTests {
    // RFC 9112 §5.1: no whitespace is allowed between the field name and colon → 400.
    @Test(arguments: ["Host : a", "Host\t: a", "X-Test : 1"])
    func whitespaceBetweenFieldNameAndColonIsRefusedWith400(line: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        let request = line.hasPrefix("Host") ? "GET / HTTP/1.1\r\n\(line)\r\n\r\n" : "GET / HTTP/1.1\r\nHost: a\r\n\(line)\r\n\r\n"
        try expectRefusal(request, statusLine: StatusLine.badRequest, port: server.port)
    }

    // RFC 9112 §5.2: obs-fold (a line starting with SP or HTAB) outside message/http → 400;
    // §2.2: whitespace before the first field line is refused as well.
    @Test(arguments: [
        "GET / HTTP/1.1\r\nHost: a\r\nX-Long: one\r\n two\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nX-Long: one\r\n\ttwo\r\n\r\n",
        "GET / HTTP/1.1\r\n Host: a\r\n\r\n",
    ])
    func obsoleteLineFoldingIsRefusedWith400(request: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        try expectRefusal(request, statusLine: StatusLine.badRequest, port: server.port)
    }

    // RFC 9112 §2.2 allows a recipient to accept a bare LF; we do not (a proxy in front might not).
    @Test(arguments: [
        "GET / HTTP/1.1\nHost: a\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\nX: b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\n\n",
        "\nGET / HTTP/1.1\r\nHost: a\r\n\r\n",
    ])
    func bareLineFeedAsLineEndingIsRefusedWith400(request: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        try expectRefusal(request, statusLine: StatusLine.badRequest, port: server.port)
    }

    // RFC 9110 §5.5: CR, LF and NUL are never valid in a field value; a recipient MUST reject
    // the message or replace them. A bare CR must not end the line: "a\rInjected: yes" is one
    // value, not two fields; "a\r" right before CRLF must not derail the parser.
    @Test(arguments: ["a\0b", "a\rb", "a\rInjected: yes", "a\r", "a\u{7F}b", "a\u{1}b"])
    func controlCharacterInFieldValueIsRefusedWith400(value: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        try expectRefusal("GET / HTTP/1.1\r\nHost: a\r\nX-Value: \(value)\r\n\r\n", statusLine: StatusLine.badRequest,
                          port: server.port)
    }

    // RFC 9110 §5.1: a field name is a token.
    @Test(arguments: ["X Name: a", "X\"Name: a", ": a", "X(Name): a", "Nâme: a"])
    func fieldNameThatIsNotATokenIsRefusedWith400(line: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        try expectRefusal("GET / HTTP/1.1\r\nHost: a\r\n\(line)\r\n\r\n", statusLine: StatusLine.badRequest,
                          port: server.port)
    }

    // RFC 9112 §3.2: a client MUST send Host in HTTP/1.1; a server MUST answer 400 without it
    // or with more than one.
    @Test(arguments: ["GET / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
                      "GET / HTTP/1.1\r\nHost: a\r\nhost: a\r\n\r\n"])
    func missingOrRepeatedHostIsRefusedWith400(request: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        try expectRefusal(request, statusLine: StatusLine.badRequest, port: server.port)
    }

    // RFC 9112 §3.2: Host is required of HTTP/1.1 only.
    @Test func http10RequestWithoutHostIsAnswered() throws {
        let server = try TestServer()
        defer { server.stop() }
        let body = try expectAccepted("GET /old HTTP/1.0\r\n\r\n", port: server.port)
        #expect(body.hasPrefix("GET /old "))
    }

    // RFC 9110 §15.6.6: 505 for a major version we do not support.
    @Test(arguments: ["HTTP/2.0", "HTTP/3.0", "HTTP/0.9"])
    func requestWithUnsupportedMajorVersionIsRefusedWith505(version: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        try expectRefusal("GET / \(version)\r\nHost: a\r\n\r\n", statusLine: StatusLine.versionNotSupported,
                          port: server.port)
    }

    // RFC 9112 §2.3: HTTP-name is case-sensitive "HTTP"; HTTP-version is DIGIT "." DIGIT.
    @Test(arguments: ["http/1.1", "HTTP/1.1 ", "HTTP/11", "HTTP/1.10", "HTTP/1", "HTTP /1.1", "HTTP/1.x"])
    func malformedVersionIsRefusedWith400(version: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        try expectRefusal("GET / \(version)\r\nHost: a\r\n\r\n", statusLine: StatusLine.badRequest, port: server.port)
    }

    // RFC 9112 §3: request-line = method SP request-target SP HTTP-version, single spaces.
    @Test(arguments: ["GET  / HTTP/1.1", "GET /a b HTTP/1.1", "GET\t/ HTTP/1.1", " GET / HTTP/1.1", "G@T / HTTP/1.1",
                      "GET /\u{7F} HTTP/1.1", "GET"])
    func malformedRequestLineIsRefusedWith400(line: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        try expectRefusal("\(line)\r\nHost: a\r\n\r\n", statusLine: StatusLine.badRequest, port: server.port)
    }

    // RFC 9112 §2.2: a server SHOULD ignore at least one empty line received before the request line.
    @Test(arguments: ["\r\n", "\r\n\r\n"])
    func emptyLinesBeforeRequestLineAreIgnored(prefix: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        let body = try expectAccepted(prefix + "GET /after-empty-line HTTP/1.1\r\nHost: a\r\n\r\n", port: server.port)
        #expect(body.hasPrefix("GET /after-empty-line request=0 "))
    }
}
