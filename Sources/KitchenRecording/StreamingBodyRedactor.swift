import HarnessCore

/// Redacts a body that arrives in pieces, so that a large upload reaches the journal
/// redacted without ever being held whole: each piece goes in, the bytes that are safe to
/// write come out, and only what may still turn out to be a secret is held back — the JSON
/// token being read (at most ``maximumTokenBytes``), or, in a body that is not JSON, the last
/// few bytes where a known secret could still be completing.
///
/// The output is the bytes ``Redactor/redact(_:)`` would record for the same body whole:
/// the same aliases spliced in at the same places, the same `_redacted` pointers. Two things
/// differ by nature: a secret first seen later in the body is swept only from what follows
/// it (as a secret first seen in a later exchange is), and what cannot be redacted safely
/// once bytes are out — a token over the limit, a body that stops being JSON after a value in
/// it was replaced — is refused (``RecordingError/unredactableStream(location:offset:reason:)``)
/// rather than written. Form bodies are not streamed (``Redactor/canStream(contentType:)``).
///
/// ```swift
/// var body = redactor.streamingBody(of: entry.request)
/// for piece in pieces { journal(try body.feed(piece)) }
/// let (tail, pointers) = try body.finish()
/// ```
public struct StreamingBodyRedactor: Sendable {
    /// The longest JSON token (string, name, number) held while it is read. Default 1 MiB.
    public static let defaultMaximumTokenBytes = 1 << 20
    /// How much of what was written is remembered to check a body that stops being JSON.
    static let rememberedTailBytes = 4096

    private enum Mode {
        case json(StreamingJSONScanner)
        case bytes(StreamingSecretSweep)
    }

    let redactor: Redactor
    let fields: [RedactionLookup.BodyField]
    let location: @Sendable () -> String
    /// The longest JSON token held while it is read.
    public let maximumTokenBytes: Int
    /// Whether values under credential names and route fields get aliases (an error message
    /// is only swept), and whether known secrets are swept (JSON embedded in a string is
    /// swept with the string that holds it).
    var aliasing = true, sweeping = true
    /// How deep in JSON embedded in strings this text is (0 for a body or message).
    var embedding = 0
    /// A whole body's replacements, at their offsets in it: the body is copied only when one
    /// of its tokens changed (most do not).
    private var wholeSplice: ByteSplice?
    private var mode: Mode
    private var search = StreamingCredentialSearch()
    // JSON mode: where a secret container is open, the pointers of both passes (aliases, then
    // the sweep of known secrets, token by token), and whether anything was replaced.
    private var secretContainer: (depth: Int, kind: RedactionPolicy.SecretKind)?
    private var aliasPointers = RedactedPointers()
    private var sweptPointers = RedactedPointers()
    private var swept = false
    private var aliased = false
    /// The last bytes written, and whether a known secret showed in what was written.
    private var writtenTail: [UInt8] = []
    private var secretInWritten = false
    /// Whether any byte came in (an empty body is recorded as it is, like a whole one).
    private var isEmpty = true
    /// The redactor's scanner as of the last alias this body assigned or the start of the
    /// piece, whichever is later (taking it per token would take the alias table's lock per
    /// token), and whether it looks for nothing (checked per token without copying it).
    private var sweeper: SecretScanner?
    private var sweeperIsCurrent = false
    private var sweepsNothing = true

    init(redactor: Redactor, fields: [RedactionLookup.BodyField], location: @escaping @Sendable () -> String,
         maximumTokenBytes: Int = StreamingBodyRedactor.defaultMaximumTokenBytes) {
        self.redactor = redactor
        self.fields = fields
        self.location = location
        self.maximumTokenBytes = maximumTokenBytes
        mode = .json(StreamingJSONScanner(maximumTokenBytes: maximumTokenBytes))
    }

    /// Takes the next piece of the body; returns the redacted bytes that can be written now.
    public mutating func feed(_ piece: [UInt8]) throws(RecordingError) -> [UInt8] {
        if !piece.isEmpty { isEmpty = false }
        sweeperIsCurrent = false
        search.feed(piece, lookup: redactor.lookup)
        switch mode {
        case .bytes(var sweep):
            if let found = search.found { throw redactor.refusal(location: location(), name: found.name, offset: found.offset) }
            let output = try Self.swept { () throws(StreamingSecretSweep.SecretInContext) in try sweep.feed(piece, scanner: redactor.scanner()) }
            mode = .bytes(sweep)
            return output
        case .json(var scanner):
            var output: [UInt8] = []
            do throws(StreamingJSONScanner.Failure) {
                try scanner.feed(piece[...]) { (step) throws(RecordingError) in try visit(step, into: &output) }
            } catch {
                try noteWritten(output)
                return output + (try leaveJSON(error, remainder: scanner.unhanded))
            }
            mode = .json(scanner)
            try noteWritten(output)
            return output
        }
    }

