/// Where secrets live in the traffic: one table of rules the ``Redactor`` applies before
/// anything is written. An app team extends it by appending rules.
///
/// | rule                         | what it covers                                                     |
/// |------------------------------|--------------------------------------------------------------------|
/// | ``Rule/header(_:_:kind:)``   | a header's value, by name (case-insensitive), in a ``HeaderFormat`` |
/// | ``Rule/parameter(_:kind:)``  | a query parameter (URL and `queryString`) or form field, by name  |
/// | ``Rule/credentialName(_:kind:)`` | every JSON member, query parameter or form field whose name ends with a word |
/// | ``Rule/bodyField(_:_:_:_:kind:)`` | a JSON field of one route's request or response body; the body must be JSON |
///
/// Names are matched as a server would read them: header names case-insensitively (RFC 9110
/// §5.1); parameter names percent-decoded until nothing changes and ASCII case-insensitively;
/// credential names after ``credentialForm(of:)`` (lower case, without `_ - . [ ]` and
/// spaces), as a suffix with or without a plural `s`, so `"api_key"`, `"X-API-KEY"`,
/// `"refreshToken"`, `"tokens"` and `"user[password]"` all match (but `"tokenType"` and
/// `"key"` do not); methods case-insensitively and route paths after
/// ``RequestPath/normalized(_:)`` (percent-decoding, dot segments, empty segments, case), so
/// `POST /auth/%6Cogin` and `post //auth/./x/../login/` are the login route too.
///
/// A value at a matched place is secret with everything inside it: every string and number
/// of a JSON object or array, every cookie of a `Cookie` header. `null`, `true` and `false`,
/// empty strings and values that are already aliases stay as they are.
///
/// ```swift
/// var policy = RedactionPolicy.kitchen
/// policy.rules += [
///     .header("X-Api-Key", kind: .secret),                                   // X-Api-Key: <secret-1>
///     .credentialName("pin", kind: .password),                               // {"pin": "<password-1>"}
///     .bodyField("POST", "/devices/pair", .response, "pairing.code", kind: .secret),
/// ]
/// let redactor = Redactor(policy: policy)
/// ```
public struct RedactionPolicy: Sendable, Hashable {
    /// What a secret is, which names its aliases: `<token-1>`, `<password-1>`.
    public struct SecretKind: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
        /// The word used in aliases.
        public var rawValue: String
        /// The kind whose aliases read `<rawValue-N>`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The kind whose aliases read `<value-N>`.
        public init(stringLiteral value: String) { self.rawValue = value }

