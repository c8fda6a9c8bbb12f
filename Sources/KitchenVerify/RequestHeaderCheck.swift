import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KitchenAPI
import KitchenRecording
import KitchenReplay
import Synchronization

/// The headers of the client's requests that carry meaning — `Authorization` and
/// `Content-Type` — compared with the recorded request each one was answered by, during a
/// scenario's replay (see ``ScenarioReplayCheck``). Replay itself matches requests on method,
/// path, query and body only; a client that sends its token on the wrong route, drops it,
/// or labels a JSON body as something else would still be answered.
///
/// The log is filled by ``transport(wrapping:)`` and ``connector(wrapping:)`` as the scenario
/// runs. Afterwards a second ``ReplayEngine`` over the same recording is fed the logged
/// requests (with the credentials they carried) in the same order: an engine's choice of
/// entry depends on nothing else, so it picks the entries that answered them.
///
/// ```swift
/// let headers = RequestHeaderCheck()
/// let context = ScenarioContext(…, transport: headers.transport(wrapping: replay.transport),
///                               connector: headers.connector(wrapping: replay.connector))
/// try await scenario.run(in: context)
/// headers.differences(against: document)   // [] when every header is as recorded
/// ```
final class RequestHeaderCheck: Sendable {
    /// One request as the client sent it.
    struct Sent: Sendable {
        var request: ReplayRequest
        var webSocket: Bool
        var authorization: String?
        var contentType: String?
    }

    /// A header that differs from the recorded request that answered.
    struct Difference: Sendable, Hashable {
        var entry: Int
        var request: String
        var header: String
        var recorded: String?
        var sent: String?
    }

    private let log = Mutex<[Sent]>([])

    /// `inner`, with each request logged before it is sent.
    func transport(wrapping inner: any HTTPTransport) -> any HTTPTransport {
        LoggingTransport(inner: inner, check: self)
    }

    /// `inner`, with each upgrade logged before it is made. The upgrade's `Authorization` is
    /// `Bearer TOKEN`, as `HTTPWireWebSocketConnector` sends it by default.
    func connector(wrapping inner: any WebSocketConnecting) -> any WebSocketConnecting {
        LoggingConnector(inner: inner, check: self)
    }

    func record(_ sent: Sent) { log.withLock { $0.append(sent) } }

    /// Every header that differs from the entry that answered its request. A WebSocket
    /// upgrade is held to the recorded `Authorization` only when the recording has one (a
    /// client may put the token in the query instead, which replay already compares).
    func differences(against document: HAR.Document) -> [Difference] {
        let engine = ReplayEngine(document: document, volatile: .kitchen)
        var found: [Difference] = []
        for sent in log.withLock({ $0 }) {
            guard case .answer(let answered) = engine.answer(sent.request, webSocket: sent.webSocket) else { continue }
            let recorded = answered.entry.request
            let recordedAuthorization = recorded.headerValues(named: "Authorization").first
            if (!sent.webSocket || recordedAuthorization != nil), recordedAuthorization != sent.authorization {
                found.append(Difference(entry: answered.index, request: sent.request.description, header: "Authorization",
                                        recorded: recordedAuthorization, sent: sent.authorization))
            }
            let recordedType = recorded.headerValues(named: "Content-Type").first
            if !sent.webSocket, Self.mediaType(recordedType) != Self.mediaType(sent.contentType) {
                found.append(Difference(entry: answered.index, request: sent.request.description, header: "Content-Type",
                                        recorded: recordedType, sent: sent.contentType))
            }
        }
        return found
    }

    /// A media type compared by meaning (RFC 9110 §8.3.1): type, subtype and parameter names
    /// are case-insensitive, whitespace around `;` does not count.
    static func mediaType(_ value: String?) -> [String]? {
        value.map { text in
            text.split(separator: ";").map { part in
                let trimmed = part.trimmingCharacters(in: .whitespaces)
                guard let equals = trimmed.firstIndex(of: "=") else { return trimmed.lowercased() }
                return trimmed[..<equals].lowercased() + trimmed[equals...]
            }
        }
    }
}

/// Logs each request's replay key and meaningful headers, then sends it through `inner`.
private struct LoggingTransport: HTTPTransport {
    let inner: any HTTPTransport
    let check: RequestHeaderCheck

    nonisolated(nonsending) func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        // The key the replay transport makes of it, credential included (it picks the session).
        let key = ReplayRequest(request, body: request.httpBody.map { Array($0) } ?? [], volatile: .kitchen)
            ?? ReplayRequest(method: request.httpMethod ?? "GET", path: "", query: [], body: [], volatile: .kitchen)
        check.record(RequestHeaderCheck.Sent(
            request: key, webSocket: false, authorization: request.value(forHTTPHeaderField: "Authorization"),
            contentType: request.value(forHTTPHeaderField: "Content-Type")))
        return try await inner.send(request)
    }
}

/// Logs each upgrade's replay key and its bearer token, then connects through `inner`.
private struct LoggingConnector: WebSocketConnecting {
    let inner: any WebSocketConnecting
    let check: RequestHeaderCheck

    func connect(url: URL, token: String) async throws -> any WebSocketChannel {
        check.record(RequestHeaderCheck.Sent(
            request: ReplayRequest(webSocketURL: url, token: token, volatile: .kitchen),
            webSocket: true, authorization: "Bearer \(token)", contentType: nil))
        return try await inner.connect(url: url, token: token)
    }
}
