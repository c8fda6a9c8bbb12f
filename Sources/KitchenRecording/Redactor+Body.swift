import HarnessCore

/// A body or message as it will be recorded: the wire bytes with aliases spliced in, and the
/// JSON Pointers of what was replaced (see ``HAR/Request/redacted``).
struct RedactedText: Sendable {
    var bytes: [UInt8]
    var pointers: [String]
}

extension Redactor {
    /// How a body or message is read when all of it is at hand.
    struct BodyContext: Sendable {
        /// The rules naming fields of this body; when there are any, the body must be JSON.
        var fields: [RedactionLookup.BodyField] = []
        /// Whether the body is declared a form (`application/x-www-form-urlencoded`).
        var isForm = false
        /// Whether credential-named members and route fields get aliases; `false` for a text
        /// that is only swept of known secrets (a WebSocket error entry).
        var aliasing = true
        /// What the body is, for errors (made only when one is thrown).
        var location: @Sendable () -> String
    }

    /// `bytes`, a whole body or message, with its secrets replaced: ``StreamingBodyRedactor``
    /// fed it once, holding a token as long as the body, so a long token is not refused. A
    /// text that is not JSON is refused when a rule names a field in it
    /// (``RecordingError/unredactableBody(method:path:message:reason:)``) or when it holds
    /// something that looks like a credential-named member
    /// (``RecordingError/unredactableText(location:name:offset:)``); a form then gets its
    /// secret fields replaced, and any such text is swept of known secrets (pointer `""`).
    /// `nil` when nothing changed.
    ///
    /// A secret first seen in the body (or, while it was read, anywhere else) is swept from
    /// all of it, as from any later body: the body is then fed once more, now knowing it.
    func redactingWhole(_ bytes: [UInt8], context: BodyContext) throws(RecordingError) -> RedactedText? {
        guard !bytes.isEmpty else { return nil }
        let known = knownSecretCount
        let redacted = try redactingWholeOnce(bytes, context: context)
        return knownSecretCount == known ? redacted : try redactingWholeOnce(bytes, context: context)
    }

    private func redactingWholeOnce(_ bytes: [UInt8], context: BodyContext) throws(RecordingError) -> RedactedText? {
        // The sweep looks at every token; most bodies hold no known secret, which one pass of
        // the matcher over the bytes tells (a secret behind an escape it cannot see). One
        // learned while the body is read makes it be read again, swept then.
        let matcher = scanner().matcher
        let hasEscapes = bytes.contains(UInt8(ascii: "\\"))
        let sweeping = !matcher.isEmpty && (hasEscapes || matcher.firstMatch(in: bytes) != nil)
        // Most bodies hold nothing to replace, which is told without the walk: no rule names a
        // field, no escape can hide a name or a secret, no known secret shows, no quoted text
        // names a credential (what the walk aliases, and what text that is not JSON is refused
        // for), and it is no form. The walk would give nothing then; as would its fallback.
        if !sweeping, !hasEscapes, context.fields.isEmpty, !context.isForm,
           !bytes.withUnsafeBufferPointer({ lookup.quotesCredentialName(in: $0) }) {
            return nil
        }
        var walk = StreamingBodyRedactor(redactor: self, fields: context.fields, location: context.location, maximumTokenBytes: bytes.count)
        walk.aliasing = context.aliasing
        walk.sweeping = sweeping
        let notJSON: JSONParseError
        switch try walk.redactingWholeJSON(bytes) {
        case .success(let text): return text.pointers.isEmpty ? nil : text
        case .failure(let error): notJSON = error
        }
        var form: RedactedText?
        if context.aliasing {
            if let field = context.fields.first {
                throw .unredactableBody(
                    method: field.method, path: field.path, message: field.message.rawValue,
                    reason: "the body is not JSON (\(notJSON.description))")
            }
            if let found = StreamingCredentialSearch.first(in: bytes, lookup: lookup) {
                throw refusal(location: context.location(), name: found.name, offset: found.offset)
            }
            form = context.isForm ? aliasingFormSecrets(in: bytes) : nil
        }
        let sweeper = scanner()
        guard let swept = sweeper.replacingSecrets(in: form?.bytes ?? bytes) else { return form }
        var pointers = RedactedPointers()
        pointers.add(contentsOf: (form?.pointers ?? []).map { sweeper.replacingSecrets(in: $0) ?? $0 })
        pointers.add("")
        return RedactedText(bytes: swept, pointers: pointers.list)
    }

    /// `text`, a decoded JSON string starting at byte `offset` of its document, with the
    /// secrets of the JSON it holds given aliases (its own embedded strings looked into in
    /// turn; the string that holds it is swept of known secrets as a whole); `nil` when there
    /// are none. Text that is not JSON but names a credential is refused, and so is anything
    /// past ``maximumEmbeddingDepth`` that could hide one.
    func aliasingEmbeddedJSON(
        in text: String, at offset: Int, location: @escaping @Sendable () -> String, embedding: Int
    ) throws(RecordingError) -> String? {
        let inner = Array(text.utf8)
        guard inner.contains(UInt8(ascii: "\"")) else { return nil }
        let found = StreamingCredentialSearch.first(in: inner, lookup: lookup)
        if embedding < Self.maximumEmbeddingDepth {
            var walk = StreamingBodyRedactor(redactor: self, fields: [], location: location, maximumTokenBytes: inner.count)
            walk.sweeping = false
            walk.embedding = embedding + 1
            if case .success(let redacted) = try walk.redactingWholeJSON(inner) {
                return redacted.pointers.isEmpty ? nil : String(decoding: redacted.bytes, as: UTF8.self)
            }
            guard let found else { return nil }
            throw refusal(location: "\(location()), in a string", name: found.name, offset: offset)
        }
        guard found != nil || inner.contains(UInt8(ascii: "\\")) else { return nil }
        throw refusal(location: "\(location()), in a string nested \(embedding + 1) deep", name: found?.name ?? "", offset: offset)
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

    /// The kind of secret at `path`: a field rule's, else a credential-named member's.
    func secretKind(at path: [JSONPathComponent], fields: [RedactionLookup.BodyField]) -> RedactionPolicy.SecretKind? {
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
    private func aliasingFormSecrets(in bytes: [UInt8]) -> RedactedText? {
        var splice = ByteSplice()
        var pointers = RedactedPointers()
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
            if let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")), equals + 1 < end {
                let name = PercentEncoding.decode(String(decoding: bytes[start..<equals], as: UTF8.self), plusAsSpace: true)
                if let kind = lookup.parameterKind(named: name) {
                    let secret = PercentEncoding.decode(String(decoding: bytes[(equals + 1)..<end], as: UTF8.self), plusAsSpace: true)
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
}
