import Foundation
import HarnessCore
import Testing
@testable import KitchenRecording

/// Bodies and frames are recorded as they crossed the wire: only a secret's own bytes change.
@Suite("Byte-exact redaction")
struct ByteExactRedactionTests {
    /// An exchange on `target` with these JSON bodies, through the raw-bytes builder.
    static func exchange(_ method: String = "POST", _ target: String = "/things", request: String = "", response: String = "{}") -> HAR.Entry {
        HAR.Entry(
            startedAt: Fixture.start, request: Fixture.request(method, target, body: request),
            response: Fixture.response(200, "OK", json: response), timings: Fixture.timings)
    }

    @Test func onlyThePasswordsStringContentChangesAndNumbersKeyOrderAndWhitespaceStayAsSent() throws {
        let body = #"{"n": 12345678901234567890, "z": -0, "password":"hunter22", "b" : [1.0,2e3]}"#
        let redacted = try Redactor(policy: .kitchen).redact(Self.exchange(request: body))
        #expect(redacted.request.postData?.text == #"{"n": 12345678901234567890, "z": -0, "password":"<password-1>", "b" : [1.0,2e3]}"#)
        #expect(redacted.request.redacted == ["/password"])
        #expect(redacted.request.bodySize == (try redacted.request.bodyBytes.count))
        #expect(redacted.request.headerValues(named: "Content-Length") == [String(body.utf8.count)])
    }

    @Test func aBodyWithoutSecretsIsKeptExactlyAndIsNotMarked() throws {
        let body = "{ \"n\" : 1E+2 ,\n\t\"list\": [ -0.0, 1e400, \"tok\\u0065n\" ] }"
        let entry = Self.exchange(request: body, response: body)
        let redacted = try Redactor(policy: .kitchen).redact(entry)
        #expect(redacted == entry)
        #expect(redacted.request.redacted == nil && redacted.response.redacted == nil)
    }

    @Test func credentialNamedMembersAreReplacedAtAnyDepthInBothBodies() throws {
        let response = #"{"data":{"items":[{"accessToken":"abc-123","refresh_token" : "def-456","x":1}]},"token_type":"Bearer"}"#
        let redacted = try Redactor(policy: .kitchen).redact(Self.exchange("GET", "/session", response: response))
        #expect(redacted.response.content.text
                == #"{"data":{"items":[{"accessToken":"<token-1>","refresh_token" : "<token-2>","x":1}]},"token_type":"Bearer"}"#)
        #expect(redacted.response.redacted == ["/data/items/0/accessToken", "/data/items/0/refresh_token"])
        #expect(redacted.response.content.size == (try redacted.response.bodyBytes.count))
        #expect(redacted.response.bodySize == redacted.response.content.size)
        #expect(redacted.response.headerValues(named: "Content-Length") == [String(response.utf8.count)])
    }

    @Test func everythingInsideACredentialContainerIsReplacedButLiteralsStay() throws {
        let body = #"{"credentials": {"user": "u", "pins": [1234, 5678], "ok": true, "none": null}, "after": 2}"#
        let redacted = try Redactor(policy: .kitchen).redact(Self.exchange(request: body))
        #expect(redacted.request.postData?.text
                == #"{"credentials": {"user": "<secret-1>", "pins": ["<secret-2>", "<secret-3>"], "ok": true, "none": null}, "after": 2}"#)
        #expect(redacted.request.redacted == ["/credentials/user", "/credentials/pins/0", "/credentials/pins/1"])
    }

