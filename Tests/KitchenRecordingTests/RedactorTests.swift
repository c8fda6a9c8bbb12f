import Foundation
import HarnessCore
import Testing
@testable import KitchenRecording

@Suite("Redaction")
struct RedactorTests {
    @Test("the Authorization header keeps its scheme and loses its token")
    func authorizationHeader() throws {
        let redacted = try Redactor(policy: .kitchen).redact(Fixture.devices())
        #expect(redacted.request.headerValues(named: "authorization") == ["Bearer <token-1>"])
        #expect(redacted.request.headerValues(named: "Host") == ["127.0.0.1:8080"])
    }

    @Test("the token query parameter is replaced in the URL and in queryString")
    func tokenQueryParameter() throws {
        let redacted = try Redactor(policy: .kitchen).redact(Fixture.webSocket())
        #expect(redacted.request.url == "ws://127.0.0.1:8080/ws?token=%3Ctoken-1%3E&v=1")
        #expect(redacted.request.queryString == [.init(name: "token", value: "<token-1>"), .init(name: "v", value: "1")])
        #expect(redacted.request.queryItems == redacted.request.queryString)
    }

    @Test("the login request's password and the login response's token are replaced")
    func loginBodies() throws {
        let redacted = try Redactor(policy: .kitchen).redact(Fixture.login())
        #expect(try redacted.request.bodyJSON == ["username": "demo", "password": "<password-1>"])
        let response = try #require(try redacted.response.bodyJSON)
        #expect(response["token"] == "<token-1>")
        #expect(response["expiresAt"] == "2026-11-20T11:15:30.123Z")
        // Spliced into the wire bytes; sizes count the recorded bytes, Content-Length stays as sent.
        #expect(redacted.request.postData?.text == #"{"username":"demo","password":"<password-1>"}"#)
        let body = try redacted.response.bodyBytes
        #expect(redacted.response.content.size == body.count)
        #expect(redacted.response.bodySize == body.count)
        #expect(redacted.request.bodySize == (try redacted.request.bodyBytes.count))
        let original = Fixture.login()
        #expect(redacted.response.headerValues(named: "Content-Length") == original.response.headerValues(named: "Content-Length"))
        #expect(redacted.request.headerValues(named: "Content-Length") == original.request.headerValues(named: "Content-Length"))
        #expect(redacted.request.redacted == ["/password"])
        #expect(redacted.response.redacted == ["/token"])
    }

    @Test("one secret keeps one alias across entries and kinds of place; aliases count per kind")
    func aliasesAreStable() throws {
        let redactor = Redactor(policy: .kitchen)
        let login = try redactor.redact(Fixture.login())
        let devices = try redactor.redact(Fixture.devices())
        let socket = try redactor.redact(Fixture.webSocket())
        let secondLogin = try redactor.redact(Fixture.login(token: Fixture.secondToken, password: "another password"))
        let secondDevices = try redactor.redact(Fixture.devices(token: Fixture.secondToken))

        #expect(try login.response.bodyJSON?["token"] == "<token-1>")
        #expect(devices.request.headerValues(named: "Authorization") == ["Bearer <token-1>"])
        #expect(socket.request.queryString.first?.value == "<token-1>")
        #expect(try secondLogin.response.bodyJSON?["token"] == "<token-2>")
        #expect(try secondLogin.request.bodyJSON?["password"] == "<password-2>")
        #expect(secondDevices.request.headerValues(named: "Authorization") == ["Bearer <token-2>"])
        #expect(redactor.knownSecrets.map(\.alias) == ["<password-1>", "<token-1>", "<password-2>", "<token-2>"])
        #expect(redactor.knownSecrets.map(\.value) == [Fixture.password, Fixture.token, "another password", Fixture.secondToken])
    }

