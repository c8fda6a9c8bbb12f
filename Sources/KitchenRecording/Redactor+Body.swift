import HarnessCore

/// A body or message as it will be recorded: the wire bytes with aliases spliced in, and the
/// JSON Pointers of what was replaced (see ``HAR/Request/redacted``).
struct RedactedText: Sendable {
    var bytes: [UInt8]
    var pointers: [String]
}

extension Redactor {
    /// How one body is to be read.
    struct BodyContext {
        /// The rules naming fields of this body; when there are any, the body must be JSON.
        var fields: [RedactionLookup.BodyField] = []
        /// Whether the body is declared a form (`application/x-www-form-urlencoded`).
        var isForm = false
        /// What the body is, for errors: `the request body of POST /auth/login` (made only
        /// when one is thrown: building it for every message showed in profiles).
        var location: () -> String
    }

    /// Replaces the secrets a rule or a credential name points at in `bytes`, splicing each
    /// alias in at the value's byte range; `nil` when nothing changed.
    ///
    /// A JSON text gets every value at a rule's field or under a credential-named member
    /// replaced, and so does JSON embedded in a string (`"{\"password\":\"x\"}"`, which a
    /// server may decode in turn) when it names a credential. A text that is not JSON is
    /// refused when a rule names a field in it
    /// (``RecordingError/unredactableBody(method:path:message:reason:)``) or when it holds
    /// something that looks like a credential-named member
    /// (``RecordingError/unredactableText(location:name:offset:)``); a form gets its secret
    /// fields replaced; any other text is left for the sweep of known secrets.
    func aliasingSecrets(in bytes: [UInt8], context: BodyContext) throws(RecordingError) -> RedactedText? {
        guard !bytes.isEmpty else { return nil }
        let notJSON: JSONParseError
        switch try aliasingJSONSecrets(in: bytes, fields: context.fields, location: context.location) {
        case .success(let redacted): return redacted
        case .failure(let error): notJSON = error
        }
        if let field = context.fields.first {
            throw .unredactableBody(
                method: field.method, path: field.path, message: field.message.rawValue,
                reason: "the body is not JSON (\(notJSON.description))")
        }
        if let found = LexicalCredentialSearch.first(in: bytes, lookup: lookup) {
            throw refusal(location: context.location(), name: found.name, offset: found.offset)
        }
        return context.isForm ? aliasingFormSecrets(in: bytes) : nil
    }

    /// How deep JSON embedded in JSON strings is looked into; deeper, a string that names a
    /// credential is refused.
    static let maximumEmbeddingDepth = 4

    /// ``RecordingError/unredactableText(location:name:offset:)``, with any known secret in its
    /// texts replaced (an error is printed, and must not spill one either).
    func refusal(location: String, name: String, offset: Int) -> RecordingError {
        let sweeper = scanner()
        return .unredactableText(
            location: sweeper.replacingSecrets(in: location) ?? location, name: sweeper.replacingSecrets(in: name) ?? name,
            offset: offset)
    }

