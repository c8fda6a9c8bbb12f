import Foundation
import KitchenRecording
@testable import KitchenReplay
import Testing

/// The one timeline every player of a recorded conversation is a shell over: steps in order,
/// due at their offsets scaled by the speed, then the recorded ending.
@Suite struct ConversationTimelineTests {
    /// The upgrade was recorded at 10:15:30.123; messages at +100, +250 (client), +400 and +900 ms.
    static func conversation(closedBy party: HAR.WebSocketClose.Party?, code: Int? = 1001) -> ReplayConversation {
        let start = 1_795_169_730.123
        let entry = HAR.Entry(
            startedDateTime: "2026-11-20T10:15:30.123Z",
            request: HAR.Request(method: "GET", url: "ws://127.0.0.1:8080/ws", headers: [.init(name: "Upgrade", value: "websocket")]),
            response: HAR.Response(status: 101, statusText: "Switching Protocols", content: HAR.Content(size: 0, mimeType: "x-unknown")),
            timings: HAR.Timings(), resourceType: "websocket",
            webSocketMessages: [
                HAR.WebSocketMessage(type: .receive, time: start + 0.1, opcode: .text, data: "one"),
                HAR.WebSocketMessage(type: .send, time: start + 0.25, opcode: .text, data: "from the client"),
                HAR.WebSocketMessage(type: .receive, at: Date(timeIntervalSince1970: start + 0.4), opcode: .binary, payload: [0, 1, 2]),
                HAR.WebSocketMessage(type: .receive, time: start + 0.9, opcode: .text, data: "three"),
            ],
            webSocketClose: party.map { HAR.WebSocketClose(code: code, reason: "bye", closedBy: $0) })
        return ReplayConversation(entry)
    }

    static func steps(_ conversation: ReplayConversation, speed: ReplaySpeed) -> [(Duration, ConversationTimeline.Step)] {
        var timeline = ConversationTimeline(conversation, speed: speed)
        var steps: [(Duration, ConversationTimeline.Step)] = []
        while let next = timeline.next() { steps.append(next) }
        #expect(timeline.next() == nil, "a finished timeline stays finished")
        return steps
    }

    @Test func serverMessagesAtTheirOffsetsThenTheServersCloseAtTheLastMessagesTime() {
        let steps = Self.steps(Self.conversation(closedBy: .server), speed: .scaled(1))
        #expect(steps.map(\.0) == [.milliseconds(100), .milliseconds(400), .milliseconds(900), .milliseconds(900)])
        #expect(steps.map(\.1) == [
            .message(.text("one")), .message(.binary([0, 1, 2])), .message(.text("three")),
            .close(HAR.WebSocketClose(code: 1001, reason: "bye", closedBy: .server)),
        ])
    }

    @Test func theSpeedScalesEveryDueTimeAndMaxPlaysEverythingAtOnce() {
        let doubled = Self.steps(Self.conversation(closedBy: .proxy), speed: .scaled(2))
        #expect(doubled.map(\.0) == [.milliseconds(50), .milliseconds(200), .milliseconds(450), .milliseconds(450)])
        #expect(doubled.last?.1 == .close(HAR.WebSocketClose(code: 1001, reason: "bye", closedBy: .proxy)))
        #expect(Self.steps(Self.conversation(closedBy: .server), speed: .max).allSatisfy { $0.0 == .zero })
    }

    @Test(arguments: [HAR.WebSocketClose.Party.client, nil])
    func aConversationTheClientEndedOrNeverClosedEndsByWaitingForTheClient(party: HAR.WebSocketClose.Party?) {
        let steps = Self.steps(Self.conversation(closedBy: party), speed: .scaled(1))
        #expect(steps.count == 4)
        #expect(steps.last?.1 == .awaitClientClose)
        #expect(steps.last?.0 == .milliseconds(900))
    }

    @Test func aConversationWithNoServerMessagesEndsAtOnce() {
        let entry = HAR.Entry(
            startedDateTime: "2026-11-20T10:15:30.123Z",
            request: HAR.Request(method: "GET", url: "ws://h/ws"),
            response: HAR.Response(status: 101, statusText: "Switching Protocols", content: HAR.Content(size: 0, mimeType: "x-unknown")),
            timings: HAR.Timings(), resourceType: "websocket", webSocketMessages: [],
            webSocketClose: HAR.WebSocketClose(code: 1000, reason: "", closedBy: .server))
        let steps = Self.steps(ReplayConversation(entry), speed: .scaled(1))
        #expect(steps.map(\.0) == [.zero])
        #expect(steps.map(\.1) == [.close(HAR.WebSocketClose(code: 1000, reason: "", closedBy: .server))])
    }

    @Test func theWaitCountsWholeMillisecondsFromTheStartAndIsNeverNegative() {
        let start = Date(timeIntervalSince1970: 1_795_169_730.123)
        #expect(ConversationTimeline.wait(until: .milliseconds(400), since: start, now: start) == .milliseconds(400))
        #expect(ConversationTimeline.wait(until: .milliseconds(400), since: start, now: start + 0.1504) == .milliseconds(250))
        #expect(ConversationTimeline.wait(until: .milliseconds(400), since: start, now: start + 0.4) == .zero)
        #expect(ConversationTimeline.wait(until: .milliseconds(400), since: start, now: start + 5) == .zero)
        // Scaled due times need not be whole milliseconds: 1 ms at speed 3 waits 0 ms, not a fraction.
        #expect(ConversationTimeline.wait(until: .milliseconds(1) / 3, since: start, now: start) == .zero)
    }
}
