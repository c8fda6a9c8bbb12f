import Foundation
import HarnessCore
import Testing
@testable import KitchenRecording

/// No secret reaches the disk, however the request was spelled and wherever the secret was
/// first seen: proven on the journal's raw bytes and on the finalized HAR's.
@Suite("Fail-closed redaction")
struct FailClosedRedactionTests {
    static let password = "hunter22-correct-horse"
    static let token = "tok_9f8e7d6c5b4a3f2e1d0c"

    /// Every form a secret could be written in: as is, JSON-escaped, percent-encoded.
    static func forms(of secret: String) -> [[UInt8]] {
        var escaped: [UInt8] = []
        JSONSerializer.writeString(secret, into: &escaped)
        return [Array(secret.utf8), Array(escaped.dropFirst().dropLast()), Array(PercentEncoding.encode(secret).utf8),
                Array(PercentEncoding.encode(secret, hexCase: .lower).utf8)]
    }

    static func expectAbsent(_ secrets: [String], from bytes: [UInt8], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for secret in secrets {
            for form in forms(of: secret) {
                let found = bytes.indices.contains { bytes[$0...].starts(with: form) }
                #expect(!found, "\(what) holds a form of a secret", sourceLocation: sourceLocation)
            }
        }
    }

    static func login(_ target: String, request: String? = nil, response: String? = nil) -> HAR.Entry {
        HAR.Entry(
            startedAt: Fixture.start,
            request: Fixture.request("POST", target, body: request ?? #"{"username":"demo","password":"\#(password)"}"#),
            response: Fixture.response(200, "OK", json: response ?? #"{"token":"\#(token)","expiresAt":"2026-11-20T11:15:30.123Z"}"#),
            timings: Fixture.timings)
    }

    /// Journals `events` through a writer with `redactor`, and returns the journal's bytes,
    /// the finalized HAR's bytes, and what each append gave.
    static func record(
        _ events: [JournalEvent], redactor: Redactor = Redactor(policy: .kitchen)
    ) throws -> (journal: [UInt8], har: [UInt8], results: [Result<UInt64, RecordingError>]) {
        try withTemporaryDirectory { directory in
            let journal = directory.appendingPathComponent("session.journal")
            let writer = try JournalWriter(url: journal, creator: Fixture.creator, startedAt: Fixture.start, redactor: redactor, durability: .none)
            let results = try writer.append(contentsOf: events)
            try writer.close()
            let journalBytes = Array(try Data(contentsOf: journal))
            let har = directory.appendingPathComponent("session.har")
            try Journal.finalize(journal: journal, to: har, scanner: redactor.scanner())
            return (journalBytes, Array(try Data(contentsOf: har)), results)
        }
    }

    static let loginSpellings = [
        "/auth/login", "/auth/%6Cogin", "/auth/./login", "/x/../auth/login", "//auth/login", "/AUTH/LOGIN/", "/auth/login;v=1",
        "/auth%2flogin", "/auth/%2E/login",
    ]

    @Test(arguments: loginSpellings)
    func theLoginsPasswordAndTokenNeverReachTheJournalOrTheHAR(_ target: String) throws {
        let devices = Fixture.devices(token: Self.token)
        let (journal, har, results) = try Self.record([.entry(Self.login(target)), .entry(devices)])
        #expect(results.allSatisfy { if case .success = $0 { true } else { false } })
        Self.expectAbsent([Self.password, Self.token], from: journal, "the journal")
        Self.expectAbsent([Self.password, Self.token], from: har, "the HAR")
        let entries = try HARFile.decode(Data(har), path: "memory").log.entries
        #expect(try entries[0].request.bodyJSON?["password"] == "<password-1>")
        #expect(try entries[0].response.bodyJSON?["token"] == "<token-1>")
        #expect(entries[1].request.headerValues(named: "Authorization") == ["Bearer <token-1>"])
    }

    @Test(arguments: loginSpellings)
    func aRouteRuleAloneMatchesEverySpellingOfItsPath(_ target: String) throws {
        // No credential names: only the route rules can catch these fields.
        let redactor = Redactor(policy: RedactionPolicy(rules: [
            .bodyField("POST", "/auth/login", .request, "pass", kind: .password),
            .bodyField("POST", "/auth/login", .response, "session.id", kind: .token),
        ]))
        let entry = Self.login(target, request: #"{"user":"demo","pass":"\#(Self.password)"}"#,
                               response: #"{"session":{"id":"\#(Self.token)"}}"#)
        let (journal, har, _) = try Self.record([.entry(entry)], redactor: redactor)
        Self.expectAbsent([Self.password, Self.token], from: journal, "the journal")
        Self.expectAbsent([Self.password, Self.token], from: har, "the HAR")
    }

    @Test func aSecretFirstSeenWhereNoRuleNamesItsRouteIsCaughtByItsNameAndSweptEverywhereAfter() throws {
        let profile = HAR.Entry(
            startedAt: Fixture.start, request: Fixture.request("GET", "/profile"),
            response: Fixture.response(200, "OK", json: #"{"profile": {"name": "demo", "sessionToken": "\#(Self.token)"}}"#),
            timings: Fixture.timings)
        let echo = HAR.Entry(
            startedAt: Fixture.start, request: Fixture.request("GET", "/echo", headers: [("X-Session", Self.token)]),
            response: Fixture.response(200, "OK", json: #"{"seen": "\#(Self.token)"}"#), timings: Fixture.timings)
        let message = HAR.WebSocketMessage(type: .send, time: 2, opcode: .text, data: #"{"type":"hello","session":"\#(Self.token)"}"#)
        let (journal, har, _) = try Self.record([
            .entry(profile), .entry(echo), .websocketOpen(id: "ws-1", entry: Fixture.webSocket(token: Self.token)),
            .websocketMessage(id: "ws-1", message: message),
        ])
        Self.expectAbsent([Self.token], from: journal, "the journal")
        Self.expectAbsent([Self.token], from: har, "the HAR")
    }

    @Test(arguments: ["/auth/login", "/auth/%6Cogin", "/x/../auth/login"])
    func aLoginBodyThatIsNotJSONIsRefusedUnderEverySpelling(_ target: String) throws {
        let entry = Self.login(target, request: "username=demo&password=\(Self.password)")
        let (journal, har, results) = try Self.record([.entry(entry), .entry(Fixture.devices())])
        guard case .failure(.unredactableBody(let method, let path, let message, _)) = results[0] else {
            Issue.record("got \(results[0])")
            return
        }
        #expect([method, path, message] == ["POST", "/auth/login", "request"])
        if case .success = results[1] {} else { Issue.record("the next record was refused too: \(results[1])") }
        Self.expectAbsent([Self.password], from: journal, "the journal")
        Self.expectAbsent([Self.password], from: har, "the HAR")
    }

    @Test func aBodyThatIsNotJSONButHoldsACredentialMemberIsRefused() throws {
        let broken = HAR.Entry(
            startedAt: Fixture.start, request: Fixture.request("POST", "/anything", body: #"{"note": "a", "apiKey": "\#(Self.token)",}"#),
            response: Fixture.response(200, "OK", json: "{}"), timings: Fixture.timings)
        let (journal, _, results) = try Self.record([.entry(broken)])
        guard case .failure(let error) = results[0] else { Issue.record("recorded: \(results[0])"); return }
        #expect(error == .unredactableText(location: "the request body of POST /anything", name: "apiKey", offset: 14))
        #expect(!error.description.contains(Self.token))
        Self.expectAbsent([Self.token], from: journal, "the journal")
    }

    @Test func aMessageThatIsNotJSONButHoldsACredentialMemberIsRefused() throws {
        let message = HAR.WebSocketMessage(type: .send, time: 2, opcode: .text, data: #"he said "hi", then {'x': 1, "Token" : "\#(Self.token)"#)
        let error = #expect(throws: RecordingError.self) { try Redactor(policy: .kitchen).redact(message: message) }
        guard case .unredactableText(let location, let name, let offset) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(location == "a WebSocket message (send, at 2.0)")
        #expect(name == "Token" && offset == 28)
        #expect(error?.description.contains(Self.token) == false)
    }

    @Test func textThatIsNotJSONAndNamesNoCredentialIsRecorded() throws {
        let message = HAR.WebSocketMessage(type: .receive, time: 2, opcode: .text, data: #"plain "words": and a token mention"#)
        #expect(try Redactor(policy: .kitchen).redact(message: message) == message)
    }
}
