import Foundation
import HarnessCore
import KitchenRecording
import KitchenTestSupport

/// A large recording made from a committed one: `entries` exchanges spread over minutes with
/// varied durations, and one WebSocket connection with `messages` messages (every seventh sent).
/// Deterministic: the same arguments give the same document.
enum LargeRecording {
    static func make(entries: Int, messages: Int) throws -> HAR.Document {
        var document = try HARFile.load(from: Repository.recording("oven-controls.har"))
        let exchanges = document.log.entries.filter { !$0.isWebSocket }
        guard var connection = document.log.entries.first(where: \.isWebSocket),
              let start = Timestamp.milliseconds(from: connection.startedDateTime),
              let recorded = connection.webSocketMessages, !recorded.isEmpty else { return document }
        var result: [HAR.Entry] = []
        var at = start
        for index in 0..<entries {
            var entry = exchanges[index % exchanges.count]
            at += Int64(5 + index * 7919 % 115)
            entry.startedDateTime = Timestamp.format(milliseconds: at)
            entry.time = Double(1 + index * 31 % 400)
            result.append(entry)
        }
        var messageTime = start
        connection.webSocketMessages = (0..<messages).map { index in
            var message = recorded[index % recorded.count]
            messageTime += Int64(10 + index * 104_729 % 240)
            message.time = Double(messageTime) / 1000
            if index % 7 == 0 { message.type = .send }
            return message
        }
        result.insert(connection, at: min(1, result.count))
        document.log.entries = result
        return document
    }
}