    /// Ends the body: the last redacted bytes, and the JSON Pointers of what was replaced
    /// (`""` for a text that is not JSON), as ``HAR/Request/redacted`` lists them.
    public mutating func finish() throws(RecordingError) -> (bytes: [UInt8], pointers: [String]) {
        if isEmpty { return ([], []) }
        var output: [UInt8] = []
        if case .json(var scanner) = mode {
            do throws(StreamingJSONScanner.Failure) {
                try scanner.finish { (step) throws(RecordingError) in try visit(step, into: &output) }
                return (output, jsonPointers())
            } catch {
                try noteWritten(output)
                output += try leaveJSON(error, remainder: scanner.unhanded)
            }
        }
        guard case .bytes(var sweep) = mode else { return (output, []) }
        if let found = search.found { throw redactor.refusal(location: location(), name: found.name, offset: found.offset) }
        output += try Self.swept { () throws(StreamingSecretSweep.SecretInContext) in try sweep.finish(scanner: redactor.scanner()) }
        return (output, sweep.replaced ? [""] : [])
    }

    /// Walks a whole body as JSON in one go: the redacted text, or `.failure` when it is not
    /// JSON — the caller has every byte, so nothing was written and nothing is refused for
    /// that here. Make the redactor's token limit the body's size.
    mutating func redactingWholeJSON(_ bytes: [UInt8]) throws(RecordingError) -> Result<RedactedText, JSONParseError> {
        guard case .json(var scanner) = mode, bytes.count <= maximumTokenBytes else {
            preconditionFailure("a whole body is fed once to a redactor that holds a token as long as the body")
        }
        var output: [UInt8] = []
        wholeSplice = ByteSplice()
        do throws(StreamingJSONScanner.Failure) {
            try scanner.walkWhole(bytes) { (step) throws(RecordingError) in try visit(step, into: &output) }
        } catch {
            switch error {
            case .refused(let refusal): throw refusal
            case .notJSON(let parseError): return .failure(parseError)
            case .tokenTooLong: preconditionFailure("no token is longer than the body it is in")
            }
        }
        let splice = wholeSplice ?? ByteSplice()
        return .success(RedactedText(bytes: splice.isEmpty ? bytes : splice.applied(to: bytes), pointers: jsonPointers()))
    }

    /// The `_redacted` pointers of a JSON walk: the alias pass's (swept of secrets themselves
    /// once the sweep replaced any), then the sweep's.
    private func jsonPointers() -> [String] {
        guard swept else { return aliasPointers.list }
        let sweeper = redactor.scanner()
        var pointers = RedactedPointers()
        pointers.add(contentsOf: aliasPointers.list.map { sweeper.replacingSecrets(in: $0) ?? $0 })
        pointers.add(contentsOf: sweptPointers.list)
        return pointers.list
    }

    private static func swept(_ run: () throws(StreamingSecretSweep.SecretInContext) -> [UInt8]) throws(RecordingError) -> [UInt8] {
        do throws(StreamingSecretSweep.SecretInContext) { return try run() } catch {
            throw .unredactableStream(location: "a streamed body", offset: error.offset,
                                      reason: "a known secret starts in bytes already written")
        }
    }

    /// The JSON walk ended early: either refuse, or go on sweeping the rest as text that is
    /// not JSON — which gives what the whole-body redactor gives only when nothing was
    /// replaced so far and no known secret showed in what was written.
    private mutating func leaveJSON(_ failure: StreamingJSONScanner.Failure, remainder: [UInt8]) throws(RecordingError) -> [UInt8] {
        let error: JSONParseError
        switch failure {
        case .refused(let refusal): throw refusal
        case .tokenTooLong(let offset, let limit):
            throw .unredactableStream(location: location(), offset: offset,
                                      reason: "a JSON token longer than \(limit) bytes, more than the redactor holds while it reads one")
        case .notJSON(let parseError): error = parseError
        }
        if let field = fields.first {
            throw .unredactableBody(method: field.method, path: field.path, message: field.message.rawValue,
                                    reason: "the body is not JSON (\(error.description))")
        }
        if let found = search.found { throw redactor.refusal(location: location(), name: found.name, offset: found.offset) }
        let scanner = redactor.scanner()
        let reach = scanner.matcher.longestPattern - 1
        if aliased || swept || secretInWritten || reach > Self.rememberedTailBytes {
            throw .unredactableStream(location: location(), offset: error.offset,
                                      reason: "the body stopped being JSON after part of it was written redacted as JSON")
        }
        var sweep = StreamingSecretSweep(context: Array(writtenTail.suffix(max(0, reach))))
        let output = try Self.swept { () throws(StreamingSecretSweep.SecretInContext) in try sweep.feed(remainder, scanner: scanner) }
        mode = .bytes(sweep)
        return output
    }

