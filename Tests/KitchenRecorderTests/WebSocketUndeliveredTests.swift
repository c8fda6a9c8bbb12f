import Foundation
import HTTPWire
import KitchenRecording
import KitchenTestSupport
import Testing

/// A message that reaches the proxy for a side whose connection the proxy already closed is
/// recorded as undelivered (`_undelivered`), never as delivered, and goes nowhere.
@Suite(.timeLimit(.minutes(2)), .ownQueue) struct WebSocketUndeliveredTests {
    /// Invalid UTF-8 (an overlong encoding of "/"): the receiving side fails with 1007.
    static let invalidText = WebSocketFrame(opcode: .text, payload: [0xC0, 0xAF])

    // The upstream echoes the client's last message only once the proxy's close reaches it,
    // which the proxy sends after it has closed the client for its invalid frame: the echo
    // always comes after the client's connection ended.
    @Test func anEchoArrivingAfterTheProxyClosedTheClientForAProtocolErrorIsRecordedUndelivered() async throws {
        let last = Seen<WebSocketFrame>()
        let harness = try RecorderHarness(upstream: Respond.webSocket(configuration: WebSocketConfiguration(answersControlFrames: false),
                                                               ScriptedWebSocket(onFrame: { frame, connection in
            guard frame.opcode == .close else { return last.add(frame) }
            if let echo = last.all.last { try? connection.send(frame: echo) }
            try? connection.send(frame: frame)
        })))
        let client = try await WebSocketClient.connect(host: "127.0.0.1", port: harness.proxyPort, target: "/ws")
        client.setReceiveTimeout(.seconds(10))
        try client.send(text: "hello")
        try client.send(frame: Self.invalidText)
        guard case .closed(let info) = await client.receive() else {
            Issue.record("the client got a message after its invalid frame")
            return
        }
        #expect(info.code == .invalidPayloadData)

        let entry = try #require(try await harness.finish().log.entries.first { $0.isWebSocket })
        let messages = entry.webSocketMessages ?? []
        #expect(messages.map(\.type) == [.send, .receive])
        #expect(messages.map(\.data) == ["hello", "hello"])
        #expect(messages.first?.undelivered == nil, "the client's message reached the upstream")
        #expect(messages.last?.undelivered == true, "the echo came after the proxy closed the client")
        let close = try #require(entry.webSocketClose)
        #expect(close.code == 1007 && close.closedBy == .proxy, "\(close)")
        #expect(close.undeliveredMessages == nil, "nothing was waiting for the client when it was closed")
    }

    // The other way: the proxy closes the upstream for its invalid frame and tells the client;
    // the client sends one more message before it answers the close.
    @Test func aClientMessageArrivingAfterTheProxyClosedTheUpstreamIsRecordedUndelivered() async throws {
        let upstreamSaw = Seen<WebSocketFrame>()
        let harness = try RecorderHarness(upstream: Respond.webSocket(configuration: WebSocketConfiguration(answersControlFrames: false), ScriptedWebSocket(
            onOpen: { connection in try? connection.send(frame: Self.invalidText) },
            onFrame: { frame, _ in upstreamSaw.add(frame) })))
        // The client answers on its loop, as the close arrives: one more message, then the close.
        let clientSaw = Seen<WebSocketFrame>()
        let ended = Signal()
        let client = try await WebSocketClient.connect(
            host: "127.0.0.1", port: harness.proxyPort, target: "/ws",
            configuration: WebSocketConfiguration(answersControlFrames: false),
            handler: ScriptedWebSocket(onFrame: { frame, connection in
                clientSaw.add(frame)
                guard frame.opcode == .close else { return }
                try? connection.send(text: "too late")
                try? connection.send(frame: frame)
            }, onEnd: { ended.fire() }))
        client.setReceiveTimeout(.seconds(10))
        #expect(await ended.wait(seconds: 30), "the client's connection never ended")
        #expect(clientSaw.all.first?.opcode == .close, "the proxy did not close the client first")

        let entry = try #require(try await harness.finish().log.entries.first { $0.isWebSocket })
        let messages = entry.webSocketMessages ?? []
        #expect(messages.map(\.type) == [.send])
        #expect(messages.first?.data == "too late")
        #expect(messages.first?.undelivered == true)
        #expect(!upstreamSaw.all.contains { $0.opcode == .text }, "the upstream got a message after it was closed")
        #expect(entry.webSocketClose?.closedBy == .proxy)
    }
}
