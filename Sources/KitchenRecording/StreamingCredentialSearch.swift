/// ``LexicalCredentialSearch`` over a text that arrives in pieces: finds the same first
/// credential-named member (`"password" :`) as searching the whole text would, keeping only
/// the bytes from the first quote whose fate is still open (a name of at most 256 bytes and
/// the whitespace after it).
///
/// ```swift
/// var search = StreamingCredentialSearch()
/// search.feed(piece, lookup: lookup)
/// if let found = search.found { … }   // (name: "password", offset: 1042)
/// ```
struct StreamingCredentialSearch {
    /// A credential-named name followed by more whitespace than this is taken as found:
    /// holding the whitespace any longer would make the search unbounded.
    static let maximumHeldBytes = 64 * 1024

    /// Bytes from the first unresolved quote on.
    private var carry: [UInt8] = []
    /// Offset in the text of `carry[0]`.
    private var carryOffset = 0
    /// The first credential-named member found: its decoded name and the offset of its quote.
    private(set) var found: (name: String, offset: Int)?

    /// Takes the next piece of the text.
    mutating func feed(_ piece: some Collection<UInt8>, lookup: RedactionLookup) {
        guard found == nil else { return }
        carry.append(contentsOf: piece)
        var start = 0
        let text = carry
        while let quote = text[start...].firstIndex(of: UInt8(ascii: "\"")) {
            switch resolve(text, quoteAt: quote, lookup: lookup) {
            case .notAName:
                start = quote + 1
            case .credential(let name):
                found = (name, carryOffset + quote)
                carry = []
                return
            case .open:
                if text.count - quote > Self.maximumHeldBytes, case .credential(let name) = resolve(text, quoteAt: quote, lookup: lookup, atEnd: true) {
                    found = (name, carryOffset + quote)
                    carry = []
                    return
                }
                carry = Array(text[quote...])
                carryOffset += quote
                return
            }
        }
        carryOffset += text.count
        carry = []
    }

    private enum Resolution {
        case notAName
        case credential(String)
        /// More bytes are needed to tell.
        case open
    }

    /// What the quote at `quote` starts. With `atEnd`, a credential name followed by nothing
    /// but whitespace counts as found.
    private func resolve(_ text: [UInt8], quoteAt quote: Int, lookup: RedactionLookup, atEnd: Bool = false) -> Resolution {
        var index = quote + 1
        let limit = quote + 1 + LexicalCredentialSearch.maximumNameLength
        var closing: Int?
        while index < min(limit, text.count) {
            switch text[index] {
            case UInt8(ascii: "\""): closing = index
            case UInt8(ascii: "\\"): index += 2; continue
            default: index += 1; continue
            }
            break
        }
        guard let closing else { return limit <= text.count ? .notAName : .open }
        var after = closing + 1
        while after < text.count, [0x20, 0x09, 0x0A, 0x0D].contains(text[after]) { after += 1 }
        // The cheap test first: most quoted text is a value, not a name (and in binary bodies
        // most quote pairs are neither, their bytes not even UTF-8).
        if after < text.count, text[after] != UInt8(ascii: ":") { return .notAName }
        // Without an escape the name is its bytes (what decoding the token would give, and
        // what the whole-text search falls back to for a token that does not decode).
        let contents = text[(quote + 1)..<closing]
        let name = contents.contains(UInt8(ascii: "\\"))
            ? LexicalCredentialSearch.decodedName(Array(text[quote...closing])) : String(decoding: contents, as: UTF8.self)
        guard lookup.credentialKind(named: name) != nil else { return .notAName }
        guard after < text.count else { return atEnd ? .credential(name) : .open }
        return .credential(name)
    }
}
