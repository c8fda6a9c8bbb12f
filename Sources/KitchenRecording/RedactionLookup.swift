import HarnessCore

/// A ``RedactionPolicy``'s table arranged for the questions the ``Redactor`` asks of every
/// header, parameter and JSON member name: built once, so the hot path does no rule scans
/// over strings it has to lower-case each time.
struct RedactionLookup: Sendable {
    /// A route's JSON field rule, its method and path already normalised.
    struct BodyField: Sendable {
        let method: String
        let path: String
        let message: RedactionPolicy.Message
        let field: JSONPathPattern
        let kind: RedactionPolicy.SecretKind
    }

    private var headers = CaseInsensitiveName.Table<(format: RedactionPolicy.HeaderFormat, kind: RedactionPolicy.SecretKind)>()
    private var parameters: [String: RedactionPolicy.SecretKind] = [:]
    /// Credential words in credential form, as bytes, in table order.
    private var credentialWords: [(word: [UInt8], kind: RedactionPolicy.SecretKind)] = []
    /// For each byte, the indices in ``credentialWords`` of the words ending with it: a name
    /// is only compared with the few words that end in its last letter.
    private var wordsByLastByte = [[Int]](repeating: [], count: 256)
    private var bodyFields: [BodyField] = []

    init(_ policy: RedactionPolicy) {
        for rule in policy.rules {
            switch rule.place {
            case .header(let name, let format):
                headers.insertIfAbsent(name, (format, rule.kind))
            case .parameter(let name):
                let key = PercentEncoding.decodeFully(name).lowercased()
                if parameters[key] == nil { parameters[key] = rule.kind }
            case .credentialName(let word):
                let form = Array(RedactionPolicy.credentialForm(of: word).utf8)
                if let last = form.last {
                    wordsByLastByte[Int(last)].append(credentialWords.count)
                    credentialWords.append((form, rule.kind))
                }
            case .bodyField(let method, let path, let message, let field):
                bodyFields.append(BodyField(
                    method: method.uppercased(), path: RequestPath.normalized(path), message: message, field: field, kind: rule.kind))
            }
        }
    }

    /// The format and kind of the header called `name` (RFC 9110 §5.1: case-insensitive).
    func header(named name: String) -> (format: RedactionPolicy.HeaderFormat, kind: RedactionPolicy.SecretKind)? {
        headers.value(named: name)
    }

    /// The kind of a query parameter or form field called `name` (as written on the wire):
    /// a parameter rule's, matched after full percent-decoding and ASCII case-insensitively,
    /// else a credential word's.
    func parameterKind(named name: some StringProtocol) -> RedactionPolicy.SecretKind? {
        let decoded = PercentEncoding.decodeFully(name)
        if !parameters.isEmpty, let kind = parameters[decoded.lowercased()] { return kind }
        return credentialKind(named: decoded)
    }

    /// The kind of the first credential word `name` ends with, in credential form.
    func credentialKind(named name: String) -> RedactionPolicy.SecretKind? {
        guard !credentialWords.isEmpty else { return nil }
        var name = name
        return name.withUTF8 { credentialKind(named: $0) }
    }

    /// ``credentialKind(named:)`` of a name given as its UTF-8 bytes.
    func credentialKind(named bytes: UnsafeBufferPointer<UInt8>) -> RedactionPolicy.SecretKind? {
        guard !credentialWords.isEmpty, let last = Self.lastSignificantIndex(in: bytes, before: bytes.count) else { return nil }
        var candidates = wordsByLastByte[Int(CaseInsensitiveName.folded(bytes[last]))]
        // `tokens`: the words ending in the letter before a plural `s` too, in table order.
        if CaseInsensitiveName.folded(bytes[last]) == UInt8(ascii: "s"), let previous = Self.lastSignificantIndex(in: bytes, before: last) {
            candidates = (candidates + wordsByLastByte[Int(CaseInsensitiveName.folded(bytes[previous]))]).sorted()
        }
        for index in candidates where Self.credentialForm(of: bytes, endsWith: credentialWords[index].word) {
            return credentialWords[index].kind
        }
        return nil
    }

    /// Whether the text between some quote of `text` and the next quote names a credential.
    /// In text without a backslash, that stretch is every JSON string (member names among
    /// them) and every name ``StreamingCredentialSearch`` tries, so `false` means neither a JSON
    /// walk nor that search would find a credential-named member. A stretch that is not ASCII
    /// is also asked as the text a decoder makes of it (invalid UTF-8 replaced).
    func quotesCredentialName(in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !credentialWords.isEmpty else { return false }
        var open: Int?
        for index in text.indices where text[index] == UInt8(ascii: "\"") {
            defer { open = index }
            guard let start = open.map({ $0 + 1 }) else { continue }
            let name = UnsafeBufferPointer(rebasing: text[start..<index])
            if credentialKind(named: name) != nil { return true }
            if name.contains(where: { $0 >= 0x80 }), credentialKind(named: String(decoding: name, as: UTF8.self)) != nil { return true }
        }
        return false
    }

    /// Whether `name` in credential form ends with `word` (already in credential form), or
    /// with `word` and an `s` (`tokens`, `apiKeys`); compared from the end without building
    /// the form.
    static func credentialForm(of name: UnsafeBufferPointer<UInt8>, endsWith word: [UInt8]) -> Bool {
        if credentialForm(of: name, before: name.count, endsWith: word) { return true }
        guard let last = lastSignificantIndex(in: name, before: name.count), CaseInsensitiveName.folded(name[last]) == UInt8(ascii: "s") else { return false }
        return credentialForm(of: name, before: last, endsWith: word)
    }

    /// Whether `byte` is left out of a name's credential form (``RedactionPolicy/credentialForm(of:)``).
    static func isSeparator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: " "): true
        default: false
        }
    }

    private static func lastSignificantIndex(in name: UnsafeBufferPointer<UInt8>, before end: Int) -> Int? {
        var position = end
        while position > 0 {
            position -= 1
            if !isSeparator(name[position]) { return position }
        }
        return nil
    }

    private static func credentialForm(of name: UnsafeBufferPointer<UInt8>, before end: Int, endsWith word: [UInt8]) -> Bool {
        var position = end
        var matched = word.count
        while matched > 0 {
            guard let index = lastSignificantIndex(in: name, before: position) else { return false }
            position = index
            matched -= 1
            guard CaseInsensitiveName.folded(name[index]) == word[matched] else { return false }
        }
        return true
    }

    /// The JSON field rules for the `message` body of a request with `method` and URL path
    /// `path` (both compared normalised).
    func bodyFields(method: String, path: @autoclosure () -> String, message: RedactionPolicy.Message) -> [BodyField] {
        guard !bodyFields.isEmpty else { return [] }
        let method = Self.uppercased(method)
        // Most requests are not for a rule's method: their path need not be normalised.
        guard bodyFields.contains(where: { $0.message == message && $0.method == method }) else { return [] }
        let path = RequestPath.normalized(path())
        return bodyFields.filter { $0.message == message && $0.method == method && $0.path == path }
    }

    /// `method` upper-cased as a rule's method is; an ASCII method (every token is) without
    /// building a new string when it is upper-case already, as methods are.
    private static func uppercased(_ method: String) -> String {
        let isUppercaseASCII = method.utf8.allSatisfy { $0 < 0x80 && !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
        return isUppercaseASCII ? method : method.uppercased()
    }
}
