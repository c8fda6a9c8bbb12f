import Dispatch
import Foundation
import HTTPWire
@testable import KitchenRecorder
import KitchenRecording
import Synchronization
import KitchenTestSupport
import Testing

/// The proxy's shared upstream pool over real sockets: many keep-alive clients, few upstream
/// connections; a clean 503 when none comes free; a stale pooled connection retried.
@Suite(.timeLimit(.minutes(2))) struct UpstreamPoolTests {
    /// An upstream that notes which of its connections carried each request, and answers with
    /// `body` (streamed through the proxy when over 1 MiB), or else echoes the target.
    struct CountingUpstream: HTTPResponder {
        let connections = Seen<Int>()
        var body: [UInt8]?
        func respond(to request: HTTPRequest, context: HTTPRequestContext) -> HTTPReply {
            connections.add(context.connectionID)
            guard let body else { return .response(.text(.ok, "echo \(request.target)")) }
            return .response(HTTPResponse(status: .ok, headers: ["Content-Type": "application/octet-stream"], body: body))
        }
    }

    /// Reads one whole response on `connection`.
    func readResponse(_ connection: HTTPClientConnection) throws -> HTTPResponse {
        var response = try connection.readHead()
        var body: [UInt8] = []
        while let chunk = try connection.readBodyChunk() { body += chunk }
        response.body = .bytes(body)
        return response
    }

    @Test func threeHundredKeepAliveClientsShareFourUpstreamConnections() async throws {
        let upstream = CountingUpstream()
        let busy = Seen<String>()
        let harness = try RecorderHarness(upstream: upstream, configure: { configuration in
            configuration.maxUpstreamConnections = 4
            configuration.observer = { event in
                if case .upstreamBusy(_, let path) = event { busy.add(path) }
            }
        })
        let clients = try (0..<300).map { _ in try harness.client() }
        // 900 blocking exchanges: run off the cooperative pool, and check what they gave afterwards.
        let handed = HandedOver(clients)
        let rounds = try await offThePool {
            let clients = handed.value
            return try (0..<3).map { round in
                // Every client's request is sent before any answer is read: 300 wait on the proxy at once.
                for (index, client) in clients.enumerated() {
                    try client.write(HTTPRequest(method: .get, target: "/c/\(index)/r/\(round)"))
                }
                return try clients.enumerated().map { index, client in
                    let response = try self.readResponse(client)
                    return Answer(status: response.status.code, echoed: response.bodyBytes == Array("echo /c/\(index)/r/\(round)".utf8),
                                  keptAlive: client.isReusable)
                }
            }
        }
        let answers = Array(rounds.joined())
        let statuses = answers.reduce(into: [Int: Int]()) { counts, answer in counts[answer.status, default: 0] += 1 }
        #expect(statuses == [200: 900])
        #expect(answers.filter { !$0.echoed }.isEmpty, "every client got its own echo")
        #expect(answers.filter { !$0.keptAlive }.isEmpty, "the clients' keep-alive connections stay open")
        let seen = Set(upstream.connections.all)
        #expect(upstream.connections.all.count == 900)
        #expect(seen.count <= 4, "the upstream saw \(seen.count) connections")
        #expect(busy.all.isEmpty, "turned away: \(busy.all)")
        #expect(try await harness.finish().log.entries.count == 900)
    }

    /// What one client got in one round.
    struct Answer: Sendable {
        var status: Int
        var echoed: Bool
        var keptAlive: Bool
    }

    @Test func aClientThatClosesLeavesItsUpstreamConnectionPooledForTheNext() throws {
        let upstream = CountingUpstream()
        // One loop: every client draws on the same pool (each loop has its own).
        let harness = try RecorderHarness(upstream: upstream, configure: { $0.eventLoopThreads = 1 })
        for index in 0..<3 {
            let client = try harness.client()
            #expect(try client.send(HTTPRequest(method: .get, target: "/\(index)")).status.code == 200)
            client.close()
        }
        #expect(Set(upstream.connections.all).count == 1, "one upstream connection served three clients in turn")
    }

    @Test func aStreamedLargeResponseReturnsItsConnectionOnceReadToTheEnd() throws {
        let body = sampleBytes(3 << 20)
        let upstream = CountingUpstream(body: body)
        let harness = try RecorderHarness(upstream: upstream, configure: { $0.eventLoopThreads = 1 })
        for _ in 0..<2 {
            let client = try HTTPClientConnection(host: "127.0.0.1", port: harness.proxyPort, limits: HTTPLimits(maxBodyBytes: 8 << 20))
            let response = try client.send(HTTPRequest(method: .get, target: "/large"))
            #expect(response.status.code == 200)
            #expect(response.bodyBytes == body)
            client.close()
        }
        #expect(Set(upstream.connections.all).count == 1, "the second large answer came on the connection the first returned")
    }

    @Test func aRequestThatFindsThePoolBusyPastTheWaitGetsA503WithConnectionClose() throws {
        let entered = DispatchSemaphore(value: 0)
        let held = Seen<HTTPDeferredReply>()
        let events = Seen<String>()
        let harness = try RecorderHarness(upstream: Respond { request in
            if request.target == "/hold" {
                // Answered once the test has seen the 503.
                let reply = HTTPDeferredReply()
                held.add(reply)
                entered.signal()
                return .deferred(reply)
            }
            return .response(.text(.ok, "answer to \(request.target)"))
        }, configure: { configuration in
            configuration.maxUpstreamConnections = 1
            configuration.upstreamCheckoutTimeout = .milliseconds(100)
            configuration.observer = { event in
                if case .upstreamBusy(let method, let path) = event { events.add("\(method) \(path)") }
            }
        })
        let holder = try harness.client()
        try holder.write(HTTPRequest(method: .get, target: "/hold"))
        entered.wait()  // the only upstream connection is now checked out
        let turnedAway = try harness.client()
        let busy = try turnedAway.send(HTTPRequest(method: .get, target: "/other"))
        for reply in held.all { reply.complete(.response(.text(.ok, "answer to /hold"))) }
        #expect(busy.status.code == 503)
        #expect(busy.headers["Connection"] == "close")
        #expect(String(decoding: busy.bodyBytes ?? [], as: UTF8.self).contains("all 1 upstream connections of this recording proxy stayed busy"))
        #expect(!turnedAway.isReusable, "the proxy closes the turned-away connection")
        #expect(events.all == ["GET /other"])
        #expect(try readResponse(holder).status.code == 200)
        // The connection came back to the pool: the next request is relayed.
        let after = try harness.client().send(HTTPRequest(method: .get, target: "/after"))
        #expect(after.status.code == 200)
        let recorded = try harness.finish().log.entries.map(\.request.urlPath)
        #expect(recorded.sorted() == ["/after", "/hold"], "the turned-away request is not recorded")
    }

    @Test func clientsOnTwoLoopsUseTwoUpstreamConnectionsEachKeptByItsOwnLoop() throws {
        let upstream = CountingUpstream()
        let busy = Seen<String>()
        let harness = try RecorderHarness(upstream: upstream, configure: { configuration in
            configuration.eventLoopThreads = 2
            configuration.maxUpstreamConnections = 2
            configuration.observer = { event in
                if case .upstreamBusy(_, let path) = event { busy.add(path) }
            }
        })
        // Clients one after another, shared among the two loops in turn: were an idle connection
        // handed from one loop to the other, one connection would serve them all.
        for index in 0..<4 {
            let client = try harness.client()
            #expect(try client.send(HTTPRequest(method: .get, target: "/\(index)")).status.code == 200)
            client.close()
        }
        let seen = upstream.connections.all
        #expect(Set(seen).count == 2, "each loop opened one connection of its own: \(seen)")
        #expect(seen[0] == seen[2] && seen[1] == seen[3], "each loop reused its own connection: \(seen)")
        #expect(busy.all.isEmpty, "turned away: \(busy.all)")
    }

    @Test func aPooledConnectionTheUpstreamClosedWhileIdleIsRetriedOnAFreshOne() throws {
        let upstream = try OneRequestPerConnectionUpstream()
        defer { upstream.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("session.har")
        let proxy = try RecordingProxy(configuration: RecordingProxyConfiguration(
            upstream: URL(string: "http://127.0.0.1:\(upstream.port)")!, output: output) { $0.port = 0 })
        try proxy.start()
        let client = try HTTPClientConnection(host: "127.0.0.1", port: proxy.port!)
        let first = try client.send(HTTPRequest(method: .get, target: "/first"))
        upstream.waitForClosedConnections(1)  // the pooled connection is now closed at the upstream's end
        let second = try client.send(HTTPRequest(method: .get, target: "/second"))
        #expect(first.status.code == 200)
        #expect(second.status.code == 200, "the stale connection is retried, not answered 502")
        #expect(upstream.accepted == 2)
        try proxy.stop()
        let entries = try HARFile.load(from: output).log.entries
        #expect(entries.map(\.response.status) == [200, 200])
        #expect(entries.allSatisfy { $0.error == nil })
    }
}

/// An upstream that answers one request per connection and then closes it without saying so
/// (no `Connection: close`), as a server closing an idle keep-alive connection does.
final class OneRequestPerConnectionUpstream: Sendable {
    private let listener: Listener
    private let counts = Mutex<(accepted: Int, closed: Int)>((0, 0))
    private let closedOne = DispatchSemaphore(value: 0)
    var port: Int { listener.address.port }
    var accepted: Int { counts.withLock { $0.accepted } }

    init() throws {
        listener = try Listener(host: "127.0.0.1", port: 0)
        let thread = Thread { [self] in
            while let socket = listener.accept() {
                counts.withLock { $0.accepted += 1 }
                var bytes: [UInt8] = []
                while !String(decoding: bytes, as: UTF8.self).contains("\r\n\r\n") {
                    guard ((try? socket.read(appendingTo: &bytes)) ?? 0) > 0 else { break }
                }
                _ = try? socket.write(Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".utf8))
                socket.close()
                counts.withLock { $0.closed += 1 }
                closedOne.signal()
            }
        }
        thread.start()
    }

    /// Returns once `count` connections have been answered and closed.
    func waitForClosedConnections(_ count: Int) {
        while counts.withLock({ $0.closed }) < count { closedOne.wait() }
    }

    func stop() { listener.close() }
}
