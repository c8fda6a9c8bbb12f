import Foundation
import KitchenAPI
import Testing

@Suite("MockWebSocket", .timeLimit(.minutes(2)))
struct MockWebSocketTests {
    static let message = StateMessage(
        deviceId: "icemaker-1", sentAt: apiDate("2026-01-15T08:00:01.000Z"), update: .iceMaker(.defaultIceMakerState))

    @Test("Delivers exactly what the test pushes, in order, including events pushed before subscribing")
    func deliversPushes() async {
        let webSocket = MockWebSocket()
        webSocket.push(.connected(attempt: 0))
        let stream = webSocket.events(token: "tok-a")
        webSocket.push([.message(Self.message), .unreadable("junk")])
        webSocket.push(.unauthorized)
        webSocket.finish()

        var events: [LiveEvent] = []
        for await event in stream { events.append(event) }
        #expect(events == [.connected(attempt: 0), .message(Self.message), .unreadable("junk"), .unauthorized])
        #expect(webSocket.tokens == ["tok-a"])
        #expect(webSocket.eventsCallCount == 1)
        #expect(webSocket.terminatedStreamCount == 1)
    }

    @Test("Records every subscription's token; pushes go to the newest stream")
    func recordsTokens() async {
        let webSocket = MockWebSocket()
        let first = webSocket.events(token: "one")
        webSocket.push(.connected(attempt: 0))
        webSocket.finish()
        let second = webSocket.events(token: "two")
        webSocket.push(.disconnected(code: 1001, reason: "bye"))
        webSocket.finish()

        var firstEvents: [LiveEvent] = []
        for await event in first { firstEvents.append(event) }
        var secondEvents: [LiveEvent] = []
        for await event in second { secondEvents.append(event) }
        #expect(firstEvents == [.connected(attempt: 0)])
        #expect(secondEvents == [.disconnected(code: 1001, reason: "bye")])
        #expect(webSocket.tokens == ["one", "two"])
    }
}
