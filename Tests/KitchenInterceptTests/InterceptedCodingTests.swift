import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import KitchenIntercept
import KitchenRecording
import KitchenReplay
import Testing

/// An intercepted request is answered as `kitchen replay` answers a client that asks for no
/// coding: URLSession hands its app the body decoded, and a HEAD gets no body.
@Suite struct InterceptedCodingTests {
    static let json = #"{"devices":[]}"#
    static let document = HAR.Document(log: HAR.Log(creator: HAR.Creator(name: "InterceptedCodingTests", version: "1"), entries: [
        HAR.Entry(startedDateTime: "2026-11-20T10:00:00.000Z",
                  request: HAR.Request(method: "GET", url: "http://127.0.0.1:8080/devices"),
                  response: HAR.Response(status: 200, statusText: "OK",
                                         headers: [HAR.Header(name: "Content-Type", value: "application/json"),
                                                   HAR.Header(name: "Content-Encoding", value: "gzip")],
                                         content: HAR.Content(size: json.utf8.count, compression: 3, mimeType: "application/json", text: json)),
                  timings: HAR.Timings()),
    ]))

    struct Unanswered: Error { let request: ReplayRequest }

    func answer(_ method: String) throws -> InterceptedResponse {
        let engine = ReplayEngine(document: Self.document, volatile: VolatileFields([]))
        let request = ReplayRequest(method: method, path: "/devices", query: [], body: [], volatile: engine.volatile)
        guard case .answer(let entry) = engine.answer(request) else { throw Unanswered(request: request) }
        return InterceptedResponse(recorded: entry, method: method)
    }

    @Test func aCompressedRecordingIsHandedOverDecodedWithoutContentEncoding() throws {
        let response = try answer("GET")
        #expect(response.body == Array(Self.json.utf8))
        #expect(!response.headers.contains { $0.name.lowercased() == "content-encoding" })
        #expect(response.headers.contains { $0.name == "Content-Type" && $0.value == "application/json" })
    }

    @Test func aHeadIsHandedOverWithoutABody() throws {
        let response = try answer("HEAD")
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        let head = try #require(response.httpResponse(for: URL(string: "http://127.0.0.1:8080/devices")!))
        #expect(head.value(forHTTPHeaderField: "Content-Length") == String(Self.json.utf8.count))
    }
}
