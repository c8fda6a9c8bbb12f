import Foundation
import HarnessCore
import KitchenSwiftTesting
import KitchenTesting
import Testing
@testable import KitchenRecording
import KitchenTestSupport

/// The journal writes each record straight to bytes (``JournalEvent/jsonBytes()``) instead of
/// building its JSON tree and serializing that. The bytes must be exactly those of the record's
/// tree (``tree(of:)``, the record layout pinned here: `type`, `id`, then the payload, each HAR
/// value as it is written on its own), or the journal, the secret check's line and column and
/// every recording written from it would change.
@Suite struct JournalRecordBytesTests {
    /// A record's JSON as a tree: `type`, then `id`, then the payload, each HAR value as it is
    /// written on its own.
    static func tree(of event: JournalEvent) -> [UInt8] {
        var members: [JSONObject.Member] = [.init(key: "type", value: .string(event.typeName))]
        switch event {
        case .session(let creator, let startedDateTime):
            members += [.init(key: "creator", value: creator.json), .init(key: "startedDateTime", value: .string(startedDateTime))]
        case .entry(let entry):
            members.append(.init(key: "entry", value: entry.json))
        case .websocketOpen(let id, let entry):
            members += [.init(key: "id", value: .string(id)), .init(key: "entry", value: entry.json)]
        case .websocketMessage(let id, let message):
            members += [.init(key: "id", value: .string(id)), .init(key: "message", value: message.json)]
        case .websocketClose(let id, let close):
            members += [.init(key: "id", value: .string(id)), .init(key: "close", value: close.json)]
        case .bodyPart(let id, let data):
            members += [.init(key: "id", value: .string(id)), .init(key: "data", value: .string(Base64.encode(data)))]
        case .streamedEntry(let entry, let requestBody, let responseBody):
            members.append(.init(key: "entry", value: entry.json))
            if let requestBody { members.append(.init(key: "requestBody", value: requestBody.json)) }
            if let responseBody { members.append(.init(key: "responseBody", value: responseBody.json)) }
        }
        return JSONSerializer.bytes(.object(JSONObject(members)))
    }

    static let bytes = Gen.array(of: Gen.int(in: 0...255).map { UInt8($0) }, count: 0...24)
    static let streamedBody = HARGenerators.optional(Gen.zip(HARGenerators.text, HARGenerators.integer, HARGenerators.text,
                                                             Gen.array(of: HARGenerators.text, count: 0...2)).map {
        StreamedBody(id: $0, size: $1, contentType: $2, redacted: $3)
    })

    /// One event of any kind, every field drawn from the HAR generators.
    static let event = Gen.zip(Gen.int(in: 0...6), HARGenerators.text, HARGenerators.entry, HARGenerators.message,
                               HARGenerators.close, bytes, streamedBody, streamedBody).map { kind, text, entry, message, close, data, request, response in
        switch kind {
        case 0: JournalEvent.session(creator: HAR.Creator(name: text, version: "1", comment: text.isEmpty ? nil : text),
                                     startedDateTime: text)
        case 1: JournalEvent.entry(entry)
        case 2: JournalEvent.websocketOpen(id: text, entry: entry)
        case 3: JournalEvent.websocketMessage(id: text, message: message)
        case 4: JournalEvent.websocketClose(id: text, close: close)
        case 5: JournalEvent.bodyPart(id: text, data: data)
        default: JournalEvent.streamedEntry(entry, requestBody: request, responseBody: response)
        }
    }

    /// Where `written` first departs from `tree`, with the text around it; nil when the bytes are equal.
    static func difference(_ written: [UInt8], _ tree: [UInt8]) -> String? {
        guard written != tree else { return nil }
        let at = zip(written, tree).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(written.count, tree.count)
        func around(_ bytes: [UInt8]) -> String { String(decoding: bytes[max(0, at - 40)..<min(bytes.count, at + 40)], as: UTF8.self) }
        return "byte \(at): written …\(around(written))… tree …\(around(tree))…"
    }

    @Test func generatedEventsOfEveryKindWriteTheTreesBytes() async {
        await checkProperty(Self.event, configuration: PropertyConfiguration(cases: 500)) { event in
            let tree = Self.tree(of: event)
            #expect(Self.difference(event.jsonBytes(), tree) == nil, "\(event.typeName)")
        }
    }

    @Test func everyEntryOfEveryCommittedRecordingWritesTheTreesBytes() throws {
        let files = Repository.committedRecordings
        #expect(!files.isEmpty)
        var checked = 0
        for file in files {
            for (index, entry) in try HARFile.load(from: file).log.entries.enumerated() {
                for event in [JournalEvent.entry(entry), .websocketOpen(id: "ws-\(index)", entry: entry)] {
                    let tree = Self.tree(of: event)
                    #expect(Self.difference(event.jsonBytes(), tree) == nil, "\(file.lastPathComponent) entry \(index) as \(event.typeName)")
                    checked += 1
                }
                for message in entry.webSocketMessages ?? [] {
                    let event = JournalEvent.websocketMessage(id: "ws-\(index)", message: message)
                    let tree = Self.tree(of: event)
                    #expect(Self.difference(event.jsonBytes(), tree) == nil)
                    checked += 1
                }
            }
        }
        #expect(checked > 100, "only \(checked) records compared")
    }

    /// A double that is not finite, an integer past 2^53, escapes in keys' values: the
    /// serializer's corner cases, written the same way.
    @Test func numberAndStringCornerCasesWriteTheTreesBytes() throws {
        var entry = Fixture.login()
        entry.time = .infinity
        entry.timings.wait = 1e300
        entry.timings.send = -0.0
        entry.request.bodySize = Int.max
        entry.comment = "\u{0}\u{1f}\"\\/\u{7f}é🍳"
        let event = JournalEvent.entry(entry)
        let tree = Self.tree(of: event)
        #expect(Self.difference(event.jsonBytes(), tree) == nil)
    }
}
