import Foundation
import HarnessCore
import KitchenAPI
import Testing
import KitchenTestSupport

@Suite("WebSocketService", .timeLimit(.minutes(2)))
struct WebSocketServiceTests {
    static let base = URL(string: "http://kitchen.test:8080")!
    static let noJitter = ReconnectPolicy(jitter: 0)
    static let ovenMessage = StateMessage(
        deviceId: "oven-1", compartment: "upper", sentAt: apiDate("2026-11-20T10:15:31.000Z"),
        update: .oven(Samples.oven))

    /// Collects every event until the stream finishes.
    static func collect(_ stream: AsyncStream<LiveEvent>) async -> [LiveEvent] {
        var events: [LiveEvent] = []
        for await event in stream { events.append(event) }
        return events
    }

    @Test("The live URL is /ws after the REST base path, on its host, ws for http and wss for https", arguments: [
        ("http://kitchen.test:8080", "ws://kitchen.test:8080/ws"),
        ("https://kitchen.example/api/", "wss://kitchen.example/api/ws"),
        ("HTTPS://kitchen.example", "wss://kitchen.example/ws"),
        ("http://kitchen.test/api/v1", "ws://kitchen.test/api/v1/ws"),
        ("https://kitchen.test:8443/api/v1", "wss://kitchen.test:8443/api/v1/ws"),
        ("http://kitchen.test:8080/api/v1//", "ws://kitchen.test:8080/api/v1/ws"),
    ])
    func liveURL(base: String, expected: String) {
        let service = WebSocketService(baseURL: URL(string: base)!, connector: FakeConnector([]))
        #expect(service.liveUpdatesURL.absoluteString == expected)
    }

