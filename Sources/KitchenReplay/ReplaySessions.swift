import KitchenRecording

/// The client sessions of one recording, told apart by the secret aliases the recorder left
/// in place of their tokens. Several clients recorded together send identical requests; the
/// session says whose answer is whose.
///
/// A session starts at the entry whose response first hands out an alias (a login answering
/// `{"token": "<token-2>"}`), or at the first request carrying an alias no response handed
/// out (a client that came with its token). Every entry whose request carries one of the
/// session's aliases belongs to it, and so does an alias a response of the session hands out
/// (a refreshed token stays in the session of the token that asked for it).
///
/// ```swift
/// let sessions = ReplaySessions(entries)
/// sessions.session(carriedBy: request) == sessions.session(ofEntry: 7)   // same client
/// ```
struct ReplaySessions: Sendable {
    /// The session of each alias: the index of the entry that started it.
    private var sessionByAlias: [String: Int] = [:]
    /// The session of each entry that has one, by entry index.
    private var sessionByEntry: [Int: Int] = [:]

    /// The sessions of `entries`, read in recorded order.
    init(_ entries: [ReplayEngine.Entry]) {
        for entry in entries {
            var session: Int?
            if let carried = entry.request.credential, RedactionPolicy.isAlias(carried) {
                session = sessionByAlias[carried] ?? entry.index
                sessionByAlias[carried] = session
            }
            for alias in Self.aliases(in: entry.entry.response) {
                if let known = sessionByAlias[alias] {
                    session = session ?? known
                } else {
                    let issuer = session ?? entry.index
                    sessionByAlias[alias] = issuer
                    session = issuer
                }
            }
            if let session { sessionByEntry[entry.index] = session }
        }
    }

    /// The session the entry at `index` belongs to, if any.
    func session(ofEntry index: Int) -> Int? { sessionByEntry[index] }

    /// The session of the alias `request` carries; `nil` when it carries none the recording knows.
    func session(carriedBy request: ReplayRequest) -> Int? {
        request.credential.flatMap { sessionByAlias[$0] }
    }

    /// The aliases a recorded response's text body holds, in order (`<token-1>`…). A base64
    /// body is binary: the recorder aliases secrets in text only.
    static func aliases(in response: HAR.Response) -> [String] {
        guard let text = response.content.text, response.content.encoding == nil else { return [] }
        return aliases(in: text)
    }

    /// Every `<kind-N>` alias in `text`, in order.
    static func aliases(in text: String) -> [String] {
        // An alias is short; a `<` with no `>` soon after opens no alias.
        let longestAlias = 64
        let bytes = text.utf8
        var found: [String] = []
        var index = bytes.startIndex
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            let after = bytes.index(after: open)
            guard let close = bytes[after...].prefix(longestAlias).firstIndex(where: { $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "<") }),
                  bytes[close] == UInt8(ascii: ">") else {
                index = after
                continue
            }
            let candidate = String(text[open...close])
            if RedactionPolicy.isAlias(candidate) { found.append(candidate) }
            index = bytes.index(after: close)
        }
        return found
    }
}
