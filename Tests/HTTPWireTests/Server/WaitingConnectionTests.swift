import Foundation
@testable import HTTPWire
import KitchenSwiftTesting
import KitchenTestSupport
import KitchenTesting
import Testing

/// Connections waiting for a request wait on an event loop, each costing a socket and no thread;
/// bytes get them served, idleness ends them.
@Suite(.timeLimit(.minutes(2))) struct WaitingConnectionTests {
    @Test func threeHundredIdleConnectionsWaitOnTheLoopsWhileANewClientIsServedAndEachIsServedLater() throws {
        let server = try TestServer(configuration: HTTPServerConfiguration())
        defer { server.stop() }
        let idle = try (0..<300).map { _ in try RawConnection(port: server.port, readTimeoutMilliseconds: 10_000) }
        // A client's connect returns once the kernel has the connection; the server may accept it
        // a moment later, so the count is waited for too.
        #expect(waitUntil(seconds: 10) { server.server.connectionCount == 300 && server.server.httpConnectionCount == 300 },
                "accepted \(server.server.connectionCount), on the loops \(server.server.httpConnectionCount) of 300")
        #expect(server.server.connectionCount == 300)

        let normal = try RawConnection(port: server.port, readTimeoutMilliseconds: 5_000)
        try normal.send("GET /normal HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try normal.readResponse().body.text.hasPrefix("GET /normal request=0"))

        // Every waiting client still has its connection, and is served when it speaks.
        for (index, connection) in idle.enumerated() {
            try connection.send("GET /late-\(index) HTTP/1.1\r\nHost: a\r\n\r\n")
        }
        for (index, connection) in idle.enumerated() {
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.body.text.hasPrefix("GET /late-\(index) request=0"), "client \(index): \(response.body.text)")
        }
    }

    @Test func aKeptAliveConnectionWaitingBetweenRequestsKeepsItsRequestCountAndOrder() throws {
        let server = try TestServer(configuration: HTTPServerConfiguration())
        defer { server.stop() }
        let connection = try RawConnection(port: server.port, readTimeoutMilliseconds: 5_000)
        for index in 0..<5 {
            #expect(waitUntil(seconds: 10) { server.server.httpConnectionCount == 1 }, "not on a loop before request \(index)")
            try connection.send("GET /\(index) HTTP/1.1\r\nHost: a\r\n\r\n")
            #expect(try connection.readResponse().body.text.hasPrefix("GET /\(index) request=\(index) "))
        }
        // Pipelined requests arrive while it waits: all answered, in order.
        #expect(waitUntil(seconds: 10) { server.server.httpConnectionCount == 1 })
        try connection.send("GET /p1 HTTP/1.1\r\nHost: a\r\n\r\nGET /p2 HTTP/1.1\r\nHost: a\r\n\r\nGET /p3 HTTP/1.1\r\nHost: a\r\n\r\n")
        for (offset, path) in ["/p1", "/p2", "/p3"].enumerated() {
            #expect(try connection.readResponse().body.text.hasPrefix("GET \(path) request=\(5 + offset) "))
        }
    }

    // Waits only for what must happen; that the close comes at the idle deadline and not before
    // is ServerConnectionTimingTests' job, on given instants. The idle timeout is long enough
    // for a slow test thread to see the connection waiting first.
    @Test func aWaitingConnectionIdleTooLongIsClosedSilentlyAndItsSlotFreed() async throws {
        let server = try TestServer(configuration: HTTPServerConfiguration(idleTimeout: .seconds(1)))
        defer { server.stop() }
        let connection = HandedOver(try RawConnection(port: server.port, readTimeoutMilliseconds: 10_000))
        #expect(await waitUntil(seconds: 10) { server.server.httpConnectionCount == 1 })
        // Read through the idle timeout off the cooperative pool.
        #expect(try await offThePool { () throws in try connection.value.readUntilClosed() }.isEmpty)
        #expect(connection.value.ending == .endOfStream)
        #expect(await waitUntil(seconds: 10) { server.server.connectionCount == 0 && server.server.httpConnectionCount == 0 })
    }

    @Test func aClientThatLeavesWhileWaitingFreesItsSlot() throws {
        let server = try TestServer(configuration: HTTPServerConfiguration())
        defer { server.stop() }
        let connections = try (0..<20).map { _ in try RawConnection(port: server.port) }
        #expect(waitUntil(seconds: 10) { server.server.httpConnectionCount == 20 })
        for connection in connections { connection.close() }
        #expect(waitUntil(seconds: 10) { server.server.connectionCount == 0 }, "\(server.server.connectionCount) slots still taken")
    }

    @Test func stoppingTheServerEndsWaitingConnections() throws {
        let server = try TestServer(configuration: HTTPServerConfiguration())
        let connections = try (0..<10).map { _ in try RawConnection(port: server.port, readTimeoutMilliseconds: 5_000) }
        #expect(waitUntil(seconds: 10) { server.server.httpConnectionCount == 10 })
        server.stop()
        for connection in connections {
            #expect(try connection.readUntilClosed().isEmpty)
        }
    }

    // curl, a client nobody here wrote, reuses one connection for three URLs.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: Curl.path), "SKIPPED: /usr/bin/curl is not installed"))
    func curlKeepsOneConnectionForThreeURLs() async throws {
        let server = try TestServer(configuration: HTTPServerConfiguration())
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let outcome = try await ExternalProcess.run(Curl.path, ["-sS", "--max-time", "20", "-w", "[connects=%{num_connects}]\n",
                                                          "\(base)/a", "\(base)/b", "\(base)/c"])
        try #require(outcome.status == 0, "\(outcome)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 3, "\(outcome)")
        let connection = lines[0].split(separator: " ")[3]
        #expect(lines[0] == "GET /a request=0 \(connection) body=[connects=1]")
        #expect(lines[1] == "GET /b request=1 \(connection) body=[connects=0]")
        #expect(lines[2] == "GET /c request=2 \(connection) body=[connects=0]")
    }
}
