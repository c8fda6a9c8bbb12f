import HarnessCore
import KitchenRecording
import Testing

extension HAR.Document {
    /// Replaces entry `index`'s JSON response body with `edit` of it.
    public mutating func editResponseBody(ofEntry index: Int, _ edit: (JSONValue) -> JSONValue) throws {
        let body = try #require(try log.entries[index].response.bodyJSON)
        log.entries[index].response.content.text = JSONSerializer.string(edit(body))
    }

    /// Replaces message `message` of entry `index` with `edit` of its JSON payload.
    public mutating func editMessage(ofEntry index: Int, message: Int, _ edit: (JSONValue) -> JSONValue) throws {
        let messages = try #require(log.entries[index].webSocketMessages)
        let payload = try JSONValue(parsing: messages[message].data)
        log.entries[index].webSocketMessages?[message].data = JSONSerializer.string(edit(payload))
    }
}
