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
        let served = ReplayedResponse(engine.answer(replay), method: replay.method)
        // Foundation refuses a status it cannot represent.
        guard let response = served.urlResponse(for: url) else { throw URLError(.badServerResponse) }
        return (Data(served.body), response)
    }
}
