import HTTPWire
import KitchenTestSupport
import Synchronization
import Testing

/// WebSockets served on the event loop by a `WebSocketLoopHandler`: told of the opening, each
/// message in order and the end once, never re-entered, and paused and resumed without losing or
/// reordering anything.
@Suite(.timeLimit(.minutes(2)), .ownQueue) struct LoopHandlerTests {
    /// What a handler saw, in order, and whether it was ever called while already inside a call.
    final class Journal: Sendable {
        private let state = Mutex<(events: [String], inside: Bool, reentered: Bool)>(([], false, false))
        let ended = Signal()

        func enter(_ event: String) {
            state.withLock { state in
                if state.inside { state.reentered = true }
                state.inside = true
                state.events.append(event)
            }
        }

        func leave() { state.withLock { $0.inside = false } }

        var events: [String] { state.withLock { $0.events } }
        var wasReentered: Bool { state.withLock { $0.reentered } }
    }

    /// Echoes each message; on every third one pauses and resumes reading from inside the call.
    struct PausingEcho: WebSocketLoopHandler {
        let journal: Journal

        func opened(_ connection: WebSocketConnection) {
            journal.enter("opened")
            journal.leave()
        }

        func received(_ message: WebSocketMessage, on connection: WebSocketConnection) {
            guard case .text(let text) = message else { return }
            journal.enter(text)
            defer { journal.leave() }
            if (Int(text) ?? 0) % 3 == 0 {
                connection.pauseReading()
                connection.resumeReading()
            }
            try? connection.send(message)
        }

        func ended(_ info: WebSocketCloseInfo, on connection: WebSocketConnection) {
            journal.enter("ended \(info.code.map { String($0.rawValue) } ?? "-")")
            journal.leave()
            journal.ended.fire()
        }
    }

    @Test func aHandlerIsToldOfEachMessageInOrderAndOfTheEndOnceAndIsNeverReentered() async throws {
        let journal = Journal()
        let server = try TestServer(routes: ["/ws": { _, _ in .webSocketOnLoop(handler: PausingEcho(journal: journal)) }])
        defer { server.stop() }
        let client = try await WebSocketClient.connect(host: "127.0.0.1", port: server.port, target: "/ws")
        client.setReceiveTimeout(.seconds(10))
        let count = 300
        for index in 1...count { try client.send(text: "\(index)") }
        var echoed: [String] = []
        for _ in 1...count {
            guard case .message(.text(let text)) = await client.receive() else { break }
            echoed.append(text)
        }
        client.close(code: .normalClosure, reason: "done")
        // A blocking wait: off the cooperative pool, so other tests run meanwhile.
        let ended = await journal.ended.wait(seconds: 10)
        #expect(ended)
        let numbers = (1...count).map(String.init)
        #expect(echoed == numbers)
        #expect(journal.events == ["opened"] + numbers + ["ended 1000"])
        #expect(!journal.wasReentered, "a handler was called from inside one of its own calls")
    }
}
