import Foundation
import HTTPWire
import KitchenRecording
import Synchronization

/// Turns what crossed the proxy into journal records: one entry per HTTP
/// exchange, and an open/message/close series per WebSocket. Redaction and the
/// secret check happen inside the journal writer, before a byte reaches the disk.
final class ExchangeRecorder: Sendable {
    let journal: JournalWriter
    let clock: RecorderClock
    let upstreamAuthority: String
    private let refusals = Mutex<[RecordingError]>([])
    private let nextSocketID = Atomic<Int>(0)

    init(journal: JournalWriter, clock: RecorderClock, upstreamAuthority: String) {
        self.journal = journal
        self.clock = clock
        self.upstreamAuthority = upstreamAuthority
    }

    /// Records that failed closed (e.g. a body that could not be redacted): counted, never written.
    var refused: [RecordingError] { refusals.withLock { $0 } }

    /// One HTTP exchange as it crossed the upstream wire.
    func record(request: HTTPRequest, response: HTTPResponse, body: [UInt8], startedAt: Date, timings: HAR.Timings,
                failure: HAR.ExchangeError? = nil, resourceType: String = "fetch") {
        var entry = HAR.Entry(startedAt: startedAt, request: raw(request), response: raw(response, body: body),
                              timings: timings, resourceType: resourceType)
        entry.error = failure
        append(.entry(entry))
    }

    /// Starts a WebSocket conversation; returns its id for the messages and the close.
    func openWebSocket(request: HTTPRequest, response: HTTPResponse, startedAt: Date) -> String {
        let id = "ws-\(nextSocketID.wrappingAdd(1, ordering: .relaxed).newValue)"
        let entry = HAR.Entry(startedAt: startedAt, request: raw(request), response: raw(response, body: []),
                              timings: HAR.Timings(), resourceType: "websocket")
        append(.websocketOpen(id: id, entry: entry))
        return id
    }

    /// One complete data message of conversation `id`.
    func message(_ id: String, sentByClient: Bool, opcode: WebSocketOpcode, payload: [UInt8]) {
        let message = HAR.WebSocketMessage(type: sentByClient ? .send : .receive, at: clock.now(),
                                           opcode: opcode == .binary ? .binary : .text, payload: payload)
        append(.websocketMessage(id: id, message: message))
    }

    /// How conversation `id` ended.
    func close(_ id: String, code: Int?, reason: String, closedBy: HAR.WebSocketClose.Party) {
        append(.websocketClose(id: id, close: HAR.WebSocketClose(code: code, reason: reason, closedBy: closedBy)))
    }

    private func append(_ event: JournalEvent) {
        do throws(RecordingError) {
            try journal.append(event)
        } catch {
            refusals.withLock { $0.append(error) }
        }
    }

    private func raw(_ request: HTTPRequest) -> HAR.RawRequest {
        HAR.RawRequest(
            scheme: "http", authority: upstreamAuthority, method: Array(request.method.rawValue.utf8),
            target: Array(request.target.utf8), httpVersion: request.version.description,
            headers: request.headers.map { HAR.RawHeader($0.name, $0.value) }, body: request.body,
            headersSize: (try? HTTPEncoder.requestHead(request).count) ?? -1)
    }

    private func raw(_ response: HTTPResponse, body: [UInt8]) -> HAR.RawResponse {
        HAR.RawResponse(
            status: response.status.code, reason: Array(response.status.reasonPhrase.utf8),
            httpVersion: response.version.description,
            headers: response.headers.map { HAR.RawHeader($0.name, $0.value) }, body: body,
            headersSize: (try? HTTPEncoder.responseHead(status: response.status, headers: response.headers).count) ?? -1)
    }
}

extension HAR.ExchangeError {
    /// The error for a failed upstream call, classified as refused, reset, timeout or protocol.
    init(_ error: HTTPClientError) {
        switch error {
        case .socket(let socket):
            switch socket.kind {
            case .connectionRefused, .unresolvable: self.init(kind: .refused, message: socket.description)
            case .timedOut: self.init(kind: .timeout, message: socket.description)
            default: self.init(kind: .reset, message: socket.description)
            }
        case .closedBeforeResponse, .parse(.truncated): self.init(kind: .reset, message: error.description)
        case .parse, .encode: self.init(kind: .protocol, message: error.description)
        }
    }
}
