import HarnessCore
import KitchenRecording

/// What the page draws, read out of a HAR: plain exchanges, WebSocket connections with their
/// messages and close, and extra lanes, each with instants in milliseconds since 1970.
struct TimelineModel: Sendable {
    /// An HTTP exchange, drawn as a bar.
    struct Exchange: Sendable {
        var entry: Int
        var start: Int64
        var duration: Double
        var method: String
        var target: String
        var status: Int
        var statusText: String

        /// `s1xx` … `s5xx`, or `s0` when no response arrived.
        var statusClass: String { TimelineModel.statusClass(status) }
        var label: String { "\(method) \(target) \(status == 0 ? "no response" : String(status))" }
    }

    /// A WebSocket connection, drawn as a lane of message ticks.
    struct Connection: Sendable {
        struct Message: Sendable {
            var index: Int
            var time: Int64
            var direction: HAR.WebSocketMessage.Direction
            var bytes: Int
        }

        var entry: Int
        var start: Int64
        var target: String
        var status: Int
        var messages: [Message]
        var close: HAR.WebSocketClose?
        /// When the connection ended: its entry's end or its last message, whichever is later.
        var end: Int64

        var label: String { "WebSocket #\(entry) \(target) \(status)" }
        var closeLabel: String {
            guard let close else { return status == 101 ? "open at the end of the recording" : "upgrade refused with \(status)" }
            return "close \(close.code.map(String.init) ?? "(no code)") by \(close.closedBy.rawValue)"
                + (close.reason.isEmpty ? "" : ": \(close.reason)")
        }
    }

    var exchanges: [Exchange] = []
    var connections: [Connection] = []
    var lanes: [ReportLane] = []
    /// Entries whose `startedDateTime` could not be read (drawn at the previous entry's instant).
    var undatedEntries: [Int] = []

    init(document: HAR.Document, lanes: [ReportLane]) {
        self.lanes = lanes
        var previous: Int64 = lanes.lazy.flatMap(\.items).map(\.time).min() ?? 0
        for (index, entry) in document.log.entries.enumerated() {
            var start = previous
            if let parsed = Timestamp.milliseconds(from: entry.startedDateTime) {
                start = parsed
            } else {
                undatedEntries.append(index)
            }
            previous = start
            let request = entry.request
            let target = request.urlQuery.map { "\(request.urlPath)?\($0)" } ?? request.urlPath
            let duration = entry.time.isFinite && entry.time > 0 ? entry.time : 0
            if entry.isWebSocket {
                let messages = (entry.webSocketMessages ?? []).enumerated().map { offset, message in
                    Connection.Message(index: offset, time: Self.milliseconds(seconds: message.time, fallback: start),
                                       direction: message.type, bytes: message.data.utf8.count)
                }
                let end = max(start + Int64(duration.rounded()), messages.map(\.time).max() ?? start)
                connections.append(Connection(entry: index, start: start, target: target, status: entry.response.status,
                                              messages: messages, close: entry.webSocketClose, end: end))
            } else {
                exchanges.append(Exchange(entry: index, start: start, duration: duration, method: request.method, target: target,
                                          status: entry.response.status, statusText: entry.response.statusText))
            }
        }
    }

    /// The class of `status`: `s1xx` … `s5xx`, or `s0` for anything else (no response).
    static func statusClass(_ status: Int) -> String {
        (100...599).contains(status) ? "s\(status / 100)xx" : "s0"
    }

    /// Chrome's message time (seconds since 1970) in whole milliseconds.
    static func milliseconds(seconds: Double, fallback: Int64) -> Int64 {
        let value = (seconds * 1000).rounded()
        guard value.isFinite, abs(value) < 9e15 else { return fallback }
        return Int64(value)
    }

    /// The earliest instant on the page.
    var origin: Int64 {
        let starts = exchanges.map(\.start) + connections.map(\.start) + lanes.flatMap { $0.items.map(\.time) }
        return starts.min() ?? 0
    }
}
