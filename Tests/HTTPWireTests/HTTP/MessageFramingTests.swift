import HTTPWire
import Testing

/// How a request body is delimited (RFC 9112 §6): the rules request smuggling exploits.
@Suite(.timeLimit(.minutes(2))) struct MessageFramingTests {
    static func post(_ fields: String, body: String = "") -> String {
        "POST /upload HTTP/1.1\r\nHost: a\r\n\(fields)\r\n\(body)"
    }

    // RFC 9112 §6.1: Content-Length together with Transfer-Encoding is a smuggling vector; refuse.
    @Test(arguments: [
        "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n",
        "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n",
    ])
    func requestWithContentLengthAndTransferEncodingIsRefusedWith400(fields: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        try expectRefusal(Self.post(fields, body: "5\r\nhello\r\n0\r\n\r\n"), statusLine: StatusLine.badRequest,
                          port: server.port)
    }

    // RFC 9112 §6.3 item 5: several Content-Length fields, equal or not, are unrecoverable.
    @Test(arguments: [("5", "5"), ("5", "6")])
    func requestWithTwoContentLengthFieldsIsRefusedWith400(first: String, second: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        try expectRefusal(Self.post("Content-Length: \(first)\r\nContent-Length: \(second)\r\n", body: "hello"),
                          statusLine: StatusLine.badRequest, port: server.port)
    }

    // RFC 9110 §8.6: Content-Length = 1*DIGIT. Swift's Int("+5") is 5: a parser built on it
    // would accept what others refuse. 20 digits overflow Int64.
    @Test(arguments: ["+5", "-1", "0x5", "5,5", "5, 5", "5 5", "", "1e1", "５", "99999999999999999999"])
    func contentLengthThatIsNotOnlyDigitsOrOverflowsIsRefusedWith400(value: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        try expectRefusal(Self.post("Content-Length: \(value)\r\n", body: "hello"), statusLine: StatusLine.badRequest,
                          port: server.port)
    }

    // RFC 9112 §5.1: OWS around a field value is not part of it, so " 5 " is the length 5.
    @Test func contentLengthSurroundedByWhitespaceIsTrimmedAndAccepted() throws {
        let server = try TestServer()
        defer { server.stop() }
        let body = try expectAccepted(Self.post("Content-Length: \t 5 \t\r\n", body: "hello"), port: server.port)
        #expect(body.hasSuffix("body=hello"))
    }

    // RFC 9112 §7.1: chunk-size = 1*HEXDIG. Int("+1f", radix: 16) is 31; none of these is a size.
    // More than 15 hex digits could overflow, and is refused even with leading zeros.
    @Test(arguments: ["+1f", "0x1f", "-1", " 1f", "1f\t", "g", "", "0000000000000001f", "10000000000000000"])
    func chunkSizeThatIsNotPlainHexadecimalIsRefusedWith400(size: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        let body = "\(size)\r\n" + String(repeating: "x", count: 31) + "\r\n0\r\n\r\n"
        try expectRefusal(Self.post("Transfer-Encoding: chunked\r\n", body: body), statusLine: StatusLine.badRequest,
                          port: server.port)
    }

    // RFC 9112 §7.1: hex digits are case-insensitive and may carry leading zeros.
    @Test(arguments: ["1f", "1F", "01f", "00000000000001F"])
    func plainHexadecimalChunkSizeIsAccepted(size: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        let payload = String(repeating: "x", count: 31)
        let body = try expectAccepted(Self.post("Transfer-Encoding: chunked\r\n", body: "\(size)\r\n\(payload)\r\n0\r\n\r\n"),
                                      port: server.port)
        #expect(body.hasSuffix("body=\(payload)"))
    }

    // RFC 9112 §6.1: a transfer coding we do not implement is answered 501 (we implement none
    // but chunked); RFC 9112 §6.3 item 4: chunked that is not final leaves the length unknown → 400.
    @Test(arguments: [
        ("gzip", StatusLine.notImplemented),
        ("gzip, chunked", StatusLine.notImplemented),
        ("identity", StatusLine.notImplemented),
        ("chunked, gzip", StatusLine.badRequest),
    ])
    func unsupportedOrMisorderedTransferCodingIsRefused(codings: String, statusLine: String) throws {
        let server = try TestServer()
        defer { server.stop() }
        try expectRefusal(Self.post("Transfer-Encoding: \(codings)\r\n", body: "0\r\n\r\n"), statusLine: statusLine,
                          port: server.port)
    }

    // RFC 9110 §7.8: coding names are case-insensitive.
    @Test func transferEncodingChunkedInAnyCaseIsAccepted() throws {
        let server = try TestServer()
        defer { server.stop() }
        let body = try expectAccepted(Self.post("Transfer-Encoding: ChUnKeD\r\n", body: "2\r\nok\r\n0\r\n\r\n"),
                                      port: server.port)
        #expect(body.hasSuffix("body=ok"))
    }

    // RFC 9112 §6.1: an HTTP/1.0 message with Transfer-Encoding must be treated as faulty framing.
    @Test func transferEncodingInHTTP10RequestIsRefusedWith400() throws {
        let server = try TestServer()
        defer { server.stop() }
        try expectRefusal("POST /upload HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n",
                          statusLine: StatusLine.badRequest, port: server.port)
    }
}
