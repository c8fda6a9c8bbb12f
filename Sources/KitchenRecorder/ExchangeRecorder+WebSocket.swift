import Foundation
import HTTPWire
import KitchenRecording

/// A WebSocket conversation's records: its opening, each message, and how it ended, under one id.
extension ExchangeRecorder {
    /// Starts WebSocket conversation `id` (see ``nextWebSocketID()``): whether its opening was
    /// journaled (messages and the close follow under the same id).
    func openWebSocket(id: String, request: HTTPRequest, response: HTTPResponse, startedAt: Date) -> Outcome {
        let (outcome, redacted) = write(.websocketOpen(id: id, entry: HAR.Entry(
            startedAt: startedAt, request: Self.raw(request, scheme: upstreamScheme, authority: upstreamAuthority), response: Self.raw(response, body: []),
            timings: HAR.Timings(), resourceType: "websocket")))
        observer(.webSocketOpened(id: id, path: request.path, outcome: Self.observed(outcome, redacted: redacted)))
        return outcome
    }

    /// The same as ``openWebSocket(id:request:response:startedAt:)`` for a caller that must not
    /// wait: `then` runs on the journal thread once the opening is journaled (or why not).
    /// `upstream` says how the upgrade sent upstream differed from `request`, the client's.
    func openWebSocketLater(id: String, request: HTTPRequest, response: HTTPResponse, startedAt: Date,
                            upstream: HAR.UpstreamChanges? = nil, then done: @escaping @Sendable (Outcome) -> Void) {
        writeLater({ [self] in
            var raw = Self.raw(request, scheme: upstreamScheme, authority: upstreamAuthority)
            raw.upstream = upstream
            return .websocketOpen(id: id, entry: HAR.Entry(
                startedAt: startedAt, request: raw, response: Self.raw(response, body: []), timings: HAR.Timings(),
                resourceType: "websocket"))
        }, then: { [observer] outcome, redacted in
            observer(.webSocketOpened(id: id, path: request.path, outcome: Self.observed(outcome, redacted: redacted)))
            done(outcome)
        })
    }

    /// One complete data message of conversation `id`.
    @discardableResult
    func message(_ id: String, sentByClient: Bool, opcode: WebSocketOpcode, payload: [UInt8]) -> Outcome {
        let (outcome, redacted) = write(.websocketMessage(id: id, message: HAR.WebSocketMessage(
            type: sentByClient ? .send : .receive, at: clock.now(), opcode: opcode == .binary ? .binary : .text, payload: payload)))
        observer(.webSocketMessage(id: id, sentByClient: sentByClient, outcome: Self.observed(outcome, redacted: redacted)))
        return outcome
    }

    /// The same as ``message(_:sentByClient:opcode:payload:)`` for a caller that must not wait
    /// (an event loop): `then` runs on the journal thread once the message is journaled (or
    /// why not). Records handed over in order are written in that order. `undelivered`: the
    /// proxy will never hand the message to the other side (it closed that side first), and
    /// the record says so (`_undelivered`).
    func messageLater(_ id: String, sentByClient: Bool, opcode: WebSocketOpcode, payload: [UInt8], undelivered: Bool = false,
                      then done: @escaping @Sendable (Outcome) -> Void) {
        let at = clock.now()
        writeLater({
            var message = HAR.WebSocketMessage(
                type: sentByClient ? .send : .receive, at: at, opcode: opcode == .binary ? .binary : .text, payload: payload)
            message.undelivered = undelivered ? true : nil
            return .websocketMessage(id: id, message: message)
        }, then: { [observer] outcome, redacted in
            observer(.webSocketMessage(id: id, sentByClient: sentByClient, outcome: Self.observed(outcome, redacted: redacted)))
            done(outcome)
        })
    }

    /// The same as ``close(_:code:reason:closedBy:undeliveredMessages:)`` for a caller that must
    /// not wait: written after every record handed over before it.
    func closeLater(_ id: String, code: Int?, reason: String, closedBy: HAR.WebSocketClose.Party, undeliveredMessages: Int? = nil) {
        writeLater({
            .websocketClose(id: id, close: HAR.WebSocketClose(code: code, reason: reason, closedBy: closedBy,
                                                              undeliveredMessages: undeliveredMessages))
        }, then: { [observer] outcome, redacted in
            observer(.webSocketClosed(id: id, code: code, closedBy: closedBy, outcome: Self.observed(outcome, redacted: redacted)))
        })
    }

    /// How conversation `id` ended.
    @discardableResult
    func close(_ id: String, code: Int?, reason: String, closedBy: HAR.WebSocketClose.Party, undeliveredMessages: Int? = nil) -> Outcome {
        let (outcome, redacted) = write(.websocketClose(id: id, close: HAR.WebSocketClose(
            code: code, reason: reason, closedBy: closedBy, undeliveredMessages: undeliveredMessages)))
        observer(.webSocketClosed(id: id, code: code, closedBy: closedBy, outcome: Self.observed(outcome, redacted: redacted)))
        return outcome
    }
}
