/// Where secrets live in the traffic, so the ``Redactor`` can replace them with aliases
/// before anything is written.
///
/// ```swift
/// var policy = RedactionPolicy.kitchen
/// policy.headers.append(.init(name: "X-Api-Key", kind: .token, keepsScheme: false))
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
    }

    /// A header whose value is secret.
    public struct HeaderRule: Sendable, Hashable {
        /// The header name, matched case-insensitively (RFC 9110 §5.1).
        public var name: String
        /// The kind of secret it carries.
        public var kind: SecretKind
        /// Whether the first word is an auth scheme to keep (`Bearer <token-1>`, RFC 9110 §11.4).
        public var keepsScheme: Bool

        /// A header rule.
        public init(name: String, kind: SecretKind, keepsScheme: Bool) {
            self.name = name
            self.kind = kind
            self.keepsScheme = keepsScheme
        }
    }

    /// A query parameter whose value is secret, in the URL and in `queryString`.
    public struct QueryRule: Sendable, Hashable {
        /// The parameter name, matched exactly after percent-decoding.
        public var name: String
        /// The kind of secret it carries.
        public var kind: SecretKind

        /// A query rule.
        public init(name: String, kind: SecretKind) {
            self.name = name
            self.kind = kind
        }
    }

    /// A JSON body field that is secret on one route.
    public struct BodyRule: Sendable, Hashable {
        /// Which body of the exchange.
        public enum Message: String, Sendable, Hashable {
            /// The request body.
            case request
            /// The response body.
            case response
        }

        /// The method, matched exactly.
        public var method: String
        /// The URL path, matched exactly (no query).
        public var path: String
        /// The body the field is in.
        public var message: Message
        /// Where the field is in the body.
        public var field: JSONPathPattern
        /// The kind of secret it holds.
        public var kind: SecretKind

        /// A body rule.
        public init(method: String, path: String, message: Message, field: JSONPathPattern, kind: SecretKind) {
            self.method = method
            self.path = path
            self.message = message
            self.field = field
            self.kind = kind
        }
    }

    /// Secret headers.
    public var headers: [HeaderRule]
    /// Secret query parameters.
    public var queryParameters: [QueryRule]
    /// Secret body fields.
    public var bodyFields: [BodyRule]
    /// Secrets shorter than this many bytes are replaced where a rule names them but are not
    /// searched for elsewhere (see ``SecretScanner/minimumLength``). Default 8.
    public var minimumSearchedSecretLength: Int

    /// A policy from its rules.
    public init(
        headers: [HeaderRule] = [], queryParameters: [QueryRule] = [], bodyFields: [BodyRule] = [],
        minimumSearchedSecretLength: Int = SecretScanner.defaultMinimumLength
    ) {
        self.headers = headers
        self.queryParameters = queryParameters
        self.bodyFields = bodyFields
        self.minimumSearchedSecretLength = minimumSearchedSecretLength
    }

    /// The Kitchen API's secrets (see API.md, Auth): the bearer token in `Authorization` and
    /// in the WebSocket's `token` query parameter, the token the login response issues, and
    /// the password the login request sends.
    public static let kitchen = RedactionPolicy(
        headers: [HeaderRule(name: "Authorization", kind: .token, keepsScheme: true)],
        queryParameters: [QueryRule(name: "token", kind: .token)],
        bodyFields: [
            BodyRule(method: "POST", path: "/auth/login", message: .response, field: "token", kind: .token),
            BodyRule(method: "POST", path: "/auth/login", message: .request, field: "password", kind: .password),
        ])

    /// Whether `text` is already an alias (`<kind-N>`), so redacting twice changes nothing.
    static func isAlias(_ text: String) -> Bool {
        guard text.hasPrefix("<"), text.hasSuffix(">"), let dash = text.lastIndex(of: "-") else { return false }
        let number = text[text.index(after: dash)..<text.index(before: text.endIndex)]
        let kind = text[text.index(after: text.startIndex)..<dash]
        return !kind.isEmpty && !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
    }
}