        /// A bearer token or session key.
        public static let token: SecretKind = "token"
        /// A password.
        public static let password: SecretKind = "password"
        /// An API key, client secret, private key or other credential.
        public static let secret: SecretKind = "secret"
        /// A cookie's value.
        public static let cookie: SecretKind = "cookie"
    }

    /// How a secret header's value is laid out, so only the secret part is replaced.
    public enum HeaderFormat: Sendable, Hashable {
        /// The whole value is secret.
        case whole
        /// `auth-scheme credentials` (RFC 9110 §11.4): the scheme stays (`Bearer <token-1>`).
        case credentials
        /// `Cookie` (RFC 6265 §4.2): each `name=value` keeps its name (`a=<cookie-1>; b=<cookie-2>`).
        case cookies
        /// `Set-Cookie` (RFC 6265 §4.1): the first `name=value` keeps its name; attributes stay.
        case setCookie
    }

    /// Which body of an exchange.
    public enum Message: String, Sendable, Hashable {
        /// The request body.
        case request
        /// The response body.
        case response
    }

    /// One row of the table: a place in the traffic and the kind of secret found there.
    public struct Rule: Sendable, Hashable {
        /// Where the secret is.
        public enum Place: Sendable, Hashable {
            /// A header by name, its value laid out as `format`.
            case header(name: String, format: HeaderFormat)
            /// A query parameter or form field by name.
            case parameter(name: String)
            /// Every JSON member, query parameter or form field whose name, in
            /// ``RedactionPolicy/credentialForm(of:)``, ends with this word's (or with it and `s`).
            case credentialName(String)
            /// A JSON field of the `message` body of `method path`.
            case bodyField(method: String, path: String, message: Message, field: JSONPathPattern)
        }

        /// Where the secret is.
        public var place: Place
        /// The kind of secret, which names its aliases.
        public var kind: SecretKind

        /// A rule from its place and kind.
        public init(_ place: Place, kind: SecretKind) {
            self.place = place
            self.kind = kind
        }

        /// A secret header.
        public static func header(_ name: String, _ format: HeaderFormat = .whole, kind: SecretKind) -> Rule {
            Rule(.header(name: name, format: format), kind: kind)
        }

        /// A secret query parameter or form field.
        public static func parameter(_ name: String, kind: SecretKind) -> Rule {
            Rule(.parameter(name: name), kind: kind)
        }

        /// Every member, parameter or field named like `word`.
        public static func credentialName(_ word: String, kind: SecretKind) -> Rule {
            Rule(.credentialName(word), kind: kind)
        }

        /// A JSON field of one route's body (`field` as a ``JSONPathPattern``). A body such a
        /// rule names that is not JSON is refused rather than recorded.
        public static func bodyField(
            _ method: String, _ path: String, _ message: Message, _ field: JSONPathPattern, kind: SecretKind
        ) -> Rule {
            Rule(.bodyField(method: method, path: path, message: message, field: field), kind: kind)
        }
    }

    /// The table, applied in order (the first rule that matches a place names its kind).
    public var rules: [Rule]
    /// Secrets shorter than this many bytes are replaced where a rule names them but are not
    /// searched for elsewhere (see ``SecretScanner/minimumLength``). Default 8.
    public var minimumSearchedSecretLength: Int

    /// A policy from its rules.
    public init(rules: [Rule], minimumSearchedSecretLength: Int = SecretScanner.defaultMinimumLength) {
        self.rules = rules
        self.minimumSearchedSecretLength = minimumSearchedSecretLength
    }

    /// What any HTTP API's recordings need: credential headers and cookies, and every member,
    /// parameter or field named like a credential, in bodies, messages and queries alike.
    public static let standardRules: [Rule] = [
        .header("Authorization", .credentials, kind: .token),
        .header("Proxy-Authorization", .credentials, kind: .token),
        .header("Cookie", .cookies, kind: .cookie),
        .header("Set-Cookie", .setCookie, kind: .cookie),
        .credentialName("password", kind: .password),
        .credentialName("passwd", kind: .password),
        .credentialName("passphrase", kind: .password),
        .credentialName("token", kind: .token),
        .credentialName("authorization", kind: .token),
        .credentialName("sessionId", kind: .token),
        .credentialName("cookie", kind: .cookie),
        .credentialName("secret", kind: .secret),
        .credentialName("apiKey", kind: .secret),
        .credentialName("privateKey", kind: .secret),
        .credentialName("credential", kind: .secret),
    ]

    /// ``standardRules`` only.
    public static let standard = RedactionPolicy(rules: standardRules)

    /// The Kitchen API's secrets (see API.md, Auth) on top of ``standardRules``: the bearer
    /// token in the WebSocket's `token` query parameter, and the login route's password and
    /// issued token, whose bodies must be JSON (anything else is refused).
    public static let kitchen = RedactionPolicy(rules: standardRules + [
        .parameter("token", kind: .token),
        .bodyField("POST", "/auth/login", .request, "password", kind: .password),
        .bodyField("POST", "/auth/login", .response, "token", kind: .token),
    ])

    /// `name` as credential names are compared: ASCII letters lower-cased, and `_`, `-`, `.`,
    /// `[`, `]` and spaces left out (`"X-API_Key"` → `"xapikey"`, `"user[password]"` →
    /// `"userpassword"`).
    public static func credentialForm(of name: some StringProtocol) -> String {
        let kept = name.utf8.lazy.filter { !RedactionLookup.isSeparator($0) }
        return String(decoding: kept.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// Whether `text` is already an alias (`<kind-N>`), so redacting twice changes nothing, and
    /// so replay takes it for any value.
    package static func isAlias(_ text: some StringProtocol) -> Bool {
        guard text.hasPrefix("<"), text.hasSuffix(">"), let dash = text.lastIndex(of: "-") else { return false }
        let number = text[text.index(after: dash)..<text.index(before: text.endIndex)]
        let kind = text[text.index(after: text.startIndex)..<dash]
        return !kind.isEmpty && !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
    }
}
