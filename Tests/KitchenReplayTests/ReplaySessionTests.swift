import HarnessCore
import Foundation
import HTTPWire
import KitchenRecording
import KitchenReplay
import KitchenTestSupport
import Testing

/// Several clients recorded together: identical requests are answered from the session whose
/// token alias the request carries, so each client gets its own answers in any order.
@Suite struct ReplaySessionTests {
    /// Alice and Bob log in, list devices twice each and open a WebSocket each, interleaved.
    static let twoClients = RecordedExchanges.document([
        RecordedExchanges.login("alice", token: "<token-1>"),
        RecordedExchanges.login("bob", token: "<token-2>"),
        RecordedExchanges.devices(token: "<token-1>", name: "alice 1"),
        RecordedExchanges.devices(token: "<token-2>", name: "bob 1"),
        RecordedExchanges.webSocket(token: "<token-1>", messages: ["alice state"]),
        RecordedExchanges.devices(token: "<token-2>", name: "bob 2"),
        RecordedExchanges.devices(token: "<token-1>", name: "alice 2"),
        RecordedExchanges.webSocket(token: "<token-2>", messages: ["bob state", "bob update"]),
    ])

    /// One client of a replay: logs in, then carries the token the replayed login handed out,
    /// in an `Authorization` header, or in the WebSocket's `?token=` as the app does.
    struct Client {
        let engine: ReplayEngine
        var token: String?

