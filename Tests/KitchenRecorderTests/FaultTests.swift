import Foundation
import HTTPWire
import KitchenRecording
import Testing

/// Every fault path: the client gets a 502 and the HAR an entry with `_error`.
@Suite struct FaultTests {
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
        let release = DispatchSemaphore(value: 0)
        let harness = try RecorderHarness(upstream: Respond { _ in
            // Holds the upstream answer until the test is done; the proxy gives up first.
            _ = release.wait(timeout: .now() + 5)
            return .response(.text(.ok, "too late"))
        }, upstreamTimeout: .milliseconds(200))
        defer { release.signal() }
        try expectBadGateway(harness, kind: "timeout")
    }

    @Test func upstreamDyingMidBodyCutsTheClientOffAndIsRecordedAsAFailure() throws {
        let harness = try RecorderHarness(upstream: Respond { _ in
            .response(HTTPResponse(status: .ok, headers: ["Content-Length": "10"], stream: HTTPBodyStream { _ in
                throw SocketError(kind: .other, operation: "test: upstream dies mid-body")
            }))
        })
        let client = try harness.client()
        // The head arrived, so the client sees 200 and then a cut body; the HAR says so.
        #expect(throws: HTTPClientError.self) { _ = try client.send(HTTPRequest(method: .get, target: "/x")) }
        let entry = try #require(try harness.finish().log.entries.first)
        #expect(entry.response.status == 200)
        #expect(entry.error != nil)
    }
}
