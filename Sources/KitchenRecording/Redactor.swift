import Foundation
import Synchronization

/// Replaces a session's secrets with stable aliases before anything is written.
///
/// The same secret always gets the same alias within a session, whatever kind of place it
/// was first seen in: a token issued by the login response and later sent in
/// `Authorization` and in `?token=` is `<token-1>` everywhere, so a replay still matches.
/// Aliases are numbered per kind in first-seen order, so a deterministic session gives a
/// deterministic file. After the policy's rules, every string of an entry is also swept
/// for every secret already known (see ``SecretScanner`` for the forms and the minimum
/// length).
///
/// Safe to call from many connections at once: the alias table sits behind a `Mutex`.
///
/// ```swift
/// let redactor = Redactor(policy: .kitchen)
/// let safe = try redactor.redact(entry)          // Authorization: Bearer <token-1>
/// try HARFile.save(document, to: url, scanner: redactor.scanner())
/// ```
public final class Redactor: Sendable {
    /// Where secrets are looked for.
    public let policy: RedactionPolicy
    private let table = Mutex(AliasTable())

    private struct AliasTable {
        var aliasBySecret: [String: String] = [:]
        var secrets: [KnownSecret] = []
        var countByKind: [String: Int] = [:]
        var sweeper: SecretScanner?
    }

    /// A redactor for `policy` with an empty alias table.
    public init(policy: RedactionPolicy = .kitchen) {
        self.policy = policy
    }

    /// Every secret seen so far with its alias, in first-seen order.
    public var knownSecrets: [KnownSecret] {
        table.withLock { $0.secrets }
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

    /// `message` with every known secret replaced by its alias. A binary frame is decoded,
    /// swept as bytes and encoded again.
    public func redact(message: HAR.WebSocketMessage) throws(RecordingError) -> HAR.WebSocketMessage {
        let sweeper = scanner()
        var message = message
        switch message.opcode {
        case .text, .error:
            if let swept = sweeper.replacingSecrets(in: message.data) { message.data = swept }
        case .binary:
            if let swept = sweeper.replacingSecrets(in: try message.payload) {
                message.data = Data(swept).base64EncodedString()
            }
        }
        return message
    }

    /// `close` with every known secret in its reason replaced by its alias.
    public func redact(close: HAR.WebSocketClose) -> HAR.WebSocketClose {
        var close = close
        if let swept = scanner().replacingSecrets(in: close.reason) { close.reason = swept }
        return close
    }
}

extension SecretScanner {
    /// `bytes` with each secret replaced by its alias (percent-encoded where the secret was);
    /// `nil` when none was there.
    func replacingSecrets(in bytes: [UInt8]) -> [UInt8]? {
        matcher.replacingMatches(in: bytes) { pattern in
            let alias = aliases[pattern.owner]
            return Array((pattern.isPercentEncoded ? PercentEncoding.encode(alias) : alias).utf8)
        }
    }

    /// `text` with each secret replaced by its alias; `nil` when none was there.
    func replacingSecrets(in text: String) -> String? {
        guard !matcher.isEmpty, matcher.firstMatch(in: text) != nil else { return nil }
        return replacingSecrets(in: Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }
}
