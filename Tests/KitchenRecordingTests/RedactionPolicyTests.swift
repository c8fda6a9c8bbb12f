import Testing
@testable import KitchenRecording

/// How the policy's table matches names and routes: as a server would read them.
@Suite struct RedactionPolicyTests {
    @Test(arguments: [
        "/auth/login", "/auth/%6Cogin", "/auth/%6cogin", "/auth/./login", "/x/../auth/login", "//auth/login", "/auth//login",
        "/auth/login/", "/AUTH/Login", "/auth%2Flogin", "/auth/%2e/login", "/auth/x/%2E%2E/login", "/auth/%252E/login",
        "/auth/%256Cogin", "\\auth\\login", "/auth/login;jsessionid=1", "/../auth/login", "/auth/./././login//",
    ])
    func everySpellingOfTheLoginPathNormalisesToIt(_ path: String) {
        #expect(RequestPath.normalized(path) == "/auth/login")
    }

    @Test(arguments: ["/auth/logins", "/auth/login/x", "/auth", "/auth/login/..", "/auth/log%20in", "/auth/.login"])
    func otherPathsStayOtherPaths(_ path: String) {
        #expect(RequestPath.normalized(path) != "/auth/login")
    }

    @Test func theRootAndEmptyPathsAreTheRoot() {
        #expect(RequestPath.normalized("") == "/")
        #expect(RequestPath.normalized("/") == "/")
        #expect(RequestPath.normalized("/..") == "/")
    }

    static let lookup = RedactionLookup(.kitchen)

    @Test(arguments: [
        ("password", "password"), ("Password", "password"), ("PASSWORD", "password"), ("newPassword", "password"),
        ("user_password", "password"), ("user[password]", "password"), ("passwd", "password"), ("passphrase", "password"),
        ("token", "token"), ("accessToken", "token"), ("access_token", "token"), ("access-token", "token"),
        ("refresh_token", "token"), ("ID-Token", "token"), ("tokens", "token"), ("Authorization", "token"),
        ("sessionId", "token"), ("session_id", "token"), ("apiKey", "secret"), ("api_key", "secret"), ("API-KEY", "secret"),
        ("x-api-key", "secret"), ("apiKeys", "secret"), ("clientSecret", "secret"), ("client_secret", "secret"),
        ("privateKey", "secret"), ("credentials", "secret"), ("cookie", "cookie"), ("cookies", "cookie"),
    ])
    func aNameEndingWithACredentialWordIsSecret(name: String, kind: String) {
        #expect(Self.lookup.credentialKind(named: name)?.rawValue == kind)
    }

    @Test(arguments: [
        "key", "tokenType", "token_type", "expiresAt", "username", "compartments", "passwordHint", "secretary", "monkey",
        "id", "label", "isDoorOpen", "", "tokenized", "s",
    ])
    func otherNamesAreNotSecret(_ name: String) {
        #expect(Self.lookup.credentialKind(named: name) == nil)
    }

    @Test(arguments: ["token", "%74oken", "%74%6F%6B%65%6E", "TOKEN", "Token", "%2574oken", "access_token", "tokens"])
    func aTokenParameterIsFoundInAnySpellingThatDecodesToIt(_ name: String) {
        #expect(Self.lookup.parameterKind(named: name) == .token)
    }

    @Test func aParameterRuleWinsOverACredentialWordAndOtherParametersAreNotSecret() {
        let lookup = RedactionLookup(RedactionPolicy(rules: [
            .parameter("code", kind: .secret), .parameter("token", kind: .password), .credentialName("token", kind: .token),
        ]))
        #expect(lookup.parameterKind(named: "CODE") == .secret)
        #expect(lookup.parameterKind(named: "token") == .password)
        #expect(lookup.parameterKind(named: "refresh_token") == .token)
        #expect(lookup.parameterKind(named: "v") == nil)
    }

    @Test func bodyFieldRulesMatchTheRouteAsTheServerReadsItAndTheMethodInAnyCase() {
        let fields = Self.lookup.bodyFields(method: "post", path: "/x/../auth/%6Cogin/", message: .request)
        #expect(fields.map(\.field.description) == ["password"])
        #expect(Self.lookup.bodyFields(method: "GET", path: "/auth/login", message: .request).isEmpty)
        #expect(Self.lookup.bodyFields(method: "POST", path: "/auth/logout", message: .request).isEmpty)
    }

    @Test func headerRulesMatchNamesCaseInsensitively() {
        #expect(Self.lookup.header(named: "aUtHoRiZaTiOn")?.format == .credentials)
        #expect(Self.lookup.header(named: "proxy-authorization")?.format == .credentials)
        #expect(Self.lookup.header(named: "COOKIE")?.format == .cookies)
        #expect(Self.lookup.header(named: "set-cookie")?.format == .setCookie)
        #expect(Self.lookup.header(named: "Accept") == nil)
    }
}
