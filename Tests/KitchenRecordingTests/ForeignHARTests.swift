import Foundation
import HarnessCore
import Testing
@testable import KitchenRecording
import KitchenTestSupport

/// HAR files written by other tools, from committed fixtures written by hand after the
/// public formats: Chrome's error entries in `_webSocketMessages`, and mitmproxy's
/// WebSocket entries that carry no `_resourceType` and no messages.
@Suite struct ForeignHARTests {
    static func fixture(_ name: String) -> URL {
        Repository.url("Tests/KitchenRecordingTests/Fixtures").appendingPathComponent(name)
    }

    @Test func chromesErrorEntryIsReadAndKeptButIsNoDataMessage() throws {
        let document = try HARFile.load(from: Self.fixture("chrome-websocket-error.har"))
        let entry = try #require(document.log.entries.first)
        let messages = try #require(entry.webSocketMessages)
        #expect(messages.map(\.type) == [.send, .receive, .error])
        #expect(messages.map(\.opcode) == [.text, .text, .error])
        #expect(messages.map(\.isData) == [true, true, false])
        #expect(messages[2].data == "One or more reserved bits are on: reserved1 = 1, reserved2 = 0, reserved3 = 0")
        #expect(try messages[2].payload == Array(messages[2].data.utf8))
        #expect(entry.isWebSocket)
    }

    @Test func chromesErrorEntryIsWrittenBackAsChromeWroteIt() throws {
        let document = try HARFile.load(from: Self.fixture("chrome-websocket-error.har"))
        let bytes = try HARFile.encode(document)
        let written = try JSONValue(parsing: bytes)
        let error = try #require(JSONPointer("/log/entries/0/_webSocketMessages/2")?.resolve(in: written))
        #expect(error["type"] == "error")
        #expect(error["opcode"]?.intValue == -1)
        #expect(try HARFile.decode(Data(bytes), path: "rewritten") == document)
    }

    @Test(arguments: ["chrome-websocket-error.har", "mitmproxy-websocket.har"])
    func eachFixtureReadsWithoutLosingAMember(_ name: String) throws {
        let data = try Data(contentsOf: Self.fixture(name))
        let document = try HARFile.decode(data, path: name)
        #expect(!document.log.entries.isEmpty)
        #expect(try HARFile.decode(Data(HARFile.encode(document)), path: name) == document)
    }

    @Test func aWebSocketIsRecognisedByItsUpgradeAndTheAnswer101WithoutAResourceType() throws {
        let entries = try HARFile.load(from: Self.fixture("mitmproxy-websocket.har")).log.entries
        #expect(entries.map(\.resourceType) == [nil, nil, nil])
        #expect(entries.map(\.webSocketMessages) == [nil, nil, nil])
        // A plain exchange; `Upgrade: WebSocket` answered 101; `Upgrade: h2c` answered 101.
        #expect(entries.map(\.isWebSocket) == [false, true, false])
    }

    @Test(arguments: [
        ("websocket", 101, true), ("WebSocket", 101, true), ("h2c, websocket", 101, true), ("websocket/13", 101, true),
        ("websocket", 200, false), ("websocket", 401, false), ("h2c", 101, false), ("websockets", 101, false),
    ])
    func theUpgradeHeaderNamesWebSocketCaseInsensitivelyInItsList(upgrade: String, status: Int, isWebSocket: Bool) {
        let entry = HAR.Entry(
            startedDateTime: "2026-11-20T10:15:30.123Z",
            request: HAR.Request(method: "GET", url: "http://k/ws", headers: [.init(name: "upgrade", value: upgrade)]),
            response: HAR.Response(status: status, statusText: "", content: HAR.Content(size: 0, mimeType: "")),
            timings: HAR.Timings())
        #expect(entry.isWebSocket == isWebSocket)
    }
}
