import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HarnessCore
import KitchenAPI
import KitchenReplay

/// An `HTTPTransport` that answers from a recording, for running the real `APIService`
/// in-process against a replay. An unmatched request gets status 599 with the mismatch
/// as its body (and is remembered, so a strict session fails).
public struct ReplayHTTPTransport: HTTPTransport {
    public let engine: ReplayEngine
    /// The status for a request the recording cannot answer (not a real HTTP status).
    public static let unmatchedStatus = ReplayEngine.unmatchedStatus

    public init(engine: ReplayEngine) { self.engine = engine }

    public nonisolated(nonsending) func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try Task.checkCancellation()
        guard let url = request.url, let replay = ReplayRequest(request, body: request.httpBody.map { Array($0) } ?? [], volatile: engine.volatile) else {
            throw URLError(.badURL)
        }
        switch engine.answer(replay) {
        case .answer(let recorded):
            // The recorded answer as URLSession hands it over: decoded from any content coding
            // (so without `Content-Encoding`), whatever the request accepted, and no body for a HEAD.
            let served = ReplayedResponse(recorded: recorded.entry.response, recordedMethod: recorded.request.method,
                                          method: replay.method, acceptEncoding: [])
            var headers: [String: String] = [:]
            for header in served.headers { headers[header.name] = header.value }
            return (Data(served.body), try Self.response(url, status: served.status, headers: headers))
        case .unmatched(let mismatch):
            return (Data(mismatch.description.utf8),
                    try Self.response(url, status: Self.unmatchedStatus, headers: ["Content-Type": "text/plain; charset=utf-8"]))
        }
    }

    /// An HTTP response for `url`; Foundation refuses a status it cannot represent.
    private static func response(_ url: URL, status: Int, headers: [String: String]) throws -> HTTPURLResponse {
        guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers) else {
            throw URLError(.badServerResponse)
        }
        return response
    }
}
