import KitchenRecording

/// Recorded entries built by hand, as the recorder writes them (secrets already aliased), for
/// tests that need a recording of a particular shape.
enum RecordedExchanges {
    /// The instant every built entry starts at (WebSocket offsets count from here).
    static let start = "2026-11-20T10:00:00.000Z"
    /// `start` in seconds since 1970, the unit of a WebSocket message's `time`.
    static let startSeconds = 1_795_168_800.0

    /// An exchange of `method target` answered `status` with `body` (JSON unless `mimeType` says otherwise).
    static func exchange(_ method: String, _ target: String, requestHeaders: [(String, String)] = [], requestJSON: String? = nil,
                         status: Int = 200, headers: [(String, String)] = [], body: String = "",
                         mimeType: String = "application/json", compression: Int? = nil) -> HAR.Entry {
        let request = HAR.Request(
            method: method, url: "http://127.0.0.1:8080" + target,
            headers: [HAR.Header(name: "Host", value: "127.0.0.1:8080")] + requestHeaders.map { HAR.Header(name: $0.0, value: $0.1) },
            postData: requestJSON.map { HAR.PostData(mimeType: "application/json", text: $0) })
        let response = HAR.Response(
            status: status, statusText: status == 200 ? "OK" : "Status",
            headers: headers.map { HAR.Header(name: $0.0, value: $0.1) },
            content: HAR.Content(size: body.utf8.count, compression: compression, mimeType: mimeType, text: body))
        return HAR.Entry(startedDateTime: start, request: request, response: response, timings: HAR.Timings())
    }

    /// A login of `username` answered with `token` (an alias).
    static func login(_ username: String, token: String) -> HAR.Entry {
        exchange("POST", "/auth/login", requestJSON: #"{"username":"\#(username)","password":"<password-1>"}"#,
                 body: #"{"token":"\#(token)","user":{"id":"\#(username)","username":"\#(username)"}}"#)
    }

    /// `GET /devices` by the holder of `token`, answered with one device named `name`.
    static func devices(token: String, name: String) -> HAR.Entry {
        exchange("GET", "/devices", requestHeaders: [("Authorization", "Bearer \(token)")],
                 body: #"[{"id":"oven-1","name":"\#(name)"}]"#)
    }

    /// A WebSocket upgrade by the holder of `token` (as a `?token=` parameter) whose server sent `messages`.
    static func webSocket(token: String, messages: [String]) -> HAR.Entry {
        var entry = exchange("GET", "/ws?token=\(token)", requestHeaders: [("Upgrade", "websocket"), ("Connection", "Upgrade")],
                             status: 101, headers: [("Upgrade", "websocket"), ("Connection", "Upgrade")], mimeType: "")
        entry.resourceType = "websocket"
        entry.webSocketMessages = messages.enumerated().map { index, text in
            HAR.WebSocketMessage(type: .receive, time: startSeconds + Double(index) / 10, opcode: .text, data: text)
        }
        entry.webSocketClose = HAR.WebSocketClose(code: 1000, reason: "", closedBy: .server)
        return entry
    }

    /// A document holding `entries` in order.
    static func document(_ entries: [HAR.Entry]) -> HAR.Document {
        HAR.Document(log: HAR.Log(creator: HAR.Creator(name: "KitchenReplayTests", version: "1"), entries: entries))
    }
}
