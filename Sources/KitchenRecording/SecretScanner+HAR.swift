import Foundation
import HarnessCore

extension SecretScanner {
    /// Checks a whole document as ``HARFile/save(_:to:scanner:)`` does before writing: one pass
    /// over the bytes that would be written, then every base64 body, header value and binary
    /// frame decoded and searched as bytes. Leaks are located by JSON Pointer.
    public func check(_ document: HAR.Document, location: String = "the document") throws(RecordingError) {
        guard !matcher.isEmpty else { return }
        // Compact text escapes strings exactly as the file does; the tree is read back only to
        // name where a leak is.
        try check(document, value: document.json, bytes: document.jsonBytes, location: location)
    }

    /// ``check(_:location:)-(HAR.Document,_)`` for a document already turned into `bytes`, whose tree is `value`.
    func check(_ document: HAR.Document, value: @autoclosure () -> JSONValue, bytes: [UInt8], location: String) throws(RecordingError) {
        guard !matcher.isEmpty else { return }
        try check(serialized: bytes, of: value(), location: location)
        for (index, entry) in document.log.entries.enumerated() {
            try checkBinaryParts(of: entry, at: ["log", "entries", String(index)], location: { location })
        }
    }

    /// Searches the decoded bytes of the base64 parts of a journal event.
    func checkBinaryParts(of event: JournalEvent, location: @autoclosure () -> String) throws(RecordingError) {
        guard !matcher.isEmpty else { return }
        switch event {
        case .session, .websocketClose, .bodyPart:
            break
        case .entry(let entry), .websocketOpen(_, let entry), .streamedEntry(let entry, _, _):
            try checkBinaryParts(of: entry, at: ["entry"], location: location)
        case .websocketMessage(_, let message):
            try checkBinaryPart(of: message, at: ["message"], location: location)
        }
    }

    private func checkBinaryParts(of entry: HAR.Entry, at path: [String], location: () -> String) throws(RecordingError) {
        func checkHeaders(_ headers: [HAR.Header], side: String) throws(RecordingError) {
            for (index, header) in headers.enumerated() where header.encoding == "base64" {
                try checkDecoded(header.value, at: path + [side, "headers", String(index), "value"], location: location)
            }
        }
        try checkHeaders(entry.request.headers, side: "request")
        try checkHeaders(entry.response.headers, side: "response")
        if let postData = entry.request.postData, postData.encoding == "base64" {
            try checkDecoded(postData.text, at: path + ["request", "postData", "text"], location: location)
        }
        if entry.response.content.encoding == "base64", let text = entry.response.content.text {
            try checkDecoded(text, at: path + ["response", "content", "text"], location: location)
        }
        for (index, message) in (entry.webSocketMessages ?? []).enumerated() {
            try checkBinaryPart(of: message, at: path + ["_webSocketMessages", String(index)], location: location)
        }
    }

    private func checkBinaryPart(of message: HAR.WebSocketMessage, at path: [String], location: () -> String) throws(RecordingError) {
        guard message.opcode == .binary else { return }
        try checkDecoded(message.data, at: path + ["data"], location: location)
    }

    private func checkDecoded(_ base64: String, at path: [String], location: () -> String) throws(RecordingError) {
        guard let decoded = Base64.decode(base64), let match = matcher.firstMatch(in: decoded) else { return }
        throw .secretLeaked(alias: aliases[match.pattern.owner], location: "\(location()) at \(pointer(path)) (base64-decoded)")
    }
}