    /// The JSON pass: `.failure` when `bytes` are not JSON; throws when JSON embedded in one
    /// of its strings names a credential but cannot be redacted.
    private func aliasingJSONSecrets(
        in bytes: [UInt8], fields: [RedactionLookup.BodyField], location: () -> String, embedding: Int = 0
    ) throws(RecordingError) -> Result<RedactedText?, JSONParseError> {
        var splice = ByteSplice()
        var pointers = RedactedPointers()
        var refused: RecordingError?
        // Set while inside a secret container: its depth and the kind of everything in it.
        var secretContainer: (depth: Int, kind: RedactionPolicy.SecretKind)?
        let outcome = bytes.withUnsafeBufferPointer { buffer -> Result<Void, JSONParseError> in
            do throws(JSONParseError) {
                try JSONSpanScanner.scan(buffer) { event, path in
                    switch event {
                    case .open:
                        if secretContainer == nil, let kind = secretKind(at: path, fields: fields) { secretContainer = (path.count, kind) }
                    case .close:
                        if secretContainer?.depth == path.count { secretContainer = nil }
                    case .name, .literal:
                        break
                    case .string(let range, let escaped):
                        guard let kind = secretContainer?.kind ?? secretKind(at: path, fields: fields) else {
                            // Embedded JSON needs escaped quotes, so only escaped strings can hold any.
                            guard escaped, refused == nil else { return }
                            let text = JSONSpanScanner.decodeString(buffer, range: range, escaped: true)
                            do throws(RecordingError) {
                                if let inner = try aliasingEmbeddedJSONSecrets(in: text, at: range.lowerBound, location: location, embedding: embedding) {
                                    splice.replace(range, with: ByteSplice.jsonString(inner))
                                    pointers.add(path)
                                }
                            } catch {
                                refused = error
                            }
                            return
                        }
                        let secret = JSONSpanScanner.decodeString(buffer, range: range, escaped: escaped)
                        guard !secret.isEmpty, !RedactionPolicy.isAlias(secret) else { return }
                        splice.replace(range, with: ByteSplice.jsonString(alias(for: secret, kind: kind)))
                        pointers.add(path)
                    case .number(let range):
                        guard let kind = secretContainer?.kind ?? secretKind(at: path, fields: fields) else { return }
                        // A secret number becomes its alias as a string: the value is gone either way.
                        let secret = String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
                        splice.replace(range, with: ByteSplice.jsonString(alias(for: secret, kind: kind)))
                        pointers.add(path)
                    }
                }
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        if case .failure(let error) = outcome { return .failure(error) }
        if let refused { throw refused }
        return .success(splice.isEmpty ? nil : RedactedText(bytes: splice.applied(to: bytes), pointers: pointers.list))
    }

    /// `text`, a decoded JSON string starting at byte `offset` of its document, with the
    /// secrets of the JSON it holds replaced (its own embedded strings looked into in turn);
    /// `nil` when there are none. Text that is not JSON but names a credential is refused, and
    /// so is anything past ``maximumEmbeddingDepth`` that could hide one.
    func aliasingEmbeddedJSONSecrets(
        in text: String, at offset: Int, location: () -> String, embedding: Int
    ) throws(RecordingError) -> String? {
        let inner = Array(text.utf8)
        guard inner.contains(UInt8(ascii: "\"")) else { return nil }
        let found = LexicalCredentialSearch.first(in: inner, lookup: lookup)
        if embedding < Self.maximumEmbeddingDepth {
            if case .success(let redacted) = try aliasingJSONSecrets(in: inner, fields: [], location: location, embedding: embedding + 1) {
                return redacted.map { String(decoding: $0.bytes, as: UTF8.self) }
            }
            guard let found else { return nil }
            throw refusal(location: "\(location()), in a string", name: found.name, offset: offset)
        }
        guard found != nil || inner.contains(UInt8(ascii: "\\")) else { return nil }
        throw refusal(location: "\(location()), in a string nested \(embedding + 1) deep", name: found?.name ?? "", offset: offset)
    }

    /// The kind of secret at `path`: a field rule's, else a credential-named member's.
    func secretKind(at path: [JSONSpanScanner.Component], fields: [RedactionLookup.BodyField]) -> RedactionPolicy.SecretKind? {
        if !fields.isEmpty {
            let tokens = path.map(\.token)
            if let field = fields.first(where: { $0.field.matches(tokens) }) { return field.kind }
        }
        guard case .member(let name)? = path.last else { return nil }
        return lookup.credentialKind(named: name)
    }

    /// A form body (`a=1&password=x`, HTML's `application/x-www-form-urlencoded`): each field
    /// named by a parameter rule or a credential name gets its value replaced; the pointer is
    /// `/name`.
    func aliasingFormSecrets(in bytes: [UInt8]) -> RedactedText? {
        var splice = ByteSplice()
        var pointers = RedactedPointers()
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
            if let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")), equals + 1 < end {
                let name = Self.formDecoded(bytes[start..<equals])
                if let kind = lookup.parameterKind(named: name) {
                    let secret = Self.formDecoded(bytes[(equals + 1)..<end])
                    if !RedactionPolicy.isAlias(secret) {
                        splice.replace((equals + 1)..<end, with: Array(PercentEncoding.encode(alias(for: secret, kind: kind)).utf8))
                        pointers.add([.member(name)])
                    }
                }
            }
            start = end + 1
        }
        return splice.isEmpty ? nil : RedactedText(bytes: splice.applied(to: bytes), pointers: pointers.list)
    }

    /// A form name or value as a server reads it: `+` is a space, then `%XX` decoded.
    private static func formDecoded(_ bytes: ArraySlice<UInt8>) -> String {
        let spaced = bytes.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }
        return PercentEncoding.decode(Substring(String(decoding: spaced, as: UTF8.self)))
    }

    /// `text` with every known secret `sweeper` looks for replaced by its alias, `nil` when
    /// none was there. In a JSON text each string (names included) and number is searched
    /// for itself, escapes decoded, and only a token that held a secret is rewritten; in any
    /// other text the bytes are searched and the pointer is `""`.
    func sweepingKnownSecrets(in text: RedactedText, with sweeper: SecretScanner) -> RedactedText? {
        let bytes = text.bytes
        let mayHideBehindEscapes = bytes.contains(UInt8(ascii: "\\"))
        guard !sweeper.matcher.isEmpty, mayHideBehindEscapes || sweeper.matcher.firstMatch(in: bytes) != nil else { return nil }
        var splice = ByteSplice()
        var pointers = RedactedPointers()
        pointers.add(contentsOf: text.pointers.map { sweeper.replacingSecrets(in: $0) ?? $0 })
        let parsed = bytes.withUnsafeBufferPointer { buffer -> Bool in
            do throws(JSONParseError) {
                try JSONSpanScanner.scan(buffer) { event, path in
                    let swept: String?
                    let range: Range<Int>
                    switch event {
                    case .name(let token, let escaped), .string(let token, let escaped):
                        range = token
                        if escaped {
                            swept = sweeper.replacingSecrets(in: JSONSpanScanner.decodeString(buffer, range: token, escaped: true))
                        } else {
                            let contents = UnsafeBufferPointer(rebasing: buffer[(token.lowerBound + 1)..<(token.upperBound - 1)])
                            swept = sweeper.replacingSecrets(in: contents).map { String(decoding: $0, as: UTF8.self) }
                        }
                    case .number(let token):
                        range = token
                        swept = sweeper.replacingSecrets(in: UnsafeBufferPointer(rebasing: buffer[token])).map { String(decoding: $0, as: UTF8.self) }
                    case .open, .close, .literal:
                        return
                    }
                    guard let swept else { return }
                    splice.replace(range, with: ByteSplice.jsonString(swept))
                    let pointer = JSONPointer(tokens: path.map(\.token)).description
                    pointers.add(sweeper.replacingSecrets(in: pointer) ?? pointer)
                }
                return true
            } catch {
                return false
            }
        }
        if parsed {
            guard !splice.isEmpty else { return nil }
            return RedactedText(bytes: splice.applied(to: bytes), pointers: pointers.list)
        }
        guard let swept = sweeper.replacingSecrets(in: bytes) else { return nil }
        pointers.add("")
        return RedactedText(bytes: swept, pointers: pointers.list)
    }
}
