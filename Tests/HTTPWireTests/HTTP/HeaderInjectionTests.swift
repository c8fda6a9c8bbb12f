import HTTPWire
import Testing

/// No CR or LF is ever written into a header (RFC 9110 §5.5): a responder's or a replayed
/// fixture's header is untrusted input.
@Suite(.timeLimit(.minutes(2))) struct HeaderInjectionTests {
    static let exact500 = "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"

    // A responder's bad header turns into a bare 500; not one byte of the header reaches the wire.
    @Test(arguments: [("X-Echo", "ok\r\nInjected: yes"), ("X-Echo", "ok\nInjected: yes"), ("X-Echo", "ok\rInjected: yes"),
                      ("X-Echo", "ok\0"), ("Bad Name", "ok"), ("Injected: yes\r\nX", "ok"), ("", "ok")])
    func responderHeaderWithCRLFOrNonTokenNameBecomesBare500(name: String, value: String) throws {
        let server = try TestServer(routes: ["/inject": { _, _ in
            .response(HTTPResponse(status: .ok, headers: HTTPHeaders([.init(name: name, value: value)]),
                                   body: Array("body".utf8)))
        }])
        defer { server.stop() }
        let connection = try RawConnection(port: server.port)
        try connection.send("GET /inject HTTP/1.1\r\nHost: a\r\n\r\n")
        let wire = try connection.readUntilClosed()
        #expect(wire.text == Self.exact500)
        #expect(!wire.text.contains("Injected"))
    }

    // RFC 9110 §5.5: the request encoder refuses CR, LF, NUL and other controls in a value.
    @Test(arguments: ["a\r\nInjected: yes", "a\nb", "a\rb", "a\0b", "a\u{7F}"])
    func requestHeadEncoderRefusesControlCharactersInFieldValue(value: String) {
        let request = HTTPRequest(method: .get, target: "/", headers: ["Host": "a", "X-Value": value])
        #expect(throws: HTTPEncodeError.invalidHeaderValue(name: "X-Value")) { try HTTPEncoder.requestHead(request) }
    }

    // RFC 9110 §5.1: a field name is a token.
    @Test(arguments: ["Bad Name", "X:Y", "X\r\nInjected", "", "Ümlaut", "X(1)"])
    func requestHeadEncoderRefusesFieldNameThatIsNotAToken(name: String) {
        let request = HTTPRequest(method: .get, target: "/", headers: HTTPHeaders([.init(name: name, value: "v")]))
        #expect(throws: HTTPEncodeError.invalidHeaderName(name)) { try HTTPEncoder.requestHead(request) }
    }

    // RFC 9112 §3: a target with spaces or CR/LF would split the request line.
    @Test(arguments: ["/a b", "/a\r\nX: y", "", "/ü"])
    func requestHeadEncoderRefusesTargetThatWouldSplitTheRequestLine(target: String) {
        let request = HTTPRequest(method: .get, target: target, headers: ["Host": "a"])
        #expect(throws: HTTPEncodeError.invalidTarget(target)) { try HTTPEncoder.requestHead(request) }
    }

    @Test func requestHeadEncoderWritesValidHeadExactly() throws {
        let request = HTTPRequest(method: .post, target: "/a?b=1", headers: ["Host": "x:1", "Content-Length": "0"])
        #expect(try HTTPEncoder.requestHead(request).text == "POST /a?b=1 HTTP/1.1\r\nHost: x:1\r\nContent-Length: 0\r\n\r\n")
    }

    // The client refuses to send such a request at all.
    @Test func clientRefusesToSendRequestWithCRLFInHeaderValue() throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
        defer { client.close() }
        #expect(throws: HTTPClientError.encode(.invalidHeaderValue(name: "X-Value"))) {
            try client.send(HTTPRequest(method: .get, target: "/", headers: ["X-Value": "a\r\nInjected: yes"]))
        }
    }
}
