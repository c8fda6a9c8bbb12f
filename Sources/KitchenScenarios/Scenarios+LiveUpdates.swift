import KitchenAPI

extension Scenario {
    /// The token expires while the live updates are open: the server closes with 4001.
    static let tokenExpiryClosesLiveUpdates = Scenario(
        name: "token-expiry-live-updates", summary: "the token expires while the WebSocket is open (close 4001)",
        requires: [.tokens]
    ) { context in
        let controls = try context.requireControls()
        let (api, devices, live) = try await context.loggedInWithLiveUpdates()
        let fridge = try devices.first(.fridge)
        let start = try live.fridge(fridge.id).targetTemperature
        let target = Differing.value(38, from: start, in: 33...45)
        _ = try await api.setFridgeTemperature(deviceId: fridge.id, temperature: target)
        try await live.waitForUpdate("fridge target \(target) °F", deviceID: fridge.id) { if case .fridge(let s) = $0 { s.targetTemperature == target } else { false } }
        try await controls.expireTokens(of: context.primary.username)
        try await live.waitFor("close 4001") { $0 == .unauthorized }
        await live.close()
        // The old token is gone: a new session puts the fridge back.
        let (again, _) = try await context.loggedIn()
        _ = try await again.setFridgeTemperature(deviceId: fridge.id, temperature: start)
    }

    /// The live-update socket is dropped by the network; the client reconnects and gets a fresh snapshot.
    static let reconnectAfterDrop = Scenario(
        name: "reconnect-after-drop", summary: "a dropped live-update socket reconnects and receives a new snapshot",
        requires: [.clock, .webSockets]
    ) { context in
        let controls = try context.requireControls()
        // The cycle completes before the drop, so the snapshot after the reconnect repeats "complete".
        try await context.withCompletedRinseCycle { _, devices, live, _ in
            try await controls.dropWebSockets(of: context.primary.username)
            try await live.waitFor("disconnected") { if case .disconnected = $0 { true } else { false } }
            try await live.waitFor("reconnected") { if case .connected(let attempt) = $0 { attempt > 0 } else { false } }
            try await live.waitForMessages(devices.snapshotCount, "the new snapshot")
        }
    }
}
