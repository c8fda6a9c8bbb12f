import Foundation
import HarnessCore

/// A secret the redactor has replaced, and the alias that now stands for it.
///
/// Printing one (`description`, `debugDescription`, `dump`) shows only the alias, so a
/// failing test or a log line never spills the value.
public struct KnownSecret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The stand-in written to disk, e.g. `<token-1>`.
    public let alias: String
    /// The secret itself.
    public let value: String

    /// A secret and its alias.
    public init(alias: String, value: String) {
        self.alias = alias
        self.value = value
    }

    /// The alias.
    public var description: String { alias }
    /// The alias, marked as a secret.
    public var debugDescription: String { "KnownSecret(\(alias))" }
    /// The alias only, for `dump` and test output.
    public var customMirror: Mirror { Mirror(self, children: ["alias": alias]) }
}

/// The last check before bytes reach the disk: refuses anything that still contains a
/// secret, in any of the forms it could have been written in.
///
/// Each secret is looked for as it is, JSON-escaped (with and without `\/`) and
/// percent-encoded (upper- and lower-case hex, and with `+` for spaces). Binary bodies,
/// base64 header values and binary WebSocket frames are decoded and looked into too.
/// Secrets shorter than ``minimumLength`` are not looked for: a four-letter password such as
/// the simulator's `demo` also occurs as a user name and would make every recording fail; the
/// redaction rules still replace them where the policy names them.
///
/// ```swift
/// let scanner = redactor.scanner(extraSecrets: server.issuedTokens)
/// try scanner.check(document)   // throws RecordingError.secretLeaked(alias:location:)
/// ```
public struct SecretScanner: Sendable {
    /// The default for ``minimumLength``.
    public static let defaultMinimumLength = 8

    /// Secrets shorter than this many UTF-8 bytes are not looked for.
    public let minimumLength: Int
    let aliases: [String]
    /// Looks for every form of each secret in a string's own text (used on JSON strings and
    /// bodies, and to replace secrets).
    let matcher: SecretMatcher
    /// Also looks for the JSON-escaped bytes of each of those forms, which is how a form
    /// inside a JSON string (a JSON body, say) shows in serialized output.
    private let serializedMatcher: SecretMatcher

    /// A scanner for `secrets` plus `extraSecrets` (values the caller knows were issued, such
    /// as every token the server handed out). An extra secret the list does not already name
    /// is reported as `<extra-N>`, N counting from 1 in the order given.
    public init(secrets: [KnownSecret] = [], extraSecrets: [String] = [], minimumLength: Int = SecretScanner.defaultMinimumLength) {
        let minimumLength = max(1, minimumLength)
        self.minimumLength = minimumLength
        var all = secrets
        var seen = Set(secrets.map(\.value))
        var extraCount = 0
        for extra in extraSecrets where seen.insert(extra).inserted {
            extraCount += 1
            all.append(KnownSecret(alias: "<extra-\(extraCount)>", value: extra))
        }
        let scanned = all.filter { $0.value.utf8.count >= minimumLength }
        aliases = scanned.map(\.alias)
        var patterns: [SecretMatcher.Pattern] = []
        var serializedPatterns: [SecretMatcher.Pattern] = []
        for (owner, secret) in scanned.enumerated() {
            let forms = Self.forms(of: secret.value)
            patterns += forms.map { SecretMatcher.Pattern(bytes: $0.bytes, owner: owner, isPercentEncoded: $0.percent) }
            var distinct = Set<[UInt8]>()
            for form in forms {
                for bytes in [form.bytes, Self.jsonEscaped(form.bytes)] where distinct.insert(bytes).inserted {
                    serializedPatterns.append(SecretMatcher.Pattern(bytes: bytes, owner: owner, isPercentEncoded: form.percent))
                }
            }
        }
        matcher = SecretMatcher(patterns: patterns)
        serializedMatcher = SecretMatcher(patterns: serializedPatterns)
    }

    /// How many secrets the scanner looks for.
    public var secretCount: Int { aliases.count }

    /// Every distinct way `secret` can appear in a string: as it is, JSON-escaped (with and
    /// without `\/`), percent-encoded (upper- and lower-case hex, `+` for spaces).
    static func forms(of secret: String) -> [(bytes: [UInt8], percent: Bool)] {
        let json = jsonEscaped(Array(secret.utf8))
        let jsonSlash = Array(String(decoding: json, as: UTF8.self).replacingOccurrences(of: "/", with: "\\/").utf8)
        var forms: [(bytes: [UInt8], percent: Bool)] = [(Array(secret.utf8), false), (json, false), (jsonSlash, false)]
        for variant in [
            PercentEncoding.encode(secret, hexCase: .upper), PercentEncoding.encode(secret, hexCase: .lower),
            PercentEncoding.encode(secret, hexCase: .upper, spaceAsPlus: true),
        ] {
            forms.append((Array(variant.utf8), true))
        }
        var seen = Set<[UInt8]>()
        return forms.filter { seen.insert($0.bytes).inserted }
    }