    @Test func aSecretNumberBecomesItsAliasAsAString() throws {
        let redacted = try Redactor(policy: .kitchen).redact(Self.exchange(request: #"{"password": 12345678, "n": 12345678}"#))
        // The second 12345678 is no secret's place, but it is the secret: the sweep replaces it too.
        #expect(redacted.request.postData?.text == #"{"password": "<password-1>", "n": "<password-1>"}"#)
        #expect(redacted.request.redacted == ["/password", "/n"])
    }

    @Test func escapedNamesAndValuesAreReadAsTheServerReadsThem() throws {
        let redactor = Redactor(policy: .kitchen)
        let redacted = try redactor.redact(Self.exchange(request: #"{"pass\u0077ord": "h\u00fcnter\/22"}"#))
        #expect(redacted.request.postData?.text == #"{"pass\u0077ord": "<password-1>"}"#)
        #expect(redactor.knownSecrets.map(\.value) == ["hünter/22"])
    }

    @Test func emptyValuesAndAliasesAreLeftAlone() throws {
        let body = #"{"token": "", "password": "<password-7>", "secret": null}"#
        let entry = Self.exchange(request: body)
        #expect(try Redactor(policy: .kitchen).redact(entry) == entry)
    }

    @Test func aKnownSecretIsFoundBehindEscapesAndOnlyItsStringIsRewritten() throws {
        let redactor = Redactor(policy: .kitchen)
        _ = try redactor.redact(Self.exchange(request: #"{"password": "pässwörd-1"}"#))
        let echo = #"{"n": 1.50, "echo": "p\u00e4ssw\u00f6rd-1 was used", "also": "\u00e9"}"#
        let redacted = try redactor.redact(Self.exchange("GET", "/echo", response: echo))
        #expect(redacted.response.content.text == #"{"n": 1.50, "echo": "<password-1> was used", "also": "\u00e9"}"#)
        #expect(redacted.response.redacted == ["/echo"])
    }

    @Test func aTextBodyThatIsNotJSONHasKnownSecretsSplicedOutOfItsBytes() throws {
        let redactor = Redactor(policy: .kitchen)
        _ = try redactor.redact(Fixture.login())
        var entry = Fixture.devices()
        entry.response.content.text = "<p>your token: \(Fixture.token)</p>"
        entry.response.content.mimeType = "text/html"
        let redacted = try redactor.redact(entry)
        #expect(redacted.response.content.text == "<p>your token: <token-1></p>")
        #expect(redacted.response.redacted == [""])
    }

    @Test func aFormBodyHasItsSecretFieldsReplacedPercentEncoded() throws {
        let body = "username=demo&password=hunter+%2622&x=1&api_key="
        let request = HAR.RawRequest(
            authority: "127.0.0.1:8080", method: Array("POST".utf8), target: Array("/session".utf8),
            headers: [HAR.Header(name: "Content-Type", value: "application/x-www-form-urlencoded; charset=utf-8")], body: Array(body.utf8))
        let entry = HAR.Entry(startedAt: Fixture.start, request: request, response: Fixture.response(204, "No Content", json: ""),
                              timings: Fixture.timings)
        let redactor = Redactor(policy: .kitchen)
        let redacted = try redactor.redact(entry)
        #expect(redacted.request.postData?.text == "username=demo&password=%3Cpassword-1%3E&x=1&api_key=")
        #expect(redacted.request.redacted == ["/password"])
        #expect(redactor.knownSecrets.map(\.value) == ["hunter &22"])
    }

    @Test func aWebSocketMessageKeepsItsBytesButItsCredentials() throws {
        let text = #"{ "type" : "auth", "token":"abc-123-def", "n": 1.0 }"#
        let message = HAR.WebSocketMessage(type: .send, time: 1, opcode: .text, data: text)
        let redacted = try Redactor(policy: .kitchen).redact(message: message)
        #expect(redacted.data == #"{ "type" : "auth", "token":"<token-1>", "n": 1.0 }"#)
        #expect(redacted.redacted == ["/token"])

        let binary = HAR.WebSocketMessage(type: .receive, at: Fixture.start, opcode: .binary, payload: Array(#"{"apiKey":"k-1"}"#.utf8))
        let redactedBinary = try Redactor(policy: .kitchen).redact(message: binary)
        #expect(try redactedBinary.payload == Array(#"{"apiKey":"<secret-1>"}"#.utf8))
        #expect(redactedBinary.redacted == ["/apiKey"])
    }

    @Test func chromesErrorEntryOnlyHasKnownSecretsSwept() throws {
        let redactor = Redactor(policy: .kitchen)
        _ = try redactor.redact(Fixture.login())
        let error = HAR.WebSocketMessage(type: .error, time: 1, opcode: .error, data: #"{"token": "x"} \#(Fixture.token)"#)
        let redacted = try redactor.redact(message: error)
        #expect(redacted.data == #"{"token": "x"} <token-1>"#)
        #expect(redacted.redacted == [""])
    }

    @Test func aRedactedEntryWrittenAndReadBackKeepsItsMarks() throws {
        let redacted = try Redactor(policy: .kitchen).redact(Fixture.login())
        let document = Fixture.document([redacted])
        let bytes = try HARFile.encode(document)
        #expect(try HARFile.decode(Data(bytes), path: "memory") == document)
        let json = try JSONValue(parsing: bytes)
        #expect(JSONPointer("/log/entries/0/request/_redacted")?.resolve(in: json) == ["/password"])
        #expect(JSONPointer("/log/entries/0/response/_redacted")?.resolve(in: json) == ["/token"])
    }
}

/// JSON carried inside a JSON string, which a server may decode in turn.
@Suite("Embedded JSON redaction")
struct EmbeddedJSONRedactionTests {
    @Test func jsonInsideAStringHasItsCredentialsReplacedAndKeepsItsEscaping() throws {
        let body = #"{"op": "login", "payload": "{\"password\":\"hunter22\",\"n\":1.0}"}"#
        let redacted = try Redactor(policy: .kitchen).redact(ByteExactRedactionTests.exchange(request: body))
        #expect(redacted.request.postData?.text == #"{"op": "login", "payload": "{\"password\":\"<password-1>\",\"n\":1.0}"}"#)
        #expect(redacted.request.redacted == ["/payload"])
    }

    @Test func jsonTwiceEmbeddedIsLookedIntoToo() throws {
        let body = #"{"a": "{\"b\": \"{\\\"token\\\": \\\"t-123\\\"}\"}"}"#
        let redacted = try Redactor(policy: .kitchen).redact(ByteExactRedactionTests.exchange(request: body))
        #expect(redacted.request.postData?.text == #"{"a": "{\"b\": \"{\\\"token\\\": \\\"<token-1>\\\"}\"}"}"#)
    }

    @Test func aStringWithQuotesThatNamesNoCredentialIsLeftAlone() throws {
        let entry = ByteExactRedactionTests.exchange(request: #"{"quote": "she said \"hi\": {\"x\": 1}"}"#)
        #expect(try Redactor(policy: .kitchen).redact(entry) == entry)
    }

    @Test func anEmbeddedTextThatIsNotJSONButNamesACredentialIsRefused() {
        let entry = ByteExactRedactionTests.exchange("POST", "/ops", request: #"{"payload": "{\"token\": \"t-123\",}"}"#)
        #expect(throws: RecordingError.unredactableText(location: "the request body of POST /ops, in a string", name: "token", offset: 12)) {
            try Redactor(policy: .kitchen).redact(entry)
        }
    }
}
