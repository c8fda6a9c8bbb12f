import HTTPWire
import Synchronization
import Testing

/// One thread per connection: many clients at once, and a stalled client holds up only itself.
@Suite(.timeLimit(.minutes(2))) struct ConcurrencyTests {
    @Test func server256KeepAliveConnectionsAreServedAtOnce() throws {
        let server = try TestServer()
        defer { server.stop() }
        let clients = try (0..<256).map { _ in try HTTPClientConnection(host: "127.0.0.1", port: server.port) }
        defer { for client in clients { client.close() } }
        for (index, client) in clients.enumerated() {
            try client.write(HTTPRequest(method: .get, target: "/client/\(index)"))
        }
        var connectionIDs: Set<Substring> = []
        for (index, client) in clients.enumerated() {
            _ = try client.readHead()
            var body: [UInt8] = []
            while let chunk = try client.readBodyChunk() { body += chunk }
            #expect(body.text.hasPrefix("GET /client/\(index) request=0 "))
            connectionIDs.insert(body.text.split(separator: " ")[3])
        }
        #expect(connectionIDs.count == 256)
        // Every connection is still open and being served by its own thread.
        #expect(server.server.connectionCount == 256)
        #expect(clients.allSatisfy { $0.isReusable })
    }

    @Test func stalledClientDoesNotHoldUpOtherClients() throws {
        let server = try TestServer()
        defer { server.stop() }
        let stalled = try RawConnection(port: server.port)
        try stalled.send("POST /slow HTTP/1.1\r\nHost: a\r\nContent-Len")
        for index in 0..<5 {
            let (response, _) = try exchange("GET /quick/\(index) HTTP/1.1\r\nHost: a\r\n\r\n", port: server.port)
            #expect(response.body.text.hasPrefix("GET /quick/\(index) request=0 "))
        }
        let client = try HTTPClientConnection(host: "127.0.0.1", port: server.port)
        defer { client.close() }
        #expect(try client.send(HTTPRequest(method: .get, target: "/quick/client")).status.code == 200)
        // The stalled client finishes later and is answered too.
        try stalled.send("gth: 2\r\n\r\nok")
        #expect(try stalled.readResponse().body.text.hasPrefix("POST /slow request=0 "))
    }
}
