import Foundation
import KitchenAPI
import Synchronization
import Testing

/// Notes, for each connect and receive, whether it ran on the main actor.
private final class IsolationNotingConnector: WebSocketConnecting {
    let notes = Mutex<[String]>([])

    func note(_ step: String, _ isolation: (any Actor)?) {
        notes.withLock { $0.append("\(step) main=\((isolation as AnyObject?) === MainActor.shared)") }
    }

    nonisolated(nonsending) func connect(url: URL, token: String) async throws -> any WebSocketChannel {
        note("connect", #isolation)
        return IsolationNotingChannel(connector: self)
    }
}

/// Two messages, then the close that ends the service's loop (4001: no reconnect).
private final class IsolationNotingChannel: WebSocketChannel {
    let connector: IsolationNotingConnector
    let script = Mutex<[WebSocketChannelEvent]>([.text("one"), .text("two"), .closed(code: 4001, reason: "expired")])

    init(connector: IsolationNotingConnector) {
        self.connector = connector
    }

    nonisolated(nonsending) func receive() async throws -> WebSocketChannelEvent {
        connector.note("receive", #isolation)
        return script.withLock { $0.isEmpty ? .closed(code: 4001, reason: "expired") : $0.removeFirst() }
    }

    nonisolated(nonsending) func close(code: Int, reason: String) async {}
}

@Suite("The live-update loop runs in its caller's isolation")
struct LiveUpdatesIsolationTests {
    static let url = URL(string: "http://kitchen.test")!

    @Test("From the main actor, every connect and receive of the loop runs on the main actor")
    @MainActor
    func mainActorCallerStays() async {
        let connector = IsolationNotingConnector()
        let service = WebSocketService(baseURL: Self.url, connector: connector)
        var events: [LiveEvent] = []
        for await event in service.events(token: "t") { events.append(event) }
        #expect(events.count == 4)  // connected, two unreadable messages, unauthorized
        #expect(connector.notes.withLock { $0 } == [
            "connect main=true", "receive main=true", "receive main=true", "receive main=true",
        ])
    }

    @Test("run(token:deliver:) hands each event over in the caller's task, before it returns")
    @MainActor
    func runDeliversInPlace() async {
        let connector = IsolationNotingConnector()
        let service = WebSocketService(baseURL: Self.url, connector: connector)
        var delivered: [String] = []
        await service.run(token: "t") { event in
            MainActor.assertIsolated()
            delivered.append("\(event)")
        }
        #expect(delivered.count == 4)
        #expect(delivered.last == "\(LiveEvent.unauthorized)")
    }

    @Test("From a nonisolated caller the loop is off the main actor (the check can tell)")
    func nonisolatedCallerIsNot() async {
        let connector = IsolationNotingConnector()
        let service = WebSocketService(baseURL: Self.url, connector: connector)
        for await _ in service.events(token: "t") {}
        #expect(connector.notes.withLock { $0 }.allSatisfy { $0.hasSuffix("main=false") })
        #expect(connector.notes.withLock { $0 }.count == 4)
    }
}
