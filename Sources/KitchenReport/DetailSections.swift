import HarnessCore
import KitchenRecording

/// The detail of every mark, each a `<section class="detail">` the page shows when its mark is
/// clicked (`:target`): headers and bodies exactly as recorded — secrets stay the aliases the
/// recorder wrote — escaped, JSON bodies indented.
struct DetailSections {
    let document: HAR.Document
    let model: TimelineModel
    let findings: [Finding]
    let placement: FindingPlacement
    let configuration: ReportConfiguration

    func html() -> String {
        let origin = model.origin
        let starts = Dictionary(model.exchanges.map { ($0.entry, $0.start) } + model.connections.map { ($0.entry, $0.start) },
                                uniquingKeysWith: { first, _ in first })
        var html = document.log.entries.enumerated().map { index, entry in
            entrySection(entry, index: index, offset: (starts[index] ?? origin) - origin)
        }.joined()
        for connection in model.connections {
            guard let messages = document.log.entries[connection.entry].webSocketMessages else { continue }
            for (message, recorded) in zip(connection.messages, messages) {
                html += messageSection(recorded, in: connection.entry, index: message.index, offset: message.time - origin)
            }
        }
        for (laneIndex, lane) in model.lanes.enumerated() {
            for (itemIndex, item) in lane.items.enumerated() {
                html += #"<section class="detail" id="lane-\#(laneIndex)-item-\#(itemIndex)" data-lane="\#(laneIndex)" data-item="\#(itemIndex)">"#
                html += "<h2>\(Markup.html.escape(lane.name)) · \(Markup.html.escape(item.label))</h2>"
                html += #"<p class="meta">\#(HTMLText.offset(milliseconds: item.time - origin)) · \#(Timestamp.format(milliseconds: item.time))</p>"#
                html += "<pre class=\"body\">\(Markup.html.escape(item.detail))</pre></section>"
            }
        }
        return html
    }

    private func entrySection(_ entry: HAR.Entry, index: Int, offset: Int64) -> String {
        let request = entry.request, response = entry.response
        let target = request.urlQuery.map { "\(request.urlPath)?\($0)" } ?? request.urlPath
        var html = #"<section class="detail" id="entry-\#(index)" data-entry="\#(index)">"#
        html += "<h2>#\(index) \(Markup.html.escape(request.method)) \(Markup.html.escape(target)) → \(response.status) \(Markup.html.escape(response.statusText))</h2>"
        html += #"<p class="meta">\#(HTMLText.offset(milliseconds: offset)) · \#(Markup.html.escape(entry.startedDateTime)) · \#(HTMLText.duration(milliseconds: entry.time))"#
        html += " · \(Markup.html.escape(request.url))</p>"
        html += findingList(placement.onEntry[index] ?? [])
        if let error = entry.error {
            html += #"<p class="error">No complete response: \#(Markup.html.escape(error.kind.rawValue)) — \#(Markup.html.escape(error.message))</p>"#
        }
        html += #"<div class="exchange"><div><h3>Request</h3>"#
        html += headers("\(request.method) \(target) \(request.httpVersion)", request.headers)
        if let postData = request.postData {
            html += body(postData.text, encoding: postData.encoding, mimeType: postData.mimeType)
        }
        html += "</div><div><h3>Response</h3>"
        html += headers("\(response.httpVersion) \(response.status) \(response.statusText)", response.headers)
        if let text = response.content.text, !text.isEmpty {
            html += body(text, encoding: response.content.encoding, mimeType: response.content.mimeType)
        }
        html += "</div></div>"
        if let messages = entry.webSocketMessages {
            let sent = messages.filter { $0.type == .send }.count
            html += "<h3>WebSocket</h3><p>\(messages.count) messages (\(sent) sent, \(messages.count - sent) received); "
            html += Markup.html.escape(model.connections.first { $0.entry == index }?.closeLabel ?? "") + ". Click a tick to see a message.</p>"
        }
        return html + "</section>"
    }

    private func messageSection(_ message: HAR.WebSocketMessage, in entry: Int, index: Int, offset: Int64) -> String {
        let direction = switch message.type {
        case .send: "sent (app → server)"
        case .receive: "received (server → app)"
        case .error: "an error the recording tool noted (no frame crossed the wire)"
        }
        var html = #"<section class="detail" id="entry-\#(entry)-message-\#(index)" data-entry="\#(entry)" data-message="\#(index)">"#
        html += "<h2>#\(entry) message \(index) · \(direction)</h2>"
        let (kind, shown) = switch message.opcode {
        case .text: ("text", body(message.data, encoding: nil, mimeType: "text message", json: true))
        case .binary: ("binary", body(message.data, encoding: "base64", mimeType: "binary message"))
        case .error: ("error", body(message.data, encoding: nil, mimeType: "error text"))
        }
        html += ##"<p class="meta">\##(HTMLText.offset(milliseconds: offset)) · \##(kind) · <a href="#entry-\##(entry)">the connection</a></p>"##
        html += findingList(placement.onMessage[MessageKey(entry: entry, message: index)] ?? [])
        return html + shown + "</section>"
    }

    private func findingList(_ indices: [Int]) -> String {
        guard !indices.isEmpty else { return "" }
        let items = indices.map { "<li>" + FindingsSection.describe(findings[$0], index: $0) + "</li>" }
        return #"<ul class="detail-findings">"# + items.joined() + "</ul>"
    }

    private func headers(_ startLine: String, _ headers: [HAR.Header]) -> String {
        let text = startLine + headers.map { header in
            "\n\(header.name): \(header.value)" + (header.encoding == "base64" ? "  (base64 of bytes that are not UTF-8)" : "")
        }.joined()
        return #"<pre class="headers">\#(Markup.html.escape(text))</pre>"#
    }

    /// A body as recorded: JSON indented, base64 said so, past ``ReportConfiguration/bodyLimit`` cut.
    private func body(_ text: String, encoding: String?, mimeType: String, json: Bool = false) -> String {
        var shown = text, note = "\(mimeType.isEmpty ? "no type" : mimeType), \(text.utf8.count) bytes"
        if encoding == "base64" {
            note += " of base64 (binary, as recorded)"
        } else if json || HAR.isJSON(mimeType: mimeType), let value = try? JSONParser.parse(Array(text.utf8)) {
            shown = JSONSerializer.string(value, options: [.prettyPrinted])
        }
        if shown.utf8.count > configuration.bodyLimit {
            let total = shown.utf8.count
            shown = String(decoding: shown.utf8.prefix(configuration.bodyLimit), as: UTF8.self)
            note += "; the first \(configuration.bodyLimit) of \(total) bytes shown"
        }
        return #"<p class="body-note">Body: \#(Markup.html.escape(note))</p><pre class="body">\#(Markup.html.escape(shown))</pre>"#
    }
}
