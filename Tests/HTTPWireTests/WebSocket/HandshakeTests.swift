import Foundation
import HTTPWire
import Testing

/// The opening handshake (RFC 6455 §4).
@Suite(.timeLimit(.minutes(2))) struct HandshakeTests {
    static func upgrade(replacing field: String? = nil, with replacement: String? = nil) -> String {
        var fields = ["Host: a", "Upgrade: websocket", "Connection: Upgrade",
                      "Sec-WebSocket-Key: \(RawConnection.sampleKey)", "Sec-WebSocket-Version: 13"]
        if let field {
            fields.removeAll { $0.hasPrefix(field + ":") }
            if let replacement { fields.append(replacement) }
        }
        return "GET /ws HTTP/1.1\r\n" + fields.map { $0 + "\r\n" }.joined() + "\r\n"
    }

    // RFC 6455 §1.3: the accept value of the RFC's own example key.
    @Test func acceptValueForRFCSampleKeyIsTheRFCsValue() {
        #expect(WebSocketHandshake.acceptValue(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    // RFC 6455 §4.2.2: 101 with Upgrade, Connection and the accept value computed from the key.
    @Test func upgradeWithRFCSampleKeyIsAnsweredWith101AndTheRFCsAcceptValue() throws {
        let server = try TestServer(routes: ["/ws": Routes.webSocketEcho])
        defer { server.stop() }
        let (response, _) = try exchange(Self.upgrade(), port: server.port)
        #expect(response.statusLine == "HTTP/1.1 101 Switching Protocols")
        #expect(response.header("Upgrade")?.lowercased() == "websocket")
        #expect(response.header("Connection")?.lowercased() == "upgrade")
        #expect(response.header("Sec-WebSocket-Accept") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(response.header("Sec-WebSocket-Extensions") == nil, "no extension was offered")
    }

    // RFC 6455 §4.2.1: the server MUST refuse (400) an upgrade missing a required field or with
    // a key that is not 16 base64-encoded bytes.
    @Test(arguments: [
        ("Upgrade", nil), ("Upgrade", "Upgrade: h2c"), ("Connection", nil), ("Connection", "Connection: keep-alive"),
        ("Sec-WebSocket-Key", nil), ("Sec-WebSocket-Key", "Sec-WebSocket-Key: c2hvcnQ="),
        ("Sec-WebSocket-Key", "Sec-WebSocket-Key: not base64 at all!!"),
        ("Sec-WebSocket-Key", "Sec-WebSocket-Key: AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
    ] as [(String, String?)])
    func upgradeWithMissingFieldOrBadKeyIsRefusedWith400(field: String, replacement: String?) throws {
        let server = try TestServer(routes: ["/ws": Routes.webSocketEcho])
        defer { server.stop() }
        try expectRefusal(Self.upgrade(replacing: field, with: replacement), statusLine: StatusLine.badRequest,
                          port: server.port)
    }

    // RFC 6455 §4.4: an unsupported version is answered 426 with the versions we speak.
    @Test(arguments: ["Sec-WebSocket-Version: 8", "Sec-WebSocket-Version: 14", nil])
    func upgradeWithOtherVersionIsRefusedWith426NamingVersion13(replacement: String?) throws {
        let server = try TestServer(routes: ["/ws": Routes.webSocketEcho])
        defer { server.stop() }
        let (response, connection) = try exchange(Self.upgrade(replacing: "Sec-WebSocket-Version", with: replacement),
                                                  port: server.port)
        #expect(response.statusLine == "HTTP/1.1 426 Upgrade Required")
        #expect(response.header("Sec-WebSocket-Version") == "13")
        #expect(try connection.readUntilClosed().isEmpty)
    }

    // RFC 6455 §4.1: the handshake is a GET.
    @Test func upgradeWithPostIsRefusedWith400() throws {
        let server = try TestServer(routes: ["/ws": Routes.webSocketEcho])
        defer { server.stop() }
        let request = Self.upgrade().replacingOccurrences(of: "GET ", with: "POST ")
        try expectRefusal(request, statusLine: StatusLine.badRequest, port: server.port)
    }

    // RFC 6455 §4.2.1: the handshake's Connection and Upgrade are token lists, case-insensitive.
    @Test func upgradeWithConnectionTokenListAndMixedCaseIsAccepted() throws {
        let server = try TestServer(routes: ["/ws": Routes.webSocketEcho])
        defer { server.stop() }
        let request = Self.upgrade(replacing: "Connection", with: "Connection: keep-alive, UPGRADE")
            .replacingOccurrences(of: "Upgrade: websocket", with: "Upgrade: WebSocket")
        let (response, _) = try exchange(request, port: server.port)
        #expect(response.status == 101)
    }

    // RFC 6455 §4.2.2 / §5: bytes that follow the upgrade request in the same packet are frames.
    @Test func frameSentInTheSameWriteAsTheUpgradeRequestIsReceived() throws {
        let server = try TestServer(routes: ["/ws": Routes.webSocketEcho])
        defer { server.stop() }
        let connection = try RawConnection.webSocket(
            port: server.port, trailing: FrameBytes.frame(opcode: FrameBytes.text, payload: Array("early".utf8)))
        let echo = try connection.readFrame()
        #expect(echo == RawFrame(fin: true, reservedBits: 0, opcode: FrameBytes.text, masked: false,
                                 payload: Array("early".utf8)))
    }

    // RFC 6455 §4.1: the client MUST fail the connection when the accept value is wrong.
    @Test(arguments: ["AAAAAAAAAAAAAAAAAAAAAAAAAAA=", nil])
    func clientRefuses101WithWrongOrMissingAcceptValue(accept: String?) async throws {
        let peer = try RawPeerServer { connection in
            _ = try connection.read(through: [13, 10, 13, 10], what: "the upgrade request")
            let field = accept.map { "Sec-WebSocket-Accept: \($0)\r\n" } ?? ""
            try connection.send("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\(field)\r\n")
            _ = try connection.readUntilClosed()
        }
        await #expect {
            _ = try await WebSocketClient.connect(host: "127.0.0.1", port: peer.port, target: "/ws")
        } throws: { error in
            guard case .handshake(.acceptMismatch) = error as? WebSocketClientError else { return false }
            return true
        }
        try await peer.waitForScript()
    }

    // RFC 6455 §4.1: a status other than 101 means the handshake failed; the refusal is reported.
    @Test func clientReportsRefusedUpgradeWithItsStatusAndBody() async throws {
        let server = try TestServer(routes: ["/ws": { _, _ in .response(.text(.unauthorized, "no token")) }])
        defer { server.stop() }
        await #expect {
            _ = try await WebSocketClient.connect(host: "127.0.0.1", port: server.port, target: "/ws")
        } throws: { error in
            guard case .rejected(let response) = error as? WebSocketClientError else { return false }
            return response.status.code == 401 && response.bodyBytes?.text == "no token"
        }
    }
}
