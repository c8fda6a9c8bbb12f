import Foundation
import HTTPWire
import KitchenRecording
import KitchenReplay
import KitchenTestSupport
import Testing

/// Replay ends a recorded conversation the way it ended, but never with a close code
/// RFC 6455 §7.4 forbids on the wire; and Chrome's error entries are not played.
@Suite(.timeLimit(.minutes(2)), .ownQueue) struct ReplayCloseTests {
    /// A recording of one WebSocket that the server closed with `code`.
    static func recording(closedWith code: Int?, reason: String = "", messages: [HAR.WebSocketMessage] = []) -> HAR.Document {
        let entry = HAR.Entry(
            startedDateTime: "2026-11-20T10:15:30.123Z",
            request: HAR.Request(method: "GET", url: "ws://127.0.0.1:8080/ws", headers: [.init(name: "Upgrade", value: "websocket")]),
            response: HAR.Response(status: 101, statusText: "Switching Protocols", content: HAR.Content(size: 0, mimeType: "x-unknown")),
            timings: HAR.Timings(), resourceType: "websocket", webSocketMessages: messages,
            webSocketClose: HAR.WebSocketClose(code: code, reason: reason, closedBy: .server))
        return HAR.Document(log: HAR.Log(creator: HAR.Creator(name: "test", version: "1"), entries: [entry]))
    }

    @Test(arguments: [
        (1000, ReplayClose.frame(code: 1000, reason: "why")), (1003, .frame(code: 1003, reason: "why")),
        (1007, .frame(code: 1007, reason: "why")), (1014, .frame(code: 1014, reason: "why")),
        (3000, .frame(code: 3000, reason: "why")), (4001, .frame(code: 4001, reason: "why")), (4999, .frame(code: 4999, reason: "why")),
        (1005, .frameWithoutCode), (1006, .drop), (1015, .drop),
        (0, .frame(code: 1011, reason: "why")), (999, .frame(code: 1011, reason: "why")), (1004, .frame(code: 1011, reason: "why")),
        (1016, .frame(code: 1011, reason: "why")), (2999, .frame(code: 1011, reason: "why")), (5000, .frame(code: 1011, reason: "why")),
        (65_535, .frame(code: 1011, reason: "why")), (70_000, .frame(code: 1011, reason: "why")), (-1, .frame(code: 1011, reason: "why")),
    ])
    func eachRecordedCodeMapsToWhatTheWireAllows(code: Int, expected: ReplayClose) {
        #expect(ReplayClose(HAR.WebSocketClose(code: code, reason: "why", closedBy: .server)) == expected)
    }

    @Test func aCloseWithoutACodeIsADrop() {
        #expect(ReplayClose(HAR.WebSocketClose(code: nil, reason: "", closedBy: .server)) == .drop)
    }

    /// What a real client sees when the replay server plays the recorded close.
    static func closeSeenByAClient(recordedCode: Int?, reason: String) async throws -> WebSocketCloseInfo {
        let server = ReplayServer(engine: ReplayEngine(document: recording(closedWith: recordedCode, reason: reason), volatile: .kitchen),
                                  port: 0, speed: .max)
        try server.start()
        defer { server.stop() }
        let port = try #require(server.baseURL?.port)
        let client = try await WebSocketClient.connect(host: "127.0.0.1", port: port, target: "/ws")
        while true {
            if case .closed(let info) = await client.receive() { return info }
        }
    }

    /// A forbidden code on the wire would make the client fail the connection itself (1002,
    /// closed locally); what it must see instead is the server's clean close, or a drop. For a
    /// close frame without a code the client reports 1005 (§7.1.5).
    @Test(arguments: [
        (1000, 1000, true), (4001, 4001, true), (1005, 1005, true), (1006, 1006, false), (1015, 1006, false),
        (0, 1011, true), (1004, 1011, true), (2999, 1011, true), (5000, 1011, true),
    ] as [(Int, UInt16, Bool)])
    func theReplayServerNeverSendsAForbiddenCode(recorded: Int, seen: UInt16, clean: Bool) async throws {
        let reason = recorded == 1005 ? "" : "recorded reason"
        let info = try await Self.closeSeenByAClient(recordedCode: recorded, reason: reason)
        #expect(info.code?.rawValue == seen)
        #expect(info.wasClean == clean)
        #expect(info.initiator == .peer)
        if clean { #expect(info.reason == reason) }
    }

    @Test func chromesErrorEntriesAreNeitherPlayedNorExpected() {
        let messages = [
            HAR.WebSocketMessage(type: .send, time: 1_795_169_730.2, opcode: .text, data: "ping"),
            HAR.WebSocketMessage(type: .error, time: 1_795_169_730.3, opcode: .error, data: "net::ERR_CONNECTION_RESET"),
            HAR.WebSocketMessage(type: .receive, time: 1_795_169_730.4, opcode: .text, data: "pong"),
        ]
        let conversation = ReplayConversation(Self.recording(closedWith: 1000, messages: messages).log.entries[0])
        #expect(conversation.fromClient.map(\.data) == ["ping"])
        #expect(conversation.toClient.map(\.message.data) == ["pong"])
        #expect(conversation.toClient.map(\.offset) == [.milliseconds(277)])
    }
}
