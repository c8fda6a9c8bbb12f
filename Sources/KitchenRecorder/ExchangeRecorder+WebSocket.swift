import Foundation
import HTTPWire
import KitchenRecording

/// A WebSocket conversation's records: its opening, each message, and how it ended, under one id.
extension ExchangeRecorder {
    /// Starts WebSocket conversation `id` (see ``nextWebSocketID()``) on `loop` (call on its
    /// thread): `then` runs on the loop once the opening is journaled (or why not); messages and
    /// the close follow under the same id. `upstream` says how the upgrade sent upstream differed
    /// from `request`, the client's.
    func openWebSocketLater(id: String, request: HTTPRequest, response: HTTPResponse, startedAt: Date,
                            upstream: HAR.UpstreamChanges? = nil, on loop: EventLoop,
                            then done: @escaping (Outcome) -> Void) {
        writeLater({ [self] in
            var raw = Self.raw(request, scheme: upstreamScheme, authority: upstreamAuthority)
            raw.upstream = upstream
            return .websocketOpen(id: id, entry: HAR.Entry(
                startedAt: startedAt, request: raw, response: Self.raw(response, body: []), timings: HAR.Timings(),
                resourceType: "websocket"))
        }, on: loop, then: { [observer] outcome in
            observer(.webSocketOpened(id: id, path: request.path, outcome: outcome))
            done(outcome)
        })
    }

    /// One complete data message of conversation `id`, on `loop` (call on its thread): `then` runs
    /// on the loop once the message is journaled (or why not). Records handed over in order are
    /// written in that order. `undelivered`: the proxy will never hand the message to the other
    /// side (it closed that side first), and the record says so (`_undelivered`).
    func messageLater(_ id: String, sentByClient: Bool, opcode: WebSocketOpcode, payload: [UInt8], undelivered: Bool = false,
                      on loop: EventLoop, then done: @escaping (Outcome) -> Void) {
        let at = clock.currentDate
        writeLater({
            var message = HAR.WebSocketMessage(
                type: sentByClient ? .send : .receive, at: at, opcode: opcode == .binary ? .binary : .text, payload: payload)
            message.undelivered = undelivered ? true : nil
            return .websocketMessage(id: id, message: message)
        }, on: loop, then: { [observer] outcome in
            observer(.webSocketMessage(id: id, sentByClient: sentByClient, outcome: outcome))
            done(outcome)
        })
    }

    /// How conversation `id` ended, on `loop` (call on its thread): written after every record
    /// handed over before it.
    func closeLater(_ id: String, code: Int?, reason: String, closedBy: HAR.WebSocketClose.Party, undeliveredMessages: Int? = nil,
                    on loop: EventLoop) {
        writeLater({
            .websocketClose(id: id, close: HAR.WebSocketClose(code: code, reason: reason, closedBy: closedBy,
                                                              undeliveredMessages: undeliveredMessages))
        }, on: loop, then: { [observer] outcome in
            observer(.webSocketClosed(id: id, code: code, closedBy: closedBy, outcome: outcome))
        })
    }
}
