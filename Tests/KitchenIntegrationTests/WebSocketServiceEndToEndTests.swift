import Foundation
import KitchenAPI
import Testing

/// The real `WebSocketService` over HTTPWire against the running simulator.
@Suite(.timeLimit(.minutes(2))) struct WebSocketServiceEndToEndTests {
    @Test func snapshotThenLiveUpdatesFromCommandsAndTicks() async throws {
        let live = try LiveSimulator()
        let (api, devices) = try await live.loggedIn()
        let (service, _) = live.liveUpdates()
        let stream = service.events(token: api.tokenStore.token!)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next() == .connected(attempt: 0))
        var snapshot: [StateMessage] = []
        while snapshot.count < 6, case .message(let message)? = await iterator.next() { snapshot.append(message) }
        #expect(snapshot.map(\.compartment) == ["upper", "lower", nil, nil, nil, nil])
        #expect(snapshot.map(\.deviceId) == [devices[0].id, devices[0].id] + devices.dropFirst().map(\.id))

        let fridge = devices.first(.fridge).id
        _ = try await api.setFridgeTemperature(deviceId: fridge, temperature: 40)
        guard case .message(let update)? = await iterator.next(), case .fridge(let state) = update.update else {
            Issue.record("expected a fridge update"); return
        }
        #expect(update.deviceId == fridge && state.targetTemperature == 40)

        try live.simulator.advance(ticks: 1)
        guard case .message(let tick)? = await iterator.next(), case .fridge(let cooled) = tick.update else {
            Issue.record("expected the fridge to move on the tick"); return
        }
        #expect(cooled.currentTemperature == 38)
    }

    @Test func close4001EndsTheStreamAsUnauthorizedWithoutReconnecting() async throws {
        let live = try LiveSimulator()
        let (api, _) = try await live.loggedIn()
        let (service, clock) = live.liveUpdates()
        let stream = service.events(token: api.tokenStore.token!)
        var iterator = stream.makeAsyncIterator()
        for _ in 0..<7 { _ = await iterator.next() }  // connected + snapshot
        live.simulator.expireTokens(of: "demo")
        #expect(await iterator.next() == .unauthorized)
        #expect(await iterator.next() == nil)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func anExpiredTokenIsRefusedAtTheUpgradeAsUnauthorized() async throws {
        let live = try LiveSimulator()
        let (api, _) = try await live.loggedIn()
        let token = api.tokenStore.token!
        live.simulator.expireTokens(of: "demo")
        let (service, _) = live.liveUpdates()
        #expect(await collect(service.events(token: token), count: 5) == [.unauthorized])
    }

    @Test func aDroppedSocketReconnectsWithBackoffAndGetsAFreshSnapshot() async throws {
        let live = try LiveSimulator()
        let (api, _) = try await live.loggedIn()
        let policy = ReconnectPolicy(initialDelay: .milliseconds(500), multiplier: 2, maximumDelay: .seconds(30), jitter: 0)
        let (service, clock) = live.liveUpdates(policy: policy)
        var iterator = service.events(token: api.tokenStore.token!).makeAsyncIterator()
        for _ in 0..<7 { _ = await iterator.next() }
        #expect(live.simulator.dropWebSockets(of: "demo") == 1)
        guard case .disconnected(let code, _)? = await iterator.next() else { Issue.record("no disconnect"); return }
        #expect(code == nil)  // no close frame: abnormal closure
        #expect(await iterator.next() == .reconnecting(attempt: 1, delay: .milliseconds(500)))
        #expect(await iterator.next() == .connected(attempt: 1))
        var snapshot = 0
        while snapshot < 6, case .message? = await iterator.next() { snapshot += 1 }
        #expect(snapshot == 6)
        #expect(clock.sleeps == [.milliseconds(500)])
    }
}
