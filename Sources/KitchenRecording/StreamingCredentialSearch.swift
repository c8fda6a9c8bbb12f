import HarnessCore

/// The fail-closed check for text that is not JSON: finds a quoted name followed by `:` (what
/// a JSON member looks like, `"password" :`) whose name is a credential's, anywhere in the
/// bytes, without trusting any structure around it.
///
/// A body or message that does not parse cannot have a member's value delimited safely, so
/// finding one means the record is refused rather than written. Every `"` is tried as the
/// start of a name, so a stray quote earlier in the text cannot shift the pairing; names
/// longer than ``maximumNameLength`` bytes are not looked at. The text may arrive in pieces:
/// only the bytes from the first quote whose fate is still open are kept (a name and the
/// whitespace after it); a whole text is one piece.
///
/// ```swift
/// var search = StreamingCredentialSearch()
/// search.feed(piece, lookup: lookup)
/// if let found = search.found { … }   // (name: "password", offset: 1042)
/// StreamingCredentialSearch.first(in: Array(#"{"password": "x",}"#.utf8), lookup: lookup)  // (name: "password", offset: 1)
/// ```
struct StreamingCredentialSearch {
    /// Names longer than this are not credential names (and reading them would make the
    /// search quadratic on text with few quotes).
    static let maximumNameLength = 256
    /// A credential-named name followed by more whitespace than this is taken as found:
    /// holding the whitespace any longer would make the search unbounded.
    static let maximumHeldBytes = 64 * 1024

    /// Bytes from the first unresolved quote on.
    private var carry: [UInt8] = []
    /// Offset in the text of `carry[0]`.
    private var carryOffset = 0
    /// The first credential-named member found: its decoded name and the offset of its quote.
    private(set) var found: (name: String, offset: Int)?

    /// The first credential-named member in `bytes`, a whole text: its decoded name and the
    /// offset of its opening quote.
    static func first(in bytes: [UInt8], lookup: RedactionLookup) -> (name: String, offset: Int)? {
        var search = StreamingCredentialSearch()
        search.feed(bytes, lookup: lookup)
        return search.found
    }

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
        let limit = quote + 1 + Self.maximumNameLength
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
        var name = String(decoding: contents, as: UTF8.self)
        // A name with a broken escape is its bytes: a broken escape must not hide a name either.
        if contents.contains(UInt8(ascii: "\\")), case .string(let decoded)? = try? JSONParser.parse(Array(text[quote...closing])) {
            name = decoded
        }
        guard lookup.credentialKind(named: name) != nil else { return .notAName }
        guard after < text.count else { return atEnd ? .credential(name) : .open }
        return .credential(name)
    }
}