    @Test("a token first seen in a header gets the same alias when the login response shows it later")
    func aliasFollowsTheSecretNotThePlace() throws {
        let redactor = Redactor(policy: .kitchen)
        _ = try redactor.redact(Fixture.devices(token: Fixture.secondToken))
        _ = try redactor.redact(Fixture.devices())
        let login = try redactor.redact(Fixture.login())
        #expect(try login.response.bodyJSON?["token"] == "<token-2>")
    }

    @Test("the same session redacted twice gives the same file")
    func redactionIsDeterministic() throws {
        func record() throws -> [UInt8] {
            let redactor = Redactor(policy: .kitchen)
            let entries = try [Fixture.login(), Fixture.devices(), Fixture.webSocket()].map { try redactor.redact($0) }
            return try HARFile.encode(Fixture.document(entries))
        }
        #expect(try record() == (try record()))
    }

    @Test("redacting an already redacted entry changes nothing")
    func redactionIsIdempotent() throws {
        let once = try Redactor(policy: .kitchen).redact(Fixture.login())
        #expect(try Redactor(policy: .kitchen).redact(once) == once)
    }

    @Test("a login body that is not JSON is refused, not passed through")
    func nonJSONBodyFailsClosed() throws {
        var entry = Fixture.login()
        entry.response.content.text = "token=\(Fixture.token)"
        let error = #expect(throws: RecordingError.self) { try Redactor(policy: .kitchen).redact(entry) }
        guard case .unredactableBody(let method, let path, let message, _) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect([method, path, message] == ["POST", "/auth/login", "response"])
        #expect(error?.description.contains(Fixture.token) == false)
    }

    @Test("known secrets are swept out of other places: frames, echoed bodies, other headers")
    func knownSecretsAreSwept() throws {
        let redactor = Redactor(policy: .kitchen)
        _ = try redactor.redact(Fixture.login())
        let text = HAR.WebSocketMessage(type: .receive, time: 1, opcode: .text, data: #"{"echo":"\#(Fixture.token)"}"#)
        #expect(try redactor.redact(message: text).data == #"{"echo":"<token-1>"}"#)
        let binary = HAR.WebSocketMessage(type: .send, at: Fixture.start, opcode: .binary, payload: [0xFF] + Array(Fixture.token.utf8))
        #expect(try redactor.redact(message: binary).payload == [0xFF] + Array("<token-1>".utf8))

        var entry = Fixture.devices()
        entry.request.headers.append(.init(name: "Referer", value: "http://app/?token=\(Fixture.token)"))
        entry.response.content.text = #"{"error":"unauthorized","message":"bad token \#(Fixture.token)"}"#
        let redacted = try redactor.redact(entry)
        // A URL-valued header gets the URL's parameter rules: the alias is percent-encoded there.
        #expect(redacted.request.headerValues(named: "Referer") == ["http://app/?token=%3Ctoken-1%3E"])
        #expect(try redacted.response.bodyJSON?["message"] == "bad token <token-1>")
    }

    @Test("aliases assigned from many threads at once stay one per secret")
    func concurrentAliases() {
        let redactor = Redactor(policy: .kitchen)
        let secrets = (0..<50).map { "secret-value-\($0)" }
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for secret in secrets.shuffled() { _ = redactor.alias(for: secret, kind: worker.isMultiple(of: 2) ? .token : .password) }
        }
        let known = redactor.knownSecrets
        #expect(known.count == 50)
        #expect(Set(known.map(\.value)) == Set(secrets))
        #expect(Set(known.map(\.alias)).count == 50)
    }

    @Test("printing a known secret shows its alias only")
    func knownSecretHidesItsValue() {
        let secret = KnownSecret(alias: "<token-1>", value: Fixture.token)
        var dumped = ""
        dump(secret, to: &dumped)
        for text in [secret.description, secret.debugDescription, String(describing: secret), String(reflecting: secret), dumped] {
            #expect(!text.contains(Fixture.token))
            #expect(text.contains("<token-1>"))
        }
    }
}
