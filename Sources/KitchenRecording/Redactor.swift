import Foundation
import HarnessCore
import Synchronization

/// Replaces a session's secrets with stable aliases before anything is written, and changes
/// no other byte.
///
/// Each entry, message and close goes through two passes:
/// 1. the policy's table (``RedactionPolicy``): secret headers, query parameters and form
///    fields, every value under a credential-named JSON member at any depth in request and
///    response bodies and WebSocket messages, and the fields of route rules — routes and
///    names matched as a server reads them, so `POST /auth/%6Cogin` is the login route;
/// 2. a sweep of every string for every secret already known, in the forms
///    ``SecretScanner`` lists, so a secret first seen in one place is replaced everywhere.
///
/// Bodies and frames are recorded as they crossed the wire: an alias is spliced in at the
/// byte range of the JSON string (or number) it replaces, so numbers, key order and
/// whitespace stay as sent. A changed body's `bodySize` and `content.size` count the
/// recorded bytes, its `Content-Length` header keeps the wire value, and `_redacted` lists
/// the JSON Pointers replaced (``HAR/Request/redacted``).
///
/// Fails closed: a body a route rule names that is not JSON, and any body or message that is
/// not JSON yet holds a quoted credential-named member, are refused with an error instead of
/// being written.
///
/// The same secret always gets the same alias within a session, whatever kind of place it
/// was first seen in: a token issued by the login response and later sent in
/// `Authorization` and in `?token=` is `<token-1>` everywhere, so a replay still matches.
/// Aliases are numbered per kind in first-seen order, so a deterministic session gives a
/// deterministic file.
///
/// Safe to call from many connections at once: the alias table sits behind a lock.
///
/// ```swift
/// let redactor = Redactor(policy: .kitchen)
/// let safe = try redactor.redact(entry)          // Authorization: Bearer <token-1>
/// try HARFile.save(document, to: url, scanner: redactor.scanner())
/// ```
public final class Redactor: Sendable {
    /// Where secrets are looked for.
    public let policy: RedactionPolicy
    /// The policy arranged for lookups.
    let lookup: RedactionLookup
    // Sleeping, not spinning: every connection thread of a busy proxy takes this lock per record.
    private let table = Mutex(AliasTable())

    private struct AliasTable {
        var aliasBySecret: [String: String] = [:]
        var secrets: [KnownSecret] = []
        var countByKind: [String: Int] = [:]
        var sweeper: SecretScanner?
    }

    /// A redactor for `policy` with an empty alias table. The default is the generic
    /// ``RedactionPolicy/standard``; the Kitchen API's layer passes ``RedactionPolicy/kitchen``.
    public init(policy: RedactionPolicy = .standard) {
        self.policy = policy
        self.lookup = RedactionLookup(policy)
    }

    /// Every secret seen so far with its alias, in first-seen order.
    public var knownSecrets: [KnownSecret] {
        table.withLock { $0.secrets }
    }

    /// How many secrets are known so far: when it grows while a body is redacted, the body
    /// is redacted again, so that a secret first seen after some of its bytes is swept from them.
    var knownSecretCount: Int {
        table.withLock { $0.secrets.count }
    }

    /// The alias of `secret`, assigning the next one of `kind` when it is new.
    public func alias(for secret: String, kind: RedactionPolicy.SecretKind) -> String {
        table.withLock { table in
            if let alias = table.aliasBySecret[secret] { return alias }
            let number = (table.countByKind[kind.rawValue] ?? 0) + 1
            table.countByKind[kind.rawValue] = number
            let alias = "<\(kind.rawValue)-\(number)>"
            table.aliasBySecret[secret] = alias
            table.secrets.append(KnownSecret(alias: alias, value: secret))
            table.sweeper = nil
            return alias
        }
    }

    /// A scanner for every secret seen so far plus `extraSecrets`.
    public func scanner(extraSecrets: [String] = []) -> SecretScanner {
        guard extraSecrets.isEmpty else {
            return SecretScanner(secrets: knownSecrets, extraSecrets: extraSecrets, minimumLength: policy.minimumSearchedSecretLength)
        }
        return table.withLock { table in
            if let sweeper = table.sweeper { return sweeper }
            let scanner = SecretScanner(secrets: table.secrets, minimumLength: policy.minimumSearchedSecretLength)
            table.sweeper = scanner
            return scanner
        }
    }

    /// `message` with its secrets replaced: values under credential-named members when it is
    /// JSON (text, or binary that parses), then every known secret. The recorded data keeps
    /// every other byte; ``HAR/WebSocketMessage/redacted`` lists what changed. An error entry
    /// (Chrome's `type: "error"`) only has known secrets swept from its text.
    ///
    /// Throws ``RecordingError/unredactableText(location:name:offset:)`` for a message that is
    /// not JSON yet holds a quoted credential-named member.
    public func redact(message: HAR.WebSocketMessage) throws(RecordingError) -> HAR.WebSocketMessage {
        var message = message
        let original = try message.payload
        let type = message.type, time = message.time
        let context = BodyContext(aliasing: message.isData) { "a WebSocket message (\(type.rawValue), at \(time))" }
        guard let text = try redactingWhole(original, context: context) else { return message }
        switch message.opcode {
        case .text, .error: message.data = String(decoding: text.bytes, as: UTF8.self)
        case .binary: message.data = Base64.encode(text.bytes)
        }
        message.redacted = Self.merging(message.redacted, text.pointers)
        return message
    }

    /// `close` with every known secret in its reason replaced by its alias.
    public func redact(close: HAR.WebSocketClose) -> HAR.WebSocketClose {
        var close = close
        if let swept = scanner().replacingSecrets(in: close.reason) { close.reason = swept }
        return close
    }

    /// `existing` pointers followed by the new ones not already there; `nil` stays `nil`
    /// when there are none.
    static func merging(_ existing: [String]?, _ new: [String]) -> [String]? {
        guard !new.isEmpty else { return existing }
        var pointers = RedactedPointers()
        pointers.add(contentsOf: existing ?? [])
        pointers.add(contentsOf: new)
        return pointers.list
    }
}

extension SecretScanner {
    /// `bytes` with each secret replaced by its alias (percent-encoded where the secret was);
    /// `nil` when none was there.
    func replacingSecrets(in bytes: [UInt8]) -> [UInt8]? {
        bytes.withUnsafeBufferPointer { buffer in
            matcher.replacingMatches(in: buffer) { Array(alias(replacing: $0).utf8) }
        }
    }

    /// What a match of `pattern` is replaced by: its secret's alias, percent-encoded where the
    /// secret was.
    func alias(replacing pattern: SecretMatcher.Pattern) -> String {
        let alias = aliases[pattern.owner]
        return pattern.isPercentEncoded ? PercentEncoding.encode(alias) : alias
    }

    /// `text` with each secret replaced by its alias; `nil` when none was there.
    func replacingSecrets(in text: String) -> String? {
        guard !matcher.isEmpty, matcher.firstMatch(in: text) != nil else { return nil }
        return replacingSecrets(in: Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }
}
