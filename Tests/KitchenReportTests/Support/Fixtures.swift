import Foundation
import HarnessCore
import KitchenRecording
import Testing

/// A folder of its own under the temporary directory; `remove()` when done.
struct TemporaryFolder {
    let url: URL

    init(_ label: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("kitchen-report-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}

extension HAR.Document {
    /// Replaces entry `index`'s JSON response body with `edit` of it.
    mutating func editResponseBody(ofEntry index: Int, _ edit: (JSONValue) -> JSONValue) throws {
        let body = try #require(try log.entries[index].response.bodyJSON)
        log.entries[index].response.content.text = JSONSerializer.string(edit(body))
    }

    /// Replaces message `message` of entry `index` with `edit` of its JSON payload.
    mutating func editMessage(ofEntry index: Int, message: Int, _ edit: (JSONValue) -> JSONValue) throws {
        let messages = try #require(log.entries[index].webSocketMessages)
        let payload = try JSONValue(parsing: messages[message].data)
        log.entries[index].webSocketMessages?[message].data = JSONSerializer.string(edit(payload))
    }
}

extension JSONValue {
    /// The object with `key` set to `value`.
    func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard case .object(var object) = self else { return self }
        object[key] = value
        return .object(object)
    }
}
