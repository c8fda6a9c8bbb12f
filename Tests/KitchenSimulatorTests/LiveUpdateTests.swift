import HarnessCore
import HTTPWire
import KitchenTestSupport
import Testing
@testable import KitchenSimulator

/// The live-update WebSocket: snapshot, changes from commands and ticks, owner-only delivery, 4001.
@Suite(.timeLimit(.minutes(2)), .ownQueue) struct LiveUpdateTests {
    @Test func snapshotOnConnectHasOneMessagePerDeviceAndCompartmentInListOrder() async throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        let devices = try harness.devices(token: token)
        let socket = try await harness.openLiveUpdates(token: token)
        defer { socket.close() }
        let snapshot = await socket.nextMessages(6)
        #expect(snapshot.map { $0["deviceId"]?.stringValue } ==
                [devices["oven"], devices["oven"], devices["singleOven"], devices["fridge"], devices["dishwasher"], devices["ice_maker"]])
        #expect(snapshot.map { $0["compartment"] } == ["upper", "lower", .null, .null, .null, .null] as [JSONValue?])
        #expect(snapshot.map { $0["deviceType"]?.stringValue } == ["oven", "oven", "oven", "fridge", "dishwasher", "ice_maker"])
        for message in snapshot {
            #expect(Set(message.objectValue?.keys ?? []) == ["type", "deviceId", "deviceType", "compartment", "state", "sentAt"])
            #expect(message["type"] == "state")
            #expect(message["sentAt"] == "2026-11-20T10:00:00.000Z")
        }
    }

    @Test func tokenInTheQueryIsAcceptedAndABadTokenIsRefusedWith401() async throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        let socket = try await harness.openLiveUpdates(token: token, viaQuery: true)
        #expect(await socket.nextMessages(6).count == 6)
        socket.close()
        do {
            _ = try await harness.openLiveUpdates(token: "tok_bogus")
            Issue.record("the upgrade was accepted")
        } catch WebSocketClientError.rejected(let response) {
            #expect(response.status.code == 401)
            #expect(try JSONValue(parsing: response.bodyBytes ?? [])["error"] == "unauthorized")
        }
    }

    @Test func aCommandIsBroadcastAsOneStateMessage() async throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        let fridge = try harness.devices(token: token)["fridge"]!
        let socket = try await harness.openLiveUpdates(token: token)
        defer { socket.close() }
        _ = await socket.nextMessages(6)
        _ = try harness.send(.post, "/devices/\(fridge)/fridge/temperature", token: token, body: ["temperature": 40])
        let update = try #require(await socket.nextMessages(1).first)
        #expect(update["deviceId"]?.stringValue == fridge)
        #expect(update["state"]?["targetTemperature"] == 40)
        #expect(update["compartment"] == .null)
    }

    @Test func aTickBroadcastsOnlyTheStatesThatChanged() async throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        let devices = try harness.devices(token: token)
        let socket = try await harness.openLiveUpdates(token: token)
        defer { socket.close() }
        _ = await socket.nextMessages(6)
        // Only the ice maker (on, medium) changes in the first tick of a fresh kitchen.
        try harness.simulator.advance(ticks: 1)
        let tick = try #require(await socket.nextMessages(1).first)
        #expect(tick["deviceId"]?.stringValue == devices["ice_maker"])
        #expect(tick["state"]?["binLevel"] == 42)
        #expect(tick["sentAt"] == "2026-11-20T10:00:01.000Z")
        // The next thing on the socket is the next change, not a late duplicate of the tick.
        _ = try harness.send(.post, "/devices/\(devices["dishwasher"]!)/dishwasher/start", token: token, body: ["cycle": "eco"])
        #expect(await socket.nextMessages(1).first?["deviceId"]?.stringValue == devices["dishwasher"])
    }

    @Test func changesReachOnlyTheOwnersSockets() async throws {
        let harness = try SimulatorHarness()
        let demo = try harness.login("demo"), alice = try harness.login("alice")
        let demoDevices = try harness.devices(token: demo), aliceDevices = try harness.devices(token: alice)
        let aliceSocket = try await harness.openLiveUpdates(token: alice)
        defer { aliceSocket.close() }
        _ = await aliceSocket.nextMessages(6)
        _ = try harness.send(.post, "/devices/\(demoDevices["fridge"]!)/fridge/temperature", token: demo, body: ["temperature": 44])
        _ = try harness.send(.post, "/devices/\(aliceDevices["fridge"]!)/fridge/temperature", token: alice, body: ["temperature": 35])
        // Per-socket order is the order of changes, so had demo's change reached alice it would come first.
        let next = try #require(await aliceSocket.nextMessages(1).first)
        #expect(next["deviceId"]?.stringValue == aliceDevices["fridge"])
    }

    @Test func expiryClosesTheSocketWith4001() async throws {
        let harness = try SimulatorHarness { $0.tokenTTLSeconds = 3 }
        let token = try harness.login()
        let socket = try await harness.openLiveUpdates(token: token)
        _ = await socket.nextMessages(6)
        try harness.simulator.advance(ticks: 3)
        var event = await socket.receive()
        while case .message = event { event = await socket.receive() }  // tick updates before the close
        guard case .closed(let info) = event else { Issue.record("not closed"); return }
        #expect(info.code == 4001)
        #expect(info.reason == "unauthorized")
        #expect(info.initiator == .peer)
    }

    @Test(arguments: ["logout", "revoke", "expire"])
    func revocationOrExpiryByControlClosesTheSocketWith4001(_ how: String) async throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        let socket = try await harness.openLiveUpdates(token: token)
        _ = await socket.nextMessages(6)
        switch how {
        case "logout": _ = try harness.send(.post, "/auth/logout", token: token)
        case "revoke": harness.simulator.revokeTokens(of: "demo")
        default: _ = try harness.send(.post, "/_sim/tokens/expire", body: ["username": "demo"])
        }
        guard case .closed(let info) = await socket.receive() else { Issue.record("not closed"); return }
        #expect(info.code == 4001)
    }

    @Test func droppedSocketEndsWithoutACloseFrame() async throws {
        let harness = try SimulatorHarness()
        let token = try harness.login()
        let socket = try await harness.openLiveUpdates(token: token)
        _ = await socket.nextMessages(6)
        let dropped = try harness.send(.post, "/_sim/websockets/drop", body: ["username": "demo"])
        #expect(dropped.json?["dropped"] == 1)
        guard case .closed(let info) = await socket.receive() else { Issue.record("not closed"); return }
        #expect(info.code == .abnormalClosure)
        #expect(!info.wasClean)
    }
}
