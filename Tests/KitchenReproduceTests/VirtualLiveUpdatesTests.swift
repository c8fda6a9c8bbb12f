import KitchenAPI
import KitchenReproduce
import Testing
import VirtualTime

/// What a test pushes reaches the open stream; what has no open stream to go to is dropped, as
/// a closed socket drops it, and counted.
@Suite struct VirtualLiveUpdatesTests {
    @Test func eventsPushedWhileNoStreamIsOpenAreDroppedAndCounted() async throws {
        let clock = VirtualClock()
        let live = VirtualLiveUpdates(clock: clock)
        live.push(.connected(attempt: 0))
        let stream = live.events(token: "token-1")
        live.push([.connected(attempt: 1), .unauthorized])
        live.finish()
        live.push(.connected(attempt: 2))
        var received: [LiveEvent] = []
        for await event in stream { received.append(event) }
        #expect(received == [.connected(attempt: 1), .unauthorized])
        #expect(live.droppedEventCount == 2)
        #expect(live.tokens == ["token-1"])
        try await clock.settle()
    }
}