    @Test("After a drop it reports, waits the policy's delays on the clock, reconnects, and stops at 4001")
    func reconnectsWithBackoff() async throws {
        let first = FakeChannel(events: [try frame(Self.ovenMessage), .closed(code: 1001, reason: "going away")])
        let third = FakeChannel(events: [.closed(code: 4001, reason: "unauthorized")])
        let connector = FakeConnector([
            .channel(first), .failure(WebSocketConnectError.failed("connection refused")), .channel(third),
        ])
        let clock = InstantClock()
        let service = WebSocketService(baseURL: Self.base, connector: connector, policy: Self.noJitter, clock: clock)

        let events = await Self.collect(service.events(token: "tok-9"))

        #expect(events == [
            .connected(attempt: 0), .message(Self.ovenMessage),
            .disconnected(code: 1001, reason: "going away"), .reconnecting(attempt: 1, delay: .milliseconds(500)),
            .disconnected(code: nil, reason: "connection refused"), .reconnecting(attempt: 2, delay: .seconds(1)),
            .connected(attempt: 2), .unauthorized,
        ])
        #expect(clock.sleeps == [.milliseconds(500), .seconds(1)])
        #expect(connector.attempts.map(\.token) == ["tok-9", "tok-9", "tok-9"])
        #expect(connector.attempts.map(\.url.absoluteString) == Array(repeating: "ws://kitchen.test:8080/ws", count: 3))
        #expect(third.closes.isEmpty, "a server close needs no close from the client")
    }

    @Test("A successful connection resets the attempt count")
    func successResetsAttempts() async {
        let connector = FakeConnector([
            .channel(FakeChannel(events: [.closed(code: 1006, reason: "")])),
            .channel(FakeChannel(events: [.closed(code: 1012, reason: "restart")])),
            .channel(FakeChannel(events: [.closed(code: 4001, reason: "unauthorized")])),
        ])
        let clock = InstantClock()
        let service = WebSocketService(baseURL: Self.base, connector: connector, policy: Self.noJitter, clock: clock)
        let events = await Self.collect(service.events(token: "t"))
        #expect(events.filter { if case .reconnecting = $0 { true } else { false } } == [
            .reconnecting(attempt: 1, delay: .milliseconds(500)), .reconnecting(attempt: 1, delay: .milliseconds(500)),
        ])
        #expect(events.filter { if case .connected = $0 { true } else { false } } == [
            .connected(attempt: 0), .connected(attempt: 1), .connected(attempt: 1),
        ])
    }

    @Test("An upgrade refused with 401 is final: unauthorized, no retry, no sleep")
    func upgradeRefused() async {
        let connector = FakeConnector([.failure(WebSocketConnectError.unauthorized), .channel(FakeChannel())])
        let clock = InstantClock()
        let service = WebSocketService(baseURL: Self.base, connector: connector, clock: clock)
        #expect(await Self.collect(service.events(token: "expired")) == [.unauthorized])
        #expect(connector.attempts.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test("Close 4001 is final: no reconnect")
    func close4001() async {
        let connector = FakeConnector([
            .channel(FakeChannel(events: [.closed(code: 4001, reason: "unauthorized")])), .channel(FakeChannel()),
        ])
        let clock = InstantClock()
        let service = WebSocketService(baseURL: Self.base, connector: connector, clock: clock)
        #expect(await Self.collect(service.events(token: "t")) == [.connected(attempt: 0), .unauthorized])
        #expect(connector.attempts.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test("Unreadable frames are surfaced and the stream goes on")
    func unreadableFrames() async throws {
        let channel = FakeChannel(events: [
            .text("not json"), .text(#"{"type":"hello"}"#),
            .text(#"""
                {"type":"state","deviceId":"t","deviceType":"toaster","compartment":null,"state":{},
                 "sentAt":"2026-01-15T08:00:00.000Z"}
                """#),
            .binary([1, 2, 3]), try frame(Self.ovenMessage), .closed(code: 4001, reason: "unauthorized"),
        ])
        let service = WebSocketService(
            baseURL: Self.base, connector: FakeConnector([.channel(channel)]), clock: InstantClock())
        let events = await Self.collect(service.events(token: "t"))
        #expect(events.count == 7)
        guard events.count == 7 else { return }
        #expect(events[0] == .connected(attempt: 0))
        let expectedReasons = [
            (1, "Malformed"), (2, "type hello"), (3, "deviceType toaster"), (4, "Binary frame of 3 bytes"),
        ]
        for (index, fragment) in expectedReasons {
            guard case .unreadable(let reason) = events[index] else {
                Issue.record("event \(index) should be unreadable: \(events[index])")
                continue
            }
            #expect(reason.contains(fragment), "\(reason)")
        }
        #expect(events[5] == .message(Self.ovenMessage))
        #expect(events[6] == .unauthorized)
    }

    @Test("A failed read releases the channel and reconnects")
    func readFailure() async {
        struct Reset: Error, CustomStringConvertible { var description: String { "connection reset" } }
        let broken = FakeChannel([.failure(Reset())])
        let connector = FakeConnector([.channel(broken)])
        let service = WebSocketService(
            baseURL: Self.base, connector: connector, policy: Self.noJitter, clock: InstantClock())
        let events = await Self.collect(service.events(token: "t"))
        #expect(events == [
            .connected(attempt: 0), .disconnected(code: nil, reason: "connection reset"),
            .reconnecting(attempt: 1, delay: .milliseconds(500)), .unauthorized,
        ])
        #expect(broken.closes.map(\.code) == [1001])
    }

    @Test("Running out of attempts finishes the stream after the last disconnect")
    func attemptsExhausted() async {
        let refused = FakeConnector.Outcome.failure(WebSocketConnectError.failed("refused"))
        let connector = FakeConnector([refused, refused, refused, refused])
        let clock = InstantClock()
        let policy = ReconnectPolicy(jitter: 0, maximumAttempts: 2)
        let service = WebSocketService(baseURL: Self.base, connector: connector, policy: policy, clock: clock)
        #expect(await Self.collect(service.events(token: "t")) == [
            .disconnected(code: nil, reason: "refused"), .reconnecting(attempt: 1, delay: .milliseconds(500)),
            .disconnected(code: nil, reason: "refused"), .reconnecting(attempt: 2, delay: .seconds(1)),
            .disconnected(code: nil, reason: "refused"),
        ])
        #expect(connector.attempts.count == 3)
        #expect(clock.sleeps == [.milliseconds(500), .seconds(1)])
    }

    @Test("Jittered delays come from the injected generator, as the policy computes them")
    func seededJitter() async {
        let refused = FakeConnector.Outcome.failure(WebSocketConnectError.failed("refused"))
        let connector = FakeConnector([refused, refused, refused, refused])
        let clock = InstantClock()
        let policy = ReconnectPolicy(maximumAttempts: 3)
        let service = WebSocketService(
            baseURL: Self.base, connector: connector, policy: policy, clock: clock, random: SeededGenerator(seed: 77))
        _ = await Self.collect(service.events(token: "t"))
        var replay = SeededGenerator(seed: 77)
        #expect(clock.sleeps == (1...3).map { policy.delay(forAttempt: $0, using: &replay) })
        #expect(clock.sleeps != [.milliseconds(500), .seconds(1), .seconds(2)], "jitter should move the delays")
    }

    @Test("Cancelling the consumer closes the socket with 1000 exactly once", arguments: [false, true])
    func cancelClosesChannel(channelHonoursCancellation: Bool) async {
        let channel = FakeChannel([], honoursCancellation: channelHonoursCancellation)
        let connector = FakeConnector([.channel(channel)])
        let service = WebSocketService(baseURL: Self.base, connector: connector, clock: InstantClock())
        let stream = service.events(token: "t")
        let consumer = Task { await Self.collect(stream) }

        await channel.parked.wait()
        consumer.cancel()
        await channel.closed.wait()
        let events = await consumer.value

        #expect(events == [.connected(attempt: 0)])
        #expect(channel.closes.map(\.code) == [1000])
        #expect(connector.attempts.count == 1)
    }

    @Test("Breaking out of the loop and dropping the stream also closes the socket with 1000")
    func droppingStreamCloses() async {
        let channel = FakeChannel()
        let service = WebSocketService(
            baseURL: Self.base, connector: FakeConnector([.channel(channel)]), clock: InstantClock())
        var first: LiveEvent?
        for await event in service.events(token: "t") {
            first = event
            break
        }
        await channel.closed.wait()
        #expect(first == .connected(attempt: 0))
        #expect(channel.closes.map(\.code) == [1000])
    }

    @Test("Cancelling while waiting to reconnect ends the stream without another attempt")
    func cancelDuringBackoff() async {
        let connector = FakeConnector([.failure(WebSocketConnectError.failed("refused"))])
        let clock = ParkingClock()
        let service = WebSocketService(baseURL: Self.base, connector: connector, policy: Self.noJitter, clock: clock)
        let stream = service.events(token: "t")
        let consumer = Task { await Self.collect(stream) }

        await clock.sleeping.wait()
        consumer.cancel()
        let events = await consumer.value

        #expect(events == [
            .disconnected(code: nil, reason: "refused"), .reconnecting(attempt: 1, delay: .milliseconds(500)),
        ])
        #expect(connector.attempts.count == 1)
    }
}