    /// `bytes` as the serializer writes them inside a JSON string, without the quotes. The
    /// escaping works byte by byte, so the escaped form of a part is part of the escaped whole.
    private static func jsonEscaped(_ bytes: [UInt8]) -> [UInt8] {
        var escaped: [UInt8] = []
        JSONSerializer.writeString(String(decoding: bytes, as: UTF8.self), into: &escaped)
        return Array(escaped.dropFirst().dropLast())
    }

    /// Throws ``RecordingError/secretLeaked(alias:location:)`` when `bytes` (a file, a journal
    /// line) hold a secret, including inside JSON strings; the location is `location` with the
    /// line and column of the first leak.
    public func check(bytes: [UInt8], location: String) throws(RecordingError) {
        guard let match = serializedMatcher.firstMatch(in: bytes) else { return }
        let before = bytes[..<match.range.lowerBound]
        let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        let column = match.range.lowerBound - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
        throw .secretLeaked(alias: aliases[match.pattern.owner], location: "\(location), line \(line), column \(column)")
    }

    /// Throws ``RecordingError/secretLeaked(alias:location:)`` when any key or string of
    /// `value` holds a secret; the location is `location` and the JSON Pointer of the string.
    public func check(_ value: JSONValue, location: String) throws(RecordingError) {
        guard !matcher.isEmpty else { return }
        var path: [String] = []
        if let leak = firstLeak(in: value, path: &path) {
            throw .secretLeaked(alias: aliases[leak.owner], location: "\(location) at \(leak.where)")
        }
    }

    /// Checks `bytes`, the serialization of `value`, in one pass over the bytes; only when
    /// something turns up is `value` walked to name the JSON location. Base64 parts are not
    /// looked into here (see ``check(_:location:)-(HAR.Document,_)``).
    func check(serialized bytes: [UInt8], of value: @autoclosure () throws(RecordingError) -> JSONValue,
               location: @autoclosure () -> String) throws(RecordingError) {
        guard !matcher.isEmpty, serializedMatcher.firstMatch(in: bytes) != nil else { return }
        let location = location()
        try check(value(), location: location)
        // Found in the text but in no single string (it spans JSON syntax): name the line instead.
        try check(bytes: bytes, location: location)
    }

    func firstLeak(in value: JSONValue, path: inout [String]) -> (owner: Int, where: String)? {
        switch value {
        case .string(let text):
            if let match = matcher.firstMatch(in: text) { return (match.pattern.owner, pointer(path)) }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                path.append(String(index))
                defer { path.removeLast() }
                if let leak = firstLeak(in: element, path: &path) { return leak }
            }
        case .object(let object):
            for member in object {
                if let match = matcher.firstMatch(in: member.key) { return (match.pattern.owner, pointer(path) + " (a key)") }
                path.append(member.key)
                defer { path.removeLast() }
                if let leak = firstLeak(in: member.value, path: &path) { return leak }
            }
            return firstLeakInBinary(object, path: path)
        case .null, .bool, .number:
            break
        }
        return nil
    }

    /// Base64 bodies (`encoding`/`_encoding`) and binary frames (`opcode` 2) hide secrets from
    /// a text search, so they are decoded and searched as bytes.
    private func firstLeakInBinary(_ object: JSONObject, path: [String]) -> (owner: Int, where: String)? {
        let isBase64 = object["encoding"]?.stringValue == "base64" || object["_encoding"]?.stringValue == "base64"
        let isBinaryFrame = object["opcode"]?.intValue == HAR.WebSocketMessage.Opcode.binary.rawValue
        guard isBase64 || isBinaryFrame else { return nil }
        for key in ["text", "value", "data"] {
            guard let encoded = object[key]?.stringValue, let decoded = Base64.decode(encoded),
                  let match = matcher.firstMatch(in: decoded)
            else { continue }
            return (match.pattern.owner, pointer(path + [key]) + " (base64-decoded)")
        }
        return nil
    }

    func pointer(_ path: [String]) -> String {
        path.isEmpty ? "/" : JSONPointer(tokens: path).description
    }
}