        mutating func logIn(_ username: String) throws {
            let login = HTTPRequest(method: .post, target: "/auth/login", headers: ["Content-Type": "application/json"],
                                    body: Array(#"{"username":"\#(username)","password":"secret"}"#.utf8))
            let reply = try #require(answer(login))
            guard case .object(let object)? = try reply.response.bodyJSON, case .string(let token)? = object["token"] else {
                Issue.record("the login answered no token")
                return
            }
            self.token = token
        }

        func deviceName() throws -> String? {
            let request = HTTPRequest(method: .get, target: "/devices", headers: HTTPHeaders(token.map { [.init(name: "Authorization", value: "Bearer \($0)")] } ?? []))
            guard case .array(let devices)? = try answer(request)?.response.bodyJSON,
                  case .object(let device)? = devices.first, case .string(let name)? = device["name"] else { return nil }
            return name
        }

        /// The messages the server's side of this client's WebSocket sends.
        func webSocketMessages() -> [String]? {
            let request = HTTPRequest(method: .get, target: "/ws?token=\(token ?? "")",
                                      headers: ["Upgrade": "websocket", "Connection": "Upgrade"])
            guard case .answer(let entry) = engine.answer(ReplayRequest(request, volatile: engine.volatile), webSocket: true) else { return nil }
            return ReplayConversation(entry.entry).toClient.map(\.message.data)
        }

        private func answer(_ request: HTTPRequest) -> HAR.Entry? {
            guard case .answer(let entry) = engine.answer(ReplayRequest(request, volatile: engine.volatile)) else { return nil }
            return entry.entry
        }
    }

    @Test func clientsReplayedInReverseOrderEachGetTheirOwnAnswersAndWebSocket() throws {
        let engine = ReplayEngine(document: Self.twoClients, volatile: VolatileFields([]))
        var bob = Client(engine: engine)
        try bob.logIn("bob")
        #expect(bob.token == "<token-2>")
        #expect(try bob.deviceName() == "bob 1")
        #expect(try bob.deviceName() == "bob 2")
        #expect(bob.webSocketMessages() == ["bob state", "bob update"])
        var alice = Client(engine: engine)
        try alice.logIn("alice")
        #expect(try alice.deviceName() == "alice 1")
        #expect(try alice.deviceName() == "alice 2")
        #expect(alice.webSocketMessages() == ["alice state"])
        #expect(engine.unusedEntries.isEmpty)
        #expect(engine.mismatches.isEmpty)
    }

    @Test func interleavedClientsEachGetTheirOwnAnswersInTheirOwnOrder() throws {
        let engine = ReplayEngine(document: Self.twoClients, volatile: VolatileFields([]))
        var alice = Client(engine: engine)
        var bob = Client(engine: engine)
        try bob.logIn("bob")
        try alice.logIn("alice")
        #expect(try alice.deviceName() == "alice 1")
        #expect(try bob.deviceName() == "bob 1")
        #expect(bob.webSocketMessages() == ["bob state", "bob update"])
        #expect(try bob.deviceName() == "bob 2")
        #expect(alice.webSocketMessages() == ["alice state"])
        #expect(try alice.deviceName() == "alice 2")
        #expect(engine.mismatches.isEmpty)
    }

    @Test func identicalLoginsGoInRecordedOrderAndEachTokenThenKeepsItsLoginsSession() throws {
        // Both clients logged in as demo: the logins cannot be told apart, so the first to log in
        // gets the first login's token, and from then on that session's answers.
        let document = RecordedExchanges.document([
            RecordedExchanges.login("demo", token: "<token-1>"),
            RecordedExchanges.login("demo", token: "<token-2>"),
            RecordedExchanges.devices(token: "<token-2>", name: "second"),
            RecordedExchanges.devices(token: "<token-1>", name: "first"),
        ])
        let engine = ReplayEngine(document: document, volatile: VolatileFields([]))
        var one = Client(engine: engine)
        var two = Client(engine: engine)
        try one.logIn("demo")
        try two.logIn("demo")
        #expect([one.token, two.token] == ["<token-1>", "<token-2>"])
        #expect(try two.deviceName() == "second")
        #expect(try one.deviceName() == "first")
    }

    @Test func aCredentialTheRecordingDoesNotKnowGetsTheAnswersInRecordedOrder() throws {
        let engine = ReplayEngine(document: Self.twoClients, volatile: VolatileFields([]))
        let stranger = Client(engine: engine, token: "not-an-alias")
        #expect(try stranger.deviceName() == "alice 1")
        #expect(try stranger.deviceName() == "bob 1")
        #expect(try stranger.deviceName() == "bob 2")
        #expect(try stranger.deviceName() == "alice 2")
        #expect(try stranger.deviceName() == nil)
    }

    @Test func aSessionWhoseAnswersAreUsedUpIsExhaustedRatherThanGivenAnotherSessionsAnswer() throws {
        let engine = ReplayEngine(document: Self.twoClients, mode: .once, volatile: VolatileFields([]))
        let bob = Client(engine: engine, token: "<token-2>")
        #expect(try bob.deviceName() == "bob 1")
        #expect(try bob.deviceName() == "bob 2")
        #expect(try bob.deviceName() == nil)
        #expect(engine.mismatches.last?.exhausted == true)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"),
                   "SKIPPED: /usr/bin/curl is not installed; sessions were not replayed over sockets"),
          .timeLimit(.minutes(2)))
    func clientsInterleavedOverTheReplayServerEachGetTheirOwnAnswers() async throws {
        let server = ReplayServer(engine: ReplayEngine(document: Self.twoClients, volatile: VolatileFields([])), port: 0, speed: .max)
        try server.start()
        defer { server.stop() }
        let url = try #require(server.baseURL).absoluteString + "/devices"
        var arguments: [String] = []
        for token in ["<token-2>", "<token-1>", "<token-2>", "<token-1>"] {
            arguments += (arguments.isEmpty ? [] : ["--next"]) + ["-sS", "--max-time", "20", "-w", "\n", "-H", "Authorization: Bearer \(token)", url]
        }
        let outcome = try await ExternalProcess.run("/usr/bin/curl", arguments)
        try #require(outcome.status == 0, "\(outcome)")
        let names = outcome.stdout.split(separator: "\n").map { String($0.split(separator: "\"")[7]) }
        #expect(names == ["bob 1", "alice 1", "bob 2", "alice 2"], "\(outcome)")
    }

    @Test(arguments: [
        ("Bearer <token-1>", [], "<token-1>"),
        ("bearer   abc", [], "abc"),
        ("abc", [], "abc"),
        (nil, [("v", "1"), ("token", "<token-3>")], "<token-3>"),
        (nil, [("access_token", "xyz")], "xyz"),
        ("Bearer <token-1>", [("token", "<token-3>")], "<token-1>"),
        (nil, [("token", "")], nil),
        (nil, [], nil),
    ] as [(String?, [(String, String)], String?)])
    func theCredentialComesFromAuthorizationElseATokenParameter(authorization: String?, query: [(String, String)], expected: String?) {
        #expect(ReplayRequest.credential(authorization: authorization, query: query.map { (name: $0.0, value: $0.1) }) == expected)
    }
}
