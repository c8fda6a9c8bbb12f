import Foundation
import HTTPWire
import KitchenRecording
import KitchenTestSupport
import Testing

/// Frames relay byte-exact both ways (fragments, binary, control frames), closes are relayed, and the HAR
/// holds the conversation.
@Suite(.timeLimit(.minutes(2)), .ownQueue) struct WebSocketRelayTests {
    /// An upstream that runs `script` as it opens and records every frame it receives (frame
    /// mode, nothing answered for it but the close, echoed).
    func upstream(seen: Seen<WebSocketFrame>, script: @escaping @Sendable (WebSocketConnection) -> Void) -> Respond {
        .webSocket(configuration: WebSocketConfiguration(answersControlFrames: false), ScriptedWebSocket(onOpen: script, onFrame: { frame, connection in
            seen.add(frame)
            if frame.opcode == .close { try? connection.send(frame: frame) }
        }))
    }

    func connect(_ harness: RecorderHarness, answering: Bool = true) async throws -> WebSocketConnection {
        let connection = try await WebSocketClient.connect(host: "127.0.0.1", port: harness.proxyPort, target: "/ws",
                                                           configuration: WebSocketConfiguration(answersControlFrames: answering),
                                                           receiveMode: answering ? .messages : .frames)
        connection.setReceiveTimeout(.seconds(10))
        return connection
    }

    // An upstream faster than the journal: the relay holds frames back and stops reading the
    // upstream for a while (back-pressure), and still every message arrives, in order, and is recorded.
    @Test func aFloodFasterThanTheJournalArrivesWholeAndInOrder() async throws {
        let count = 8_000
        let harness = try RecorderHarness(upstream: upstream(seen: Seen()) { connection in
            for index in 0..<count { try? connection.send(text: "message \(index) " + String(repeating: "x", count: 200)) }
            connection.close(code: .normalClosure, reason: "done")
        })
        let client = try await connect(harness)
        var received: [Int] = []
        while case .message(.text(let text)) = await client.receive() {
            received.append(Int(text.split(separator: " ")[1]) ?? -1)
        }
        #expect(received.count == count, "\(received.count) of \(count) arrived")
        #expect(received == Array(0..<received.count), "out of order from message \(zip(received, 0...).first { $0 != $1 }.map { "\($0.1)" } ?? "-")")
        let entry = try #require(try await harness.finish().log.entries.first { $0.isWebSocket })
        #expect(entry.webSocketMessages?.count == count)
        #expect(entry.webSocketClose?.code == 1000)
    }

    @Test func fragmentedTextAndBinaryFramesRelayExactlyBothWaysAndAreRecordedAsMessages() async throws {
        let seen = Seen<WebSocketFrame>()
        let binary = sampleBytes(70_000)
        let harness = try RecorderHarness(upstream: upstream(seen: seen) { connection in
            // Server → client: a fragmented binary message.
            try? connection.send(frame: WebSocketFrame(fin: false, opcode: .binary, payload: Array(binary[..<30_000])))
            try? connection.send(frame: WebSocketFrame(fin: true, opcode: .continuation, payload: Array(binary[30_000...])))
        })
        let client = try await connect(harness, answering: false)
        let sent = [
            WebSocketFrame(fin: false, opcode: .text, payload: Array("héllo ".utf8)),
            WebSocketFrame(fin: false, opcode: .continuation, payload: Array("wörld".utf8)),
            WebSocketFrame(opcode: .ping, payload: [1, 2, 3]),
            WebSocketFrame(fin: true, opcode: .continuation, payload: Array("!".utf8)),
        ]
        for frame in sent { try client.send(frame: frame) }
        var received: [WebSocketFrame] = []
        while received.count < 2, case .frame(let frame) = await client.receive() { received.append(frame) }
        #expect(received == [WebSocketFrame(fin: false, opcode: .binary, payload: Array(binary[..<30_000])),
                             WebSocketFrame(fin: true, opcode: .continuation, payload: Array(binary[30_000...]))])
        client.close(code: .normalClosure, reason: "done")
        while case .frame = await client.receive() {}
        let har = try await harness.finish()
        #expect(Array(seen.all.prefix(4)) == sent, "the upstream saw the client's frames as sent, fragmentation and ping included")
        let entry = try #require(har.log.entries.first { $0.isWebSocket })
        let messages = entry.webSocketMessages ?? []
        #expect(messages.count == 2)
        let text = try #require(messages.first { $0.type == .send })
        #expect(text.opcode == .text && text.data == "héllo wörld!")
        let blob = try #require(messages.first { $0.type == .receive })
        #expect(blob.opcode == .binary)
        #expect(try blob.payload == binary)
        #expect(entry.webSocketClose == HAR.WebSocketClose(code: 1000, reason: "done", closedBy: .client))
    }

    @Test func anUpstreamCloseCodeReachesTheClientAndIsRecorded() async throws {
        let harness = try RecorderHarness(upstream: upstream(seen: Seen()) { connection in
            try? connection.send(text: "bye soon")
            connection.close(code: 4001, reason: "unauthorized")
        })
        let client = try await connect(harness)
        #expect(await client.receive() == .message(.text("bye soon")))
        guard case .closed(let info) = await client.receive() else { Issue.record("not closed"); return }
        #expect(info.code == 4001 && info.reason == "unauthorized")
        let entry = try #require(try await harness.finish().log.entries.first { $0.isWebSocket })
        #expect(entry.webSocketClose == HAR.WebSocketClose(code: 4001, reason: "unauthorized", closedBy: .server))
        #expect(entry.webSocketMessages?.map(\.data) == ["bye soon"])
    }

    /// What a client that reads nothing gets from a flooding upstream through the proxy (its queue
    /// for the client capped at `queueLimit`, or the default): whether the proxy dropped it, how
    /// many messages it could read afterwards, and the conversation as recorded.
    func stalledClient(queueLimit: Int? = nil) async throws -> (dropped: Bool, read: Int, entry: HAR.Entry) {
        let payload = String(repeating: "m", count: 4_000)
        // The proxy tells its observer once the close is journaled.
        let closeJournaled = Signal()
        // An upstream with room to queue everything, so that the slow party is the client alone.
        let harness = try RecorderHarness(upstream: Respond.webSocket(configuration: WebSocketConfiguration(maxQueuedBytes: 256 << 20), ScriptedWebSocket(onOpen: { connection in
            // Queued at once, and written as the proxy reads, until the proxy gives up on the
            // client and so drops this side too. What passes before that is the proxy's 8 MiB
            // queue for the client plus what the client side buffers (its own buffer and the
            // kernel's, which grows as it fills): 3,692 to 6,384 messages in three runs, so
            // 24,000 (96 MB) leave room to spare.
            for index in 0..<24_000 {
                guard (try? connection.send(text: "\(index) \(payload)")) != nil else { break }
            }
        })), configure: { configuration in
            if let queueLimit { configuration.maxQueuedWebSocketBytes = queueLimit }
            configuration.observer = { event in
                if case .webSocketClosed = event { closeJournaled.fire() }
            }
        })
        let client = try await connect(harness)
        // The client reads nothing until the proxy gives up on it. Waited for off the cooperative
        // pool, with no polling: the proxy and the upstream need the cores meanwhile.
        let dropped = await closeJournaled.wait(seconds: 60)
        var read = 0
        while case .message = await client.receive() { read += 1 }
        let entry = try #require(try await harness.finish().log.entries.first { $0.isWebSocket })
        return (dropped, read, entry)
    }

    @Test func aClientThatStopsReadingIsClosedByTheProxyAndItsUndeliveredMessagesAreMarked() async throws {
        let (dropped, read, entry) = try await stalledClient()
        #expect(dropped, "the proxy never closed the client that stopped reading")
        let close = try #require(entry.webSocketClose)
        #expect(close.closedBy == .proxy, "\(close)")
        #expect(close.reason.hasPrefix("the client stopped reading ("), "\(close.reason)")
        let received = (entry.webSocketMessages ?? []).filter { $0.type == .receive }
        let undelivered = received.filter { $0.undelivered == true }
        #expect(undelivered.count == close.undeliveredMessages)
        #expect(!undelivered.isEmpty, "messages were queued when the client was dropped")
        // Only the last ones are marked, and the client read no more than the unmarked ones.
        #expect(received.suffix(undelivered.count).allSatisfy { $0.undelivered == true })
        #expect(read <= received.count - undelivered.count, "read \(read), delivered as recorded \(received.count - undelivered.count)")
    }

    @Test func theQueueAClientMayFallBehindByIsTheConfiguredOne() async throws {
        let limit = 64 << 10
        let (dropped, _, entry) = try await stalledClient(queueLimit: limit)
        #expect(dropped, "the proxy never closed the client that stopped reading")
        let close = try #require(entry.webSocketClose)
        // "the client stopped reading (N bytes queued); …": N is what the proxy held for the
        // client when it gave up, within the configured limit (the default is 8 MiB).
        let queued = try #require(close.reason.split(separator: "(").dropFirst().first?.split(separator: " ").first.flatMap { Int($0) },
                                  "\(close.reason)")
        #expect(queued > 0 && queued <= limit, "\(queued) bytes queued, limit \(limit)")
    }

    @Test func anUpstreamThatDropsGivesTheClient1011AndTheCloseIsRecorded() async throws {
        let harness = try RecorderHarness(upstream: upstream(seen: Seen()) { connection in
            try? connection.send(text: "then silence")
            connection.dropWithoutClosing()
        })
        let client = try await connect(harness)
        #expect(await client.receive() == .message(.text("then silence")))
        guard case .closed(let info) = await client.receive() else { Issue.record("not closed"); return }
        #expect(info.code == .internalError)
        let entry = try #require(try await harness.finish().log.entries.first { $0.isWebSocket })
        #expect(entry.webSocketClose?.code == 1011)
        #expect(entry.webSocketClose?.closedBy == .proxy)
    }

    @Test func aRefusedUpgradeIsRelayedAsIsAndRecorded() async throws {
        let harness = try RecorderHarness(upstream: Respond { _ in
            .response(HTTPResponse(status: .unauthorized, headers: ["Content-Type": "application/json"],
                                   body: Array(#"{"error":"unauthorized","message":"no"}"#.utf8)))
        })
        do {
            _ = try await connect(harness)
            Issue.record("upgrade accepted")
        } catch WebSocketClientError.rejected(let response) {
            #expect(response.status.code == 401)
            #expect(response.bodyBytes == Array(#"{"error":"unauthorized","message":"no"}"#.utf8))
        }
        let entry = try #require(try await harness.finish().log.entries.first)
        #expect(entry.response.status == 401 && entry.resourceType == "websocket")
    }
}
