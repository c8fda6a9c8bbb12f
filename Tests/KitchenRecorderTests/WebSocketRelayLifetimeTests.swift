import Foundation
import HTTPWire
@testable import KitchenRecorder
import KitchenTestSupport
import Testing

/// A finished conversation leaves nothing behind: its relay, its two connections and their
/// buffers are freed (each connection's handler holds the relay, so the relay must let them go).
@Suite(.timeLimit(.minutes(2)), .ownQueue) struct WebSocketRelayLifetimeTests {
    @Test func aRelayIsFreedOnceBothSidesOfItsConversationHaveEnded() async throws {
        let harness = try RecorderHarness(upstream: Respond.webSocket(ScriptedWebSocket(onMessage: { message, connection in
            try? connection.send(message)
        })))
        let client = try await WebSocketClient.connect(host: "127.0.0.1", port: harness.proxyPort, target: "/ws")
        client.setReceiveTimeout(.seconds(10))
        try client.send(text: "ping")
        #expect(await client.receive() == .message(.text("ping")))
        // Open, so registered: this is the conversation's relay.
        weak let relay = harness.proxy.registry.current.first
        #expect(relay != nil)
        client.close(code: .normalClosure, reason: "done")
        while case .message = await client.receive() {}
        // Stopping waits for every conversation to end (given all the time it needs here), then
        // stops the loops; waited for off the cooperative pool.
        let proxy = harness.proxy
        _ = try await offThePool { () throws in try proxy.stop(drainTimeout: .seconds(30)) }
        #expect(harness.proxy.registry.current.isEmpty)
        #expect(relay == nil, "the finished conversation's relay (and so its connections) is still alive")
    }
}
