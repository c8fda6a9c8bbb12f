import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KitchenAPI
import Synchronization

/// An ``HTTPTransport`` that records every request and answers from a script
/// (then from a fallback), without a network.
final class FakeHTTPTransport: HTTPTransport {
    enum Outcome: Sendable {
        case reply(status: Int, body: String)
        case failure(any Error)
    }

    private struct State {
        var requests: [URLRequest] = []
        var script: [Outcome]
        var fallback: Outcome
    }

    private let state: Mutex<State>

    init(_ fallback: Outcome, script: [Outcome] = []) {
        state = Mutex(State(script: script, fallback: fallback))
    }

    /// A transport answering every request with `status` and `body`.
    convenience init(status: Int, body: String = "") {
        self.init(.reply(status: status, body: body))
    }

    var requests: [URLRequest] { state.withLock { $0.requests } }

    nonisolated(nonsending) func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let outcome = state.withLock { state in
            state.requests.append(request)
            return state.script.isEmpty ? state.fallback : state.script.removeFirst()
        }
        switch outcome {
        case .reply(let status, let body):
            let url = request.url ?? URL(string: "http://invalid")!
            let response = HTTPURLResponse(
                url: url, statusCode: status, httpVersion: "HTTP/1.1",
                headerFields: body.isEmpty ? [:] : ["Content-Type": "application/json"])!
            return (Data(body.utf8), response)
        case .failure(let error):
            throw error
        }
    }
}
