import Dispatch
@testable import HTTPWire
import KitchenTestSupport
import Testing

/// Connecting from an event loop without blocking it. The connect timeout is not tested here:
/// loopback connects finish (or are refused) before any timer can fire, 10.255.255.1 does not
/// time out in this sandbox (its network completes the connect in about 10 ms), and a listener
/// whose backlog is full behaves differently on each platform. The loop's timers themselves are
/// tested in ``EventLoopTests``, and the client's read timeout in ``LoopClientConnectionTests``.
@Suite(.timeLimit(.minutes(2))) struct LoopConnectorTests {
    /// What `done` was called with, and whether on the loop's thread.
    typealias Outcome = (result: Result<Socket, SocketError>, onLoop: Bool)

    /// Connects to `host:port` from `loop` and waits for `done`; also returns how many times
    /// `done` was called once the loop's clock passed `timeout` (a stray timer would call it
    /// again) and how many sockets the loop still watches.
    static func connect(host: String = "127.0.0.1", port: Int, on loop: EventLoop,
                        timeout: Duration = .milliseconds(200)) throws -> (Outcome, calls: Int, registered: Int) {
        let outcomes = Log<Outcome>()
        loop.execute {
            LoopConnector.connect(host: host, port: port, on: loop, timeout: timeout) { result in
                outcomes.append((result, loop.inEventLoop))
            }
        }
        guard outcomes.waitFor(count: 1) else { throw LoopTestError("done was never called") }
        try loop.waitForLoopTime(timeout + .milliseconds(50))
        let registered = try loop.runAndWait { loop.registeredCount }
        return (outcomes.all[0], outcomes.count, registered)
    }

    @Test func aConnectToAListenerHandsOverABlockingSocketOnceOnTheLoop() async throws {
        let loop = try EventLoop(name: "test-connector-ok")
        defer { loop.stop() }
        let listener = try Listener(host: "127.0.0.1", port: 0)
        defer { listener.close() }
        let port = listener.address.port
        let (outcome, calls, registered, received, blockedFor) = try await offThePool {
            () throws -> (Outcome, Int, Int, String, Duration) in
            let (outcome, calls, registered) = try Self.connect(port: port, on: loop)
            let socket = try outcome.result.get()
            defer { socket.close() }
            guard let accepted = listener.accept() else { throw LoopTestError("nothing to accept") }
            defer { accepted.close() }
            try socket.write(Array("ping".utf8))
            accepted.setReadTimeout(milliseconds: 5_000)
            var bytes: [UInt8] = []
            try accepted.read(appendingTo: &bytes)
            // Handed over blocking: a read with nothing to read waits out its timeout rather
            // than failing at once as a non-blocking socket's would.
            socket.setReadTimeout(milliseconds: 200)
            let start = ContinuousClock.now
            var nothing: [UInt8] = []
            _ = try? socket.read(appendingTo: &nothing)
            return (outcome, calls, registered, bytes.text, start.duration(to: .now))
        }
        #expect(outcome.onLoop, "done was not called on the loop's thread")
        #expect(calls == 1, "done called \(calls) times")
        #expect(registered == 0, "the connector left a registration behind")
        #expect(received == "ping")
        #expect(blockedFor >= .milliseconds(150), "the read returned after \(blockedFor): the socket does not block")
    }

    @Test func aConnectToAClosedPortFailsWithConnectionRefusedOnTheLoop() async throws {
        let loop = try EventLoop(name: "test-connector-refused")
        defer { loop.stop() }
        let port = try closedPort()
        let (outcome, calls, registered) = try await offThePool { try Self.connect(port: port, on: loop) }
        #expect(outcome.onLoop)
        #expect(calls == 1, "done called \(calls) times")
        #expect(registered == 0)
        guard case .failure(let error) = outcome.result else {
            Issue.record("connected to a closed port")
            return
        }
        #expect(error.kind == .connectionRefused, "\(error)")
    }

    @Test func aHostThatDoesNotResolveFailsAsUnresolvable() async throws {
        let loop = try EventLoop(name: "test-connector-unresolvable")
        defer { loop.stop() }
        let (outcome, calls, registered) = try await offThePool {
            try Self.connect(host: "no-such-host.invalid", port: 80, on: loop)
        }
        #expect(calls == 1)
        #expect(registered == 0)
        guard case .failure(let error) = outcome.result else {
            Issue.record("connected to a host that does not exist")
            return
        }
        #expect(error.kind == .unresolvable, "\(error)")
    }

    @Test func openingAClientConnectionToAClosedPortFailsWithTheSocketError() async throws {
        let loop = try EventLoop(name: "test-connector-open")
        defer { loop.stop() }
        let port = try closedPort()
        let results = Log<Result<HTTPClientConnection, HTTPClientError>>()
        loop.execute {
            HTTPClientConnection.open(host: "127.0.0.1", port: port, on: loop) { results.append($0) }
        }
        let arrived = await offThePool { results.waitFor(count: 1) }
        #expect(arrived)
        guard case .failure(.socket(let error))? = results.all.first else {
            Issue.record("expected a socket failure, got \(String(describing: results.all.first))")
            return
        }
        #expect(error.kind == .connectionRefused)
    }
}
