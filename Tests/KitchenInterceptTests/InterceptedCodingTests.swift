import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KitchenIntercept
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

    /// `method /devices` on a session of a scope replaying the document: the body and the response.
    func answer(_ method: String) async throws -> (body: [UInt8], response: HTTPURLResponse) {
        let scope = InterceptScope(replaying: ReplayEngine(document: Self.document, volatile: VolatileFields([])))
        var request = URLRequest(url: URL(string: "http://127.0.0.1:8080/devices")!)
        request.httpMethod = method
        request.setValue("gzip", forHTTPHeaderField: "Accept-Encoding")
        var answer: (Data, URLResponse)?
        try await scope.run {
            answer = try await URLSession(configuration: scope.configuration()).data(for: request)
        }
        let (data, response) = try #require(answer)
        return (Array(data), try #require(response as? HTTPURLResponse))
    }

    @Test func aCompressedRecordingIsHandedOverDecodedWithoutContentEncoding() async throws {
        let (body, response) = try await answer("GET")
        #expect(body == Array(Self.json.utf8))
        #expect(response.value(forHTTPHeaderField: "Content-Encoding") == nil)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func aHeadIsHandedOverWithoutABody() async throws {
        let (body, response) = try await answer("HEAD")
        #expect(response.statusCode == 200)
        #expect(body.isEmpty)
        #expect(response.value(forHTTPHeaderField: "Content-Length") == String(Self.json.utf8.count))
    }
}
