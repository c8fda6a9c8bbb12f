import Foundation
import HTTPWire
import KitchenRecorder
import KitchenRecording
import Testing

/// A recorded request carries the client's headers as sent; what the proxy changed for the
/// upstream (`Host`, `Via`, hop-by-hop fields, `Accept-Encoding`) is stated apart, in `_upstream`.
@Suite struct RecordedRequestHeadersTests {
    @Test func theClientsHostAndHopByHopFieldsAreRecordedAndTheUpstreamsChangesStatedApart() throws {
        let seen = Seen<HTTPHeaders>()
        let harness = try RecorderHarness(upstream: Respond { request in
            seen.add(request.headers)
            return .response(.text(.ok, "ok"))
        })
        _ = try harness.client().send(HTTPRequest(method: .get, target: "/devices", headers: [
            "Host": "kitchen.example:8081", "Connection": "keep-alive, X-Trace", "X-Trace": "7",
            "Accept-Encoding": "gzip, br",
        ]))
        let entry = try #require(try harness.finish().log.entries.first)
        let upstreamHost = "127.0.0.1:\(harness.upstream.address!.port)"
        let upstreamGot = try #require(seen.all.first)
        #expect(upstreamGot["Host"] == upstreamHost)
        #expect(upstreamGot["X-Trace"] == nil, "named by Connection: hop-by-hop")
        #expect(entry.request.headerValues(named: "Host") == ["kitchen.example:8081"])
        #expect(entry.request.headerValues(named: "X-Trace") == ["7"])
        #expect(entry.request.headerValues(named: "Accept-Encoding") == ["gzip, br"])
        #expect(entry.request.headerValues(named: "Via").isEmpty)
        let changes = try #require(entry.request.upstream)
        #expect(changes.setHeaders.contains(HAR.Header(name: "Host", value: upstreamHost)))
        #expect(changes.setHeaders.contains(HAR.Header(name: "Via", value: "1.1 kitchen-recorder")))
        #expect(changes.setHeaders.contains(HAR.Header(name: "Accept-Encoding", value: upstreamGot["Accept-Encoding"] ?? "")))
        #expect(Set(changes.removedHeaders) == ["Connection", "X-Trace"])
        #expect(entry.request.url == "http://\(upstreamHost)/devices", "the URL names the server the exchange went to")
    }

    @Test func aFixedRecordedHostReplacesTheClientsInPlace() throws {
        let harness = try RecorderHarness(upstream: Respond { _ in .response(.text(.ok, "ok")) }, configure: { configuration in
            configuration.recordedHost = "127.0.0.1:8080"
        })
        _ = try harness.client().send(HTTPRequest(method: .get, target: "/devices", headers: ["Host": "127.0.0.1:49152", "Accept": "*/*"]))
        let entry = try #require(try harness.finish().log.entries.first)
        #expect(entry.request.headers.map(\.name).prefix(2) == ["Host", "Accept"])
        #expect(entry.request.headerValues(named: "Host") == ["127.0.0.1:8080"])
    }
}
