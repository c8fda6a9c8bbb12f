import Foundation
import Testing
@testable import KitchenRecording

/// Credential headers, cookies and parameters: only the secret part of each value changes.
@Suite("Redacted headers and parameters")
struct RedactedHeadersTests {
    static func entry(_ target: String, request: [(String, String)] = [], response: [(String, String)] = []) -> HAR.Entry {
        var answer = Fixture.response(200, "OK", json: "{}")
        answer.headers += response.map { HAR.Header(name: $0.0, value: $0.1) }
        return HAR.Entry(startedAt: Fixture.start, request: Fixture.request("GET", target, headers: request), response: answer,
                         timings: Fixture.timings)
    }

    @Test func credentialHeadersKeepTheirSchemeWhateverTheNamesCase() throws {
        let redacted = try Redactor(policy: .kitchen).redact(Self.entry("/x", request: [
            ("aUtHoRiZaTiOn", "Bearer tok-1"), ("Proxy-Authorization", "Basic dXNlcjpwYXNzd29yZA=="), ("Accept", "*/*"),
        ]))
        #expect(redacted.request.headers.map(\.value) == ["Bearer <token-1>", "Basic <token-2>", "*/*"])
    }

    @Test func aCredentialThatIsNotASCIIIsReplacedWholeBetweenItsBlanks() throws {
        let redacted = try Redactor(policy: .kitchen).redact(Self.entry("/x", request: [
            ("Authorization", "Bearer \t tök-ñ1 \t"), ("Authorization", "Bear\u{E9}r  clé"), ("Authorization", "Négo"),
        ]))
        #expect(redacted.request.headers.map(\.value) == ["Bearer <token-1>", "Bear\u{E9}r <token-2>", "<token-3>"])
    }

    @Test func cookiesKeepTheirNamesAndSeparatorsAndSetCookieItsAttributes() throws {
        let redacted = try Redactor(policy: .kitchen).redact(Self.entry(
            "/x", request: [("Cookie", #"a=1;  session="s3cr3t-value"; theme=dark"#)],
            response: [("Set-Cookie", "sid=abc123; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly")]))
        #expect(redacted.request.headerValues(named: "Cookie") == [#"a=<cookie-1>;  session="<cookie-2>"; theme=<cookie-3>"#])
        #expect(redacted.response.headerValues(named: "Set-Cookie") == ["sid=<cookie-4>; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly"])
    }

    @Test func everySpellingOfATokenParameterIsReplacedInTheURLAndTheQueryString() throws {
        let redacted = try Redactor(policy: .kitchen).redact(Self.entry("/ws?%74oken=t1&TOKEN=t2&access_token=t3&v=1&To%6Ben=t4"))
        #expect(redacted.request.url == "http://127.0.0.1:8080/ws?%74oken=%3Ctoken-1%3E&TOKEN=%3Ctoken-2%3E&access_token=%3Ctoken-3%3E&v=1&To%6Ben=%3Ctoken-4%3E")
        #expect(redacted.request.queryString.map(\.value) == ["<token-1>", "<token-2>", "<token-3>", "1", "<token-4>"])
    }

    @Test func aURLValuedHeaderHasItsQueryAndFragmentParametersReplaced() throws {
        let redacted = try Redactor(policy: .kitchen).redact(Self.entry(
            "/x", request: [("Referer", "http://app/page?api_key=k1")],
            response: [("Location", "https://app/callback#access_token=t1&state=s")]))
        #expect(redacted.request.headerValues(named: "Referer") == ["http://app/page?api_key=%3Csecret-1%3E"])
        #expect(redacted.response.headerValues(named: "Location") == ["https://app/callback#access_token=%3Ctoken-1%3E&state=s"])
        #expect(redacted.response.redirectURL == "https://app/callback#access_token=%3Ctoken-1%3E&state=s")
    }

    @Test func harCookieListsHaveTheirValuesReplaced() throws {
        var entry = Self.entry("/x")
        entry.request.cookies = [HAR.Cookie(name: "sid", value: "abc"), HAR.Cookie(name: "empty", value: "")]
        let redacted = try Redactor(policy: .kitchen).redact(entry)
        #expect(redacted.request.cookies.map(\.value) == ["<cookie-1>", ""])
    }

    @Test func anAppTeamExtendsTheTable() throws {
        var policy = RedactionPolicy.kitchen
        policy.rules += [
            .header("X-Api-Key", kind: .secret),
            .credentialName("pin", kind: .password),
            .bodyField("POST", "/devices/pair", .response, "pairing.code", kind: .secret),
        ]
        let redactor = Redactor(policy: policy)
        var entry = ByteExactRedactionTests.exchange(
            "POST", "/devices/./pair", request: #"{"pin": "0000"}"#, response: #"{"pairing": {"code": "AB12"}}"#)
        entry.request.headers.append(.init(name: "x-api-key", value: "k-42"))
        let redacted = try redactor.redact(entry)
        #expect(redacted.request.headerValues(named: "X-Api-Key") == ["<secret-1>"])
        #expect(redacted.request.postData?.text == #"{"pin": "<password-1>"}"#)
        #expect(redacted.response.content.text == #"{"pairing": {"code": "<secret-2>"}}"#)
    }
}
