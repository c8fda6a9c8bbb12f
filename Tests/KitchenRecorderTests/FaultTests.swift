import Foundation
import HTTPWire
import KitchenRecording
import Testing

/// Every fault path: the client gets a 502 and the HAR an entry with `_error`.
@Suite(.timeLimit(.minutes(2))) struct FaultTests {
    func expectBadGateway(_ harness: RecorderHarness, kind: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let response = try harness.client().send(HTTPRequest(method: .get, target: "/x"))
        #expect(response.status.code == 502, sourceLocation: sourceLocation)
        let entry = try #require(try harness.finish().log.entries.first, sourceLocation: sourceLocation)
        #expect(entry.response.status == 502, sourceLocation: sourceLocation)
        #expect(entry.error?.kind.rawValue == kind, sourceLocation: sourceLocation)
        #expect(entry.error?.message.isEmpty == false, sourceLocation: sourceLocation)
    }

    @Test func refusedUpstreamGets502() throws {
        // Bind and release a port so that nothing listens on it.
        let listener = try Listener(host: "127.0.0.1", port: 0)
        let deadPort = listener.address.port
        listener.close()
        let harness = try RecorderHarness(upstream: Respond { _ in .response(.text(.ok, "unused")) },
                                          upstreamURL: URL(string: "http://127.0.0.1:\(deadPort)")!)
        try expectBadGateway(harness, kind: "refused")
    }

    @Test func resetUpstreamGets502() throws {
        let harness = try RecorderHarness(upstream: Respond { _ in .reset })
        try expectBadGateway(harness, kind: "reset")
    }

    @Test func slowUpstreamTimesOutWith502() throws {
        let held = Seen<HTTPDeferredReply>()
        let harness = try RecorderHarness(upstream: Respond { _ in
            // Holds the upstream answer until the test is done; the proxy gives up first.
            let reply = HTTPDeferredReply()
            held.add(reply)
            return .deferred(reply)
        }, upstreamTimeout: .milliseconds(200))
        defer { for reply in held.all { reply.complete(.response(.text(.ok, "too late"))) } }
        try expectBadGateway(harness, kind: "timeout")
    }

    @Test func upstreamDyingInASmallBodyGets502() throws {
        // A body the proxy reads whole before answering: the client gets a clean 502.
        let harness = try RecorderHarness(upstream: Respond { _ in
            // The upstream dies mid-body.
            .response(HTTPResponse(status: .ok, headers: ["Content-Length": "10"], pushing: HTTPBodyPusher { writer in
                writer.abort()
            }))
        })
        try expectBadGateway(harness, kind: "reset")
    }

    @Test func upstreamDyingInAStreamedBodyCutsTheClientOffAndIsRecordedAsAFailure() throws {
        // A body too large to hold streams through: the head has gone out, so the client is cut off.
        let length = ProxyBufferLimit.value + 1
        let harness = try RecorderHarness(upstream: Respond { _ in
            .response(HTTPResponse(status: .ok, headers: ["Content-Length": String(length)], pushing: HTTPBodyPusher { writer in
                writer.write(Array(repeating: UInt8(ascii: "x"), count: 100_000))
                writer.abort()  // the upstream dies mid-body
            }))
        })
        // A client that accepts the announced size, so the failure it sees is the cut, not its own limit.
        let client = try HTTPClientConnection(host: "127.0.0.1", port: harness.proxyPort, limits: HTTPLimits(maxBodyBytes: 4 << 20))
        #expect(throws: HTTPClientError.parse(.truncated)) { _ = try client.send(HTTPRequest(method: .get, target: "/x")) }
        let har = try harness.finish()
        let entry = try #require(har.log.entries.first)
        #expect(entry.response.status == 200)
        #expect(entry.error != nil)
    }
}

/// The size above which the proxy streams bodies instead of reading them whole.
enum ProxyBufferLimit {
    static let value = 1 << 20
}