    /// Remembers the tail of what is written in JSON mode, and whether a known secret shows in
    /// it as raw bytes (which the JSON passes leave alone, and a text sweep would not).
    private mutating func noteWritten(_ output: [UInt8]) throws(RecordingError) {
        guard !output.isEmpty else { return }
        let matcher = redactor.scanner().matcher
        if !secretInWritten, !matcher.isEmpty {
            let window = writtenTail.suffix(max(0, matcher.longestPattern - 1)) + output
            secretInWritten = matcher.firstMatch(in: Array(window)) != nil
        }
        writtenTail = Array((writtenTail + output.suffix(Self.rememberedTailBytes)).suffix(Self.rememberedTailBytes))
    }

    /// One step of the JSON walk: the alias pass, then the sweep of known secrets, token by token.
    private mutating func visit(_ step: StreamingJSONScanner.Step, into output: inout [UInt8]) throws(RecordingError) {
        switch step {
        case .verbatim(let bytes):
            if wholeSplice == nil { output.append(contentsOf: bytes) }
        case .open(let path):
            if secretContainer == nil, let kind = redactor.secretKind(at: path, fields: fields) { secretContainer = (path.count, kind) }
        case .close(let path):
            if secretContainer?.depth == path.count { secretContainer = nil }
        case .token(let token, let bytes, let offset, let path):
            var current = bytes
            var isString = true
            switch token {
            case .string(let escaped) where aliasing:
                if let kind = secretContainer?.kind ?? redactor.secretKind(at: path, fields: fields) {
                    let secret = Self.decoded(bytes, escaped: escaped)
                    if !secret.isEmpty, !RedactionPolicy.isAlias(secret) {
                        current = ByteSplice.jsonString(redactor.alias(for: secret, kind: kind))
                        aliasPointers.add(path)
                        sweeperIsCurrent = false
                    }
                } else if escaped {
                    let text = Self.decoded(bytes, escaped: true)
                    let location = self.location
                    if let inner = try redactor.aliasingEmbeddedJSON(in: text, at: offset, location: location, embedding: embedding) {
                        current = ByteSplice.jsonString(inner)
                        aliasPointers.add(path)
                        sweeperIsCurrent = false
                    }
                }
            case .number where aliasing:
                isString = false
                if let kind = secretContainer?.kind ?? redactor.secretKind(at: path, fields: fields) {
                    current = ByteSplice.jsonString(redactor.alias(for: String(decoding: bytes, as: UTF8.self), kind: kind))
                    aliasPointers.add(path)
                    isString = true
                    sweeperIsCurrent = false
                }
            case .number:
                isString = false
            default:
                break
            }
            if current != bytes { aliased = true }
            if sweeping, token != .literal, let sweptToken = sweep(current, isString: isString, path: path) { current = sweptToken }
            if wholeSplice == nil {
                output.append(contentsOf: current)
            } else if current != bytes {
                wholeSplice?.replace(offset..<(offset + bytes.count), with: current)
            }
        }
    }

    /// The sweep of known secrets over one token: a string's decoded text, a number's bytes.
    private mutating func sweep(_ token: [UInt8], isString: Bool, path: [JSONPathComponent]) -> [UInt8]? {
        if !sweeperIsCurrent {
            let current = redactor.scanner()
            sweepsNothing = current.matcher.isEmpty
            sweeper = current
            sweeperIsCurrent = true
        }
        guard !sweepsNothing, let sweeper else { return nil }
        let replaced: String?
        if !isString {
            replaced = sweeper.replacingSecrets(in: token).map { String(decoding: $0, as: UTF8.self) }
        } else if token.contains(UInt8(ascii: "\\")) {
            replaced = sweeper.replacingSecrets(in: Self.decoded(token, escaped: true))
        } else {
            replaced = sweeper.replacingSecrets(in: Array(token.dropFirst().dropLast())).map { String(decoding: $0, as: UTF8.self) }
        }
        guard let replaced else { return nil }
        swept = true
        let pointer = JSONPointer(tokens: path.map(\.token)).description
        sweptPointers.add(sweeper.replacingSecrets(in: pointer) ?? pointer)
        return ByteSplice.jsonString(replaced)
    }

    private static func decoded(_ token: [UInt8], escaped: Bool) -> String {
        token.withUnsafeBufferPointer { JSONTokenizer.decodeString($0, token: 0..<token.count, escaped: escaped) }
    }
}
